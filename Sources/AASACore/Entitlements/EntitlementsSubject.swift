/// One set of entitlements checked: an entitlements file or profile given as it is, or the
/// signed entitlements of one bundle (and slice) of a built app (spec `cli.md`, JSON
/// `entitlements`: one object per file, bundle and slice).
public struct EntitlementsSubject: Sendable {
    /// Where the entitlements were read.
    public struct Source: Sendable, Hashable, CustomStringConvertible {
        /// The input as given (`Shop.ipa`, `App.entitlements`).
        public var file: String
        /// The bundle inside it (`Payload/Shop.app/PlugIns/Share.appex`), `""` when the input
        /// is itself the bundle, `nil` when the input is no bundle.
        public var bundle: String?
        /// The architecture of the slice (`arm64`), `nil` for no executable or a thin one.
        public var arch: String?

        public init(file: String, bundle: String? = nil, arch: String? = nil) {
            self.file = file
            self.bundle = bundle
            self.arch = arch
        }

        /// How messages name it: `Shop.ipa:Payload/Shop.app (arm64)`.
        public var description: String {
            var out = file
            if let bundle, !bundle.isEmpty { out += ":" + bundle }
            if let arch { out += " (\(arch))" }
            return out
        }
    }

    public var source: Source
    /// The entitlements; its `path` is ``Source/description``.
    public var file: EntitlementsFile
    /// The bundle's `embedded.mobileprovision`, when it has one.
    public var profile: EntitlementsFile?
    /// The bundle ID of the bundle (`CFBundleIdentifier`), when known.
    public var bundleID: String?
    /// For a slice whose entitlements are those of an earlier subject of the same executable:
    /// that subject's index in the list. Its findings are not repeated.
    public var sameAs: Int?

    public init(source: Source, file: EntitlementsFile, profile: EntitlementsFile? = nil, bundleID: String? = nil,
                sameAs: Int? = nil) {
        self.source = source
        self.file = file
        self.profile = profile
        self.bundleID = bundleID
        self.sameAs = sameAs
    }
}

/// What reading a built app (an executable, an `.app`, `.ipa` or `.xcarchive`) gives.
public struct BuiltAppReading: Sendable {
    /// One subject per bundle and slice, main app first, nested bundles after their parent.
    public var subjects: [EntitlementsSubject] = []
    /// Findings about the containers themselves: AASA616 (a blob its CodeDirectory does not
    /// seal), AASA617 (slices that disagree), AASA612/AASA619 (a bundle's embedded profile).
    public var diagnostics: [Diagnostic] = []
    /// Parts that could not be read, one message each (exit status 2); the other bundles are
    /// still read.
    public var unreadable: [String] = []

    public init() {}
}
