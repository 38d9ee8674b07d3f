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
        /// The XML entitlements blob of a code signature (magic `0xfade7171`).
        case codeSignatureXML
        /// The DER entitlements blob of a code signature (magic `0xfade7172`), decoded into
        /// the same model.
        case codeSignatureDER
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

    /// Whether these are the entitlements of a code signature (what a built app is signed
    /// with), not a source file or a profile.
    public var isCodeSignature: Bool { container == .codeSignatureXML || container == .codeSignatureDER }

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

        /// Parses the value of `com.apple.developer.associated-domains` (`nil`: absent).
        public static func parse(_ value: PlistValue?) -> AssociatedDomains {
            switch value {
            case nil:
                return .absent
            case .array(let elements)?:
                return .entries(elements.enumerated().map { i, element in
                    if case .string(let s) = element { return .parse(s, index: i) }
                    return .notAString(typeName: element.typeName, index: i)
                })
            case .string(let s)?:
                return .granted(s)
            case let other?:
                return .wrongType(other.typeName)
            }
        }

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
        switch ContainerFormat.detect(Array(bytes.prefix(512))) {
        case .cms:
            container = .signedProfile
            plistBytes = try CMSEnvelope.content(of: bytes)
            switch ContainerFormat.detect(Array(plistBytes.prefix(512))) {
            case .binaryPropertyList, .xmlPropertyList: break
            default:
                throw .malformedProfile("the signed content is not a property list (\(ContainerFormat.describe(plistBytes)))")
            }
        case .truncatedCMS:
            throw .truncatedProfile("the file ends after \(bytes.count) bytes, inside the header of its signature envelope (CMS)")
        case .binaryPropertyList:
            container = .binaryPropertyList
            plistBytes = bytes
        case .xmlPropertyList:
            container = .xmlPropertyList
            plistBytes = bytes
        case .machO, .fat:
            throw .notAPropertyList("a Mach-O executable (starts \(ContainerFormat.hex(bytes))): "
                + "give it to `aasa-check entitlements`, which reads its code signature")
        case .zip:
            throw .notAPropertyList("a zip archive (starts \(ContainerFormat.hex(bytes))): "
                + "give the .ipa to `aasa-check entitlements`, which reads the apps inside")
        case .json, .unknown:
            throw .notAPropertyList(ContainerFormat.describe(bytes))
        }

        let isBinary = plistBytes.starts(with: Array("bplist".utf8))
        let value: PlistValue
        var duplicateKeys: [PlistDuplicateKey]
        do {
            (value, duplicateKeys) = try PropertyList.parse(plistBytes)
        } catch {
            guard container == .signedProfile else { throw error }
            switch error {
            case .malformedBinaryPropertyList(let why) where why != PropertyList.binaryRejected:
                throw .malformedProfile("the signed content is a malformed binary property list: \(why)")
            case .malformedBinaryPropertyList(let why), .malformedPropertyList(let why):
                throw .malformedProfile("the signed content is not a property list: \(why)")
            default:
                throw error
            }
        }
        guard case .dictionary(let root) = value else {
            if container == .signedProfile {
                throw .malformedProfile("the signed property list's top level is \(value.typeName), not a dictionary")
            }
            throw .notADictionary(value.typeName)
        }

        var file = try assemble(root: root, container: container, path: path)

        // XML: one more read, by FoundationXML, for positions and for keys given twice, which
        // Foundation's reader drops silently. Positions only for XML read directly from the file
        // (a profile's plist is inside DER, where lines mean nothing to the reader).
        if !isBinary, let outline = PlistXMLLocator.outline(in: plistBytes, keyPath: file.associatedDomainsKeyPath) {
            duplicateKeys = outline.duplicateKeys
            if container != .xmlPropertyList {
                for i in duplicateKeys.indices { duplicateKeys[i].location = nil }
            } else if case .entries(var entries) = file.associatedDomains, let offsets = outline.arrayElementOffsets,
                      offsets.count == entries.count
            {
                let map = SourceMap(bytes: plistBytes)
                for i in entries.indices { entries[i].location = map.location(of: offsets[i]) }
                file.associatedDomains = .entries(entries)
            }
        }
        file.duplicateKeys = duplicateKeys
        return file
    }

    /// The dictionary keys leading to `com.apple.developer.associated-domains`: under
    /// `Entitlements` in a profile.
    var associatedDomainsKeyPath: [String] {
        profile != nil ? ["Entitlements", associatedDomainsKey] : [associatedDomainsKey]
    }

    /// Builds the file from its property list, already read: splits a profile's fields from
    /// its entitlements and parses the associated domains. Used for the files read here and for
    /// the entitlements of a code signature (XML or DER blob).
    /// - Throws: ``EntitlementsError/malformedProfile(_:)`` for a signed profile without an
    ///   `Entitlements` dictionary.
    public static func assemble(
        root: [String: PlistValue], container: Container, path: String?
    ) throws(EntitlementsError) -> EntitlementsFile {
        var entitlements = root
        var profile: ProvisioningProfile?
        if let nested = root["Entitlements"]?.dictionaryValue,
           container == .signedProfile || ProvisioningProfile.hasProfileKeys(root)
        {
            entitlements = nested
            profile = ProvisioningProfile(root: root, signed: container == .signedProfile)
        } else if container == .signedProfile {
            throw .malformedProfile("the signed property list has no Entitlements dictionary")
        }
        return EntitlementsFile(
            container: container, path: path, root: root, entitlements: entitlements, profile: profile,
            associatedDomains: .parse(entitlements[associatedDomainsKey]))
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

    /// For a wildcard App ID (`PREFIX.*`, `PREFIX.com.example.*`): the text the bundle IDs it
    /// covers start with (`""`, `com.example.`); `nil` for an explicit App ID.
    public var wildcardBundleStem: String? {
        guard let id = applicationIdentifier, id.hasSuffix("*"), let dot = id.firstIndex(of: ".") else { return nil }
        return String(id[id.index(after: dot)...].dropLast())
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
