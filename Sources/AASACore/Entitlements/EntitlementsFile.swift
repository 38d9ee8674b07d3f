import Foundation

/// The key of the Associated Domains entitlement.
public let associatedDomainsKey = "com.apple.developer.associated-domains"

/// An entitlements file or provisioning profile, read from its bytes.
///
/// Accepts (aasa-reference.md §3):
/// - Xcode `.entitlements` and `.xcent` files: an XML or binary property list whose top
///   level is the dictionary of entitlements;
/// - provisioning profiles (`.mobileprovision`, `.provisionprofile`): a CMS-signed envelope
///   (DER/BER) around an XML property list, unwrapped without OpenSSL (``CMSEnvelope``);
/// - the property list of a profile already decoded (`security cms -D`): recognised by its
///   `Entitlements` dictionary and profile keys.
///
/// A binary property list (on its own or inside a profile) is first walked by
/// ``BinaryPlistGuard``: shared references that would expand beyond its limits, cycles and
/// broken offsets are refused before Foundation reads the bytes.
///
/// Pure: no file access. ``path`` is only carried for messages.
public struct EntitlementsFile: Sendable {
    /// How the bytes were packaged.
    public enum Container: String, Sendable, Hashable {
        case xmlPropertyList
        case binaryPropertyList
        /// A CMS-signed provisioning profile.
        case signedProfile
    }

    /// Largest file read, in bytes (profiles are tens of kilobytes).
    public static let maxBytes = 8 << 20

    public var container: Container
    /// The path as given, for messages; `nil` for standard input or examples.
    public var path: String?
    /// The whole property list.
    public var root: [String: PlistValue]
    /// The entitlements: the top level, or a profile's `Entitlements` dictionary.
    public var entitlements: [String: PlistValue]
    /// The profile's own fields, when this is a provisioning profile (signed or decoded).
    public var profile: ProvisioningProfile?
    /// The value of `com.apple.developer.associated-domains`.
    public var associatedDomains: AssociatedDomains
    /// Keys given twice in one dictionary, whose other value the reader dropped (AASA615).
    public var duplicateKeys: [PlistDuplicateKey] = []
    /// The signed `application-identifier` (`com.apple.application-identifier` on macOS),
    /// as written; may hold unresolved build variables in an Xcode source file.
    public var applicationIdentifier: String? {
        entitlements["application-identifier"]?.stringValue
            ?? entitlements["com.apple.application-identifier"]?.stringValue
    }

    /// The Associated Domains entitlement as found in the file.
    public enum AssociatedDomains: Sendable, Hashable {
        /// The key is not there.
        case absent
        /// An array, parsed entry by entry (possibly empty).
        case entries([AssociatedDomainEntry])
        /// A string such as `*`: how a provisioning profile grants the capability for any
        /// domain.
        case granted(String)
        /// Any other type (payload: the type's name).
        case wrongType(String)

        /// The parsed entries; empty unless the value is an array.
        public var entries: [AssociatedDomainEntry] {
            if case .entries(let e) = self { return e }
            return []
        }
    }

    public init(
        container: Container, path: String?, root: [String: PlistValue], entitlements: [String: PlistValue],
        profile: ProvisioningProfile?, associatedDomains: AssociatedDomains
    ) {
        self.container = container
        self.path = path
        self.root = root
        self.entitlements = entitlements
        self.profile = profile
        self.associatedDomains = associatedDomains
    }

    /// Reads an entitlements file or provisioning profile.
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - path: the path as the user gave it, kept for messages.
    /// - Throws: ``EntitlementsError``.
    public static func read(_ data: Data, path: String? = nil) throws(EntitlementsError) -> EntitlementsFile {
        try read([UInt8](data), path: path)
    }

    /// Reads an entitlements file or provisioning profile. See ``read(_:path:)-(Data,_)``.
    public static func read(_ bytes: [UInt8], path: String? = nil) throws(EntitlementsError) -> EntitlementsFile {
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count <= maxBytes else { throw .tooLarge(bytes: bytes.count, limit: maxBytes) }

        let container: Container
        let plistBytes: [UInt8]
        if CMSEnvelope.looksLikeCMS(bytes) {
            container = .signedProfile
            plistBytes = try CMSEnvelope.content(of: bytes)
            guard plistBytes.starts(with: Array("bplist".utf8)) || looksLikeXML(plistBytes) else {
                throw .malformedProfile("the signed content is not a property list (\(describe(plistBytes)))")
            }
        } else if looksLikeCMSPrefix(bytes) {
            throw .truncatedProfile("the file ends after \(bytes.count) bytes, inside the header of its signature envelope (CMS)")
        } else if bytes.starts(with: Array("bplist".utf8)) {
            container = .binaryPropertyList
            plistBytes = bytes
        } else if looksLikeXML(bytes) {
            container = .xmlPropertyList
            plistBytes = bytes
        } else {
            throw .notAPropertyList(describe(bytes))
        }

        let isBinary = plistBytes.starts(with: Array("bplist".utf8))
        var duplicateKeys: [PlistDuplicateKey] = []
        if isBinary {
            // Before Foundation expands shared references (see BinaryPlistGuard).
            do {
                duplicateKeys = try BinaryPlistGuard.check(plistBytes).duplicateKeys
            } catch .malformedBinaryPropertyList(let why) where container == .signedProfile {
                throw .malformedProfile("the signed content is a malformed binary property list: \(why)")
            }
        }
        let object: Any
        do {
            var format = PropertyListSerialization.PropertyListFormat.xml
            object = try PropertyListSerialization.propertyList(
                from: Data(plistBytes), options: [], format: &format)
        } catch {
            // For a binary plist that Foundation's binary reader refuses, Foundation reports
            // what its XML parser then says ("Unexpected character b at line 1"): useless.
            let reason = isBinary ? Self.binaryRejected : parserReason(error)
            if container == .signedProfile {
                throw .malformedProfile("the signed content is not a property list: \(reason)")
            }
            throw isBinary ? .malformedBinaryPropertyList(reason) : .malformedPropertyList(reason)
        }
        guard let value = PlistValue(foundation: object) else {
            throw .malformedPropertyList("a value of a type property lists do not have")
        }
        guard case .dictionary(let root) = value else {
            if container == .signedProfile {
                throw .malformedProfile("the signed property list's top level is \(value.typeName), not a dictionary")
            }
            throw .notADictionary(value.typeName)
        }

        var entitlements = root
        var profile: ProvisioningProfile?
        var keyPath = [associatedDomainsKey]
        if let nested = root["Entitlements"]?.dictionaryValue,
           container == .signedProfile || ProvisioningProfile.hasProfileKeys(root)
        {
            entitlements = nested
            profile = ProvisioningProfile(root: root, signed: container == .signedProfile)
            keyPath = ["Entitlements", associatedDomainsKey]
        } else if container == .signedProfile {
            throw .malformedProfile("the signed property list has no Entitlements dictionary")
        }

        // XML: one more read, by FoundationXML, for positions and for keys given twice, which
        // Foundation's reader drops silently. Positions only for XML read directly from the file
        // (a profile's plist is inside DER, where lines mean nothing to the reader).
        var outline: PlistXMLLocator.Outline?
        if !isBinary {
            outline = PlistXMLLocator.outline(in: plistBytes, keyPath: keyPath)
            duplicateKeys = outline?.duplicateKeys ?? []
            if container != .xmlPropertyList {
                for i in duplicateKeys.indices { duplicateKeys[i].location = nil }
            }
        }

        var domains: AssociatedDomains
        switch entitlements[associatedDomainsKey] {
        case nil:
            domains = .absent
        case .array(let elements)?:
            var entries: [AssociatedDomainEntry] = []
            for (i, element) in elements.enumerated() {
                if case .string(let s) = element {
                    entries.append(.parse(s, index: i))
                } else {
                    entries.append(.notAString(typeName: element.typeName, index: i))
                }
            }
            if container == .xmlPropertyList,
               let offsets = outline?.arrayElementOffsets,
               offsets.count == entries.count
            {
                let map = SourceMap(bytes: plistBytes)
                for i in entries.indices { entries[i].location = map.location(of: offsets[i]) }
            }
            domains = .entries(entries)
        case .string(let s)?:
            domains = .granted(s)
        case let other?:
            domains = .wrongType(other.typeName)
        }
        var file = EntitlementsFile(
            container: container, path: path, root: root, entitlements: entitlements, profile: profile,
            associatedDomains: domains)
        file.duplicateKeys = duplicateKeys
        return file
    }

    /// Why a binary plist that passed ``BinaryPlistGuard`` was still refused by Foundation.
    static let binaryRejected =
        "Foundation's binary reader refuses one of its objects (for example a UTF-8 string, a type of later versions of the format)"

    /// A DER SEQUENCE header too short to hold the CMS content type: a profile cut short.
    private static func looksLikeCMSPrefix(_ bytes: [UInt8]) -> Bool {
        guard bytes.count < 2 + 4 + 2 + CMSEnvelope.signedDataOID.count, bytes[0] == 0x30 else { return false }
        if bytes.count == 1 { return true }
        return bytes[1] == 0x80 || (0x81...0x84).contains(bytes[1])
    }

    private static func looksLikeXML(_ bytes: [UInt8]) -> Bool {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        // UTF-16 with a byte order mark: Foundation reads it; let it try.
        if body.starts(with: [0xFE, 0xFF]) || body.starts(with: [0xFF, 0xFE]) { return true }
        let first = body.first(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) })
        return first == UInt8(ascii: "<")
    }

    /// What unrecognised bytes look like, for the error message.
    private static func describe(_ bytes: [UInt8]) -> String {
        let head = Hex.bytes(bytes.prefix(8))
        let sample = bytes.prefix(512)
        let noControls = sample.allSatisfy { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || ($0 >= 0x20 && $0 != 0x7F) }
        // Valid UTF-8, allowing the 512-byte sample to end inside a character.
        let textual = noControls
            && (0...3).contains { String(validating: sample.dropLast($0), as: UTF8.self) != nil }
        if bytes.starts(with: [0x7F, 0x45, 0x4C, 0x46]) { return "an ELF binary (starts \(head))" }
        if bytes.starts(with: [0xCF, 0xFA, 0xED, 0xFE]) || bytes.starts(with: [0xCA, 0xFE, 0xBA, 0xBE]) {
            return "a Mach-O binary (starts \(head)); extract its entitlements with `codesign -d --entitlements -`"
        }
        if textual, let first = sample.first(where: { $0 > 0x20 }) {
            if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
                return "text that starts with `\(Character(Unicode.Scalar(first)))` (JSON?), not `<` or `bplist`"
            }
            return "text that does not start with `<` (XML) or `bplist` (binary)"
        }
        return "binary data that starts \(head)"
    }

    /// Foundation's own reason for rejecting a property list.
    private static func parserReason(_ error: Error) -> String {
        let ns = error as NSError
        if let debug = ns.userInfo["NSDebugDescription"] as? String, !debug.isEmpty { return debug }
        return ns.localizedDescription
    }
}

/// The fields of a provisioning profile that decide app identity and capabilities.
public struct ProvisioningProfile: Sendable, Hashable {
    /// `Name`.
    public var name: String?
    /// `UUID`.
    public var uuid: String?
    /// `TeamIdentifier`: the Team IDs.
    public var teamIdentifiers: [String]
    /// `ApplicationIdentifierPrefix`: the App ID prefixes (usually the Team ID).
    public var appIDPrefixes: [String]
    /// `Entitlements.application-identifier`: `<App ID prefix>.<bundle id>`, where the bundle
    /// id may be `*` (wildcard profile).
    public var applicationIdentifier: String?
    /// `Entitlements.get-task-allow`: `true` for development profiles.
    public var getTaskAllow: Bool?
    /// `ExpirationDate`.
    public var expirationDate: Date?
    /// Number of `ProvisionedDevices`, when the key is present (development and ad hoc).
    public var provisionedDeviceCount: Int?
    /// `ProvisionsAllDevices` (enterprise).
    public var provisionsAllDevices: Bool
    /// The value of `Entitlements.com.apple.developer.associated-domains`: the capability.
    public var associatedDomainsGrant: PlistValue?
    /// Whether the profile came in its CMS envelope.
    public var isSigned: Bool

    /// Whether the profile grants the Associated Domains capability: the key is `*` or a
    /// non-empty array.
    public var grantsAssociatedDomains: Bool {
        switch associatedDomainsGrant {
        case .string(let s)?: return !s.isEmpty
        case .array(let a)?: return !a.isEmpty
        default: return false
        }
    }

    /// The App ID prefix of `application-identifier`, else the first
    /// `ApplicationIdentifierPrefix`.
    public var appIDPrefix: String? {
        if let id = applicationIdentifier, let dot = id.firstIndex(of: "."), dot != id.startIndex {
            return String(id[..<dot])
        }
        return appIDPrefixes.first
    }

    /// The bundle id of `application-identifier`, or `nil` when absent or `*` (wildcard).
    public var bundleID: String? {
        guard let id = applicationIdentifier, let dot = id.firstIndex(of: ".") else { return nil }
        let bundle = String(id[id.index(after: dot)...])
        return bundle.isEmpty || bundle.hasSuffix("*") ? nil : bundle
    }

    init(root: [String: PlistValue], signed: Bool) {
        let ent = root["Entitlements"]?.dictionaryValue ?? [:]
        name = root["Name"]?.stringValue
        uuid = root["UUID"]?.stringValue
        teamIdentifiers = root["TeamIdentifier"]?.arrayValue?.compactMap(\.stringValue) ?? []
        appIDPrefixes = root["ApplicationIdentifierPrefix"]?.arrayValue?.compactMap(\.stringValue) ?? []
        applicationIdentifier = ent["application-identifier"]?.stringValue
            ?? ent["com.apple.application-identifier"]?.stringValue
        getTaskAllow = ent["get-task-allow"]?.boolValue ?? ent["com.apple.security.get-task-allow"]?.boolValue
        if case .date(let d)? = root["ExpirationDate"] { expirationDate = d }
        provisionedDeviceCount = root["ProvisionedDevices"]?.arrayValue?.count
        provisionsAllDevices = root["ProvisionsAllDevices"]?.boolValue ?? false
        associatedDomainsGrant = ent[associatedDomainsKey]
        isSigned = signed
    }

    /// A date as messages show it: `2024-05-01 12:00 UTC`.
    public static func format(_ date: Date) -> String {
        let c = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date)
        func two(_ n: Int?) -> String { let v = n ?? 0; return v < 10 ? "0\(v)" : "\(v)" }
        return "\(c.year ?? 0)-\(two(c.month))-\(two(c.day)) \(two(c.hour)):\(two(c.minute)) UTC"
    }

    /// A decoded profile's top level: `Entitlements` plus at least one profile key.
    static func hasProfileKeys(_ root: [String: PlistValue]) -> Bool {
        ["ApplicationIdentifierPrefix", "TeamIdentifier", "UUID", "ProvisionedDevices", "DeveloperCertificates"]
            .contains { root[$0] != nil }
    }
}
