import Foundation

/// Reads a property list, XML or binary, into ``PlistValue`` with Foundation, guarded.
///
/// A binary property list is first walked by ``BinaryPlistGuard`` (shared references that
/// expand beyond its limits, cycles and broken offsets are refused before Foundation reads the
/// bytes). Used for entitlements files, provisioning profiles' content and bundles'
/// `Info.plist`.
public enum PropertyList {
    /// Why a binary plist that passed ``BinaryPlistGuard`` was still refused by Foundation.
    static let binaryRejected =
        "Foundation's binary reader refuses one of its objects (for example a UTF-8 string, a type of later versions of the format)"

    /// Parses `bytes`, which start with `bplist` or are XML text.
    /// - Returns: the value, and for a binary property list the keys its dictionaries hold twice
    ///   (the XML ones are found by ``PlistXMLLocator``, which also gives positions).
    /// - Throws: ``EntitlementsError/malformedPropertyList(_:)`` with Foundation's reason,
    ///   ``EntitlementsError/malformedBinaryPropertyList(_:)``,
    ///   ``EntitlementsError/binaryPropertyListTooLarge(_:)``.
    public static func parse(_ bytes: [UInt8]) throws(EntitlementsError) -> (PlistValue, [PlistDuplicateKey]) {
        let isBinary = bytes.starts(with: Array("bplist".utf8))
        var duplicates: [PlistDuplicateKey] = []
        if isBinary {
            // Before Foundation expands shared references.
            duplicates = try BinaryPlistGuard.check(bytes).duplicateKeys
        }
        let object: Any
        do {
            var format = PropertyListSerialization.PropertyListFormat.xml
            object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
        } catch {
            // For a binary plist that Foundation's binary reader refuses, Foundation reports
            // what its XML parser then says ("Unexpected character b at line 1"): useless.
            throw isBinary ? .malformedBinaryPropertyList(binaryRejected) : .malformedPropertyList(reason(error))
        }
        guard let value = PlistValue(foundation: object) else {
            throw .malformedPropertyList("a value of a type property lists do not have")
        }
        return (value, duplicates)
    }

    /// Foundation's own reason for rejecting a property list.
    private static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let debug = ns.userInfo["NSDebugDescription"] as? String, !debug.isEmpty { return debug }
        return ns.localizedDescription
    }
}
