/// What ships on Android, as `aasa-check apk` reports it and `check --apk` cross-checks it
/// (spec `assetlinks-reference.md` §4, `cli.md` JSON `apks`): the package, its SDK levels, the
/// signing certificates with the API levels that see each, and the web hosts of its link
/// filters with the paths each accepts. Pure: made from a manifest and, for an `.apk` or
/// `.aab`, its ``APKSignatures``.
public struct AndroidApp: Sendable {
    /// What was read.
    public enum Form: String, Sendable, Hashable {
        /// An `.apk`: its binary manifest and its signatures.
        case apk
        /// An Android App Bundle: its protobuf manifest and its upload key's JAR signature.
        case appBundle = "aab"
        /// An `AndroidManifest.xml` alone (source, binary or protobuf): no certificate.
        case manifest
    }

    /// A certificate of the package.
    public struct Certificate: Sendable, Hashable {
        /// What the certificate is to devices.
        public enum Role: String, Sendable, Hashable {
            /// A signer's own certificate.
            case signer
            /// A past certificate of a v3/v3.1 signer's proof-of-rotation lineage: AOSP's
            /// verifier accepts a statement naming it (§4.5).
            case lineage
            /// An App Bundle's upload key: no device sees it unless it is also the app
            /// signing key (§4.6).
            case upload
        }

        /// Upper-case colon hex SHA-256 of the DER certificate, as `assetlinks.json` names it.
        public var sha256: String
        /// The scheme block that holds it: `v1 (JAR)`, `v2`, `v3`, `v3.1` (``APKSignatureScheme``).
        public var scheme: APKSignatureScheme
        public var role: Role
        /// The API levels the signer is for (`33 and later`, `28–32`).
        public var apiLevels: String
        /// The certificate's subject, RFC 4514-like (`CN=Shop Release, O=Shop, C=US`).
        public var subject: String
        /// Signed with the SDK's debug key (`CN=Android Debug`).
        public var isDebugKey: Bool
    }

    /// What devices over a range of API levels verify, from the app's `minSdk` up.
    public struct DeviceRange: Sendable, Hashable {
        /// `24–27`, `33 and later`.
        public var apiLevels: String
        public var lowestAPILevel: Int
        /// The highest level of the range; `nil` for "and later".
        public var highestAPILevel: Int?
        /// The scheme verified; `nil` when the install fails there (``refusal``).
        public var scheme: APKSignatureScheme?
        /// The signers' own fingerprints: what a statement should name for these devices.
        public var signers: [String]
        /// The fingerprints a statement may name for these devices, newest first: each signer's
        /// own, then its lineage's past ones (AOSP accepts the past ones, §4.5).
        public var fingerprints: [String]
        /// Why Android refuses to install the package on these levels, or `nil`.
        public var refusal: String?

        public init(apiLevels: String, lowestAPILevel: Int, highestAPILevel: Int?, scheme: APKSignatureScheme?, signers: [String],
                    fingerprints: [String], refusal: String?) {
            self.apiLevels = apiLevels
            self.lowestAPILevel = lowestAPILevel
            self.highestAPILevel = highestAPILevel
            self.scheme = scheme
            self.signers = signers
            self.fingerprints = fingerprints
            self.refusal = refusal
        }
    }

    /// One path element of a link filter, as the manifest writes it.
    public struct Path: Sendable, Hashable {
        /// `path`, `pathPrefix`, `pathPattern`, `pathAdvancedPattern`, `pathSuffix`.
        public var attribute: String
        public var value: String

        public init(attribute: String, value: String) {
            self.attribute = attribute
            self.value = value
        }
    }

    /// A web host of the app's link filters (action VIEW, category BROWSABLE, an http or https
    /// scheme).
    public struct Host: Sendable, Hashable {
        /// As the manifest writes it (`*.example.com` included).
        public var host: String
        /// Android asks to verify it (the host collection of the target SDK's rules, §4.1).
        public var autoVerify: Bool
        /// The statement list verification reads for it (the apex for a `*.` host), when verified.
        public var fileURL: String?
        /// The path elements of the filters that name the host, in manifest order, without repeats.
        public var paths: [Path]
        /// A filter naming the host has no path element and no `<uri-relative-filter-group>`:
        /// every path of the host is accepted.
        public var allPaths: Bool
        /// `<uri-relative-filter-group>`s of those filters (API 35).
        public var groups: Int
        /// The line of its first declaration in a source manifest.
        public var line: Int?

        public init(host: String, autoVerify: Bool, fileURL: String?, paths: [Path], allPaths: Bool, groups: Int, line: Int?) {
            self.host = host
            self.autoVerify = autoVerify
            self.fileURL = fileURL
            self.paths = paths
            self.allPaths = allPaths
            self.groups = groups
            self.line = line
        }
    }

    /// The file as named in the report.
    public var file: String
    public var form: Form
    /// The manifest's form: source, binary or protobuf XML.
    public var manifestForm: AndroidXMLDocument.Form
    public var package: String?
    /// `minSdkVersion` as Android reads it (1 when not declared).
    public var minimumSDK: Int
    /// `targetSdkVersion` (the minimum when not declared, as Android reads it; a source
    /// manifest that declares none is judged with ``ManifestLint/assumedTargetSDK``).
    public var targetSDK: Int
    public var minimumDeclared: Bool
    public var targetDeclared: Bool
    /// Every certificate: signers newest scheme first, then lineages; an App Bundle's upload key.
    public var certificates: [Certificate]
    /// What devices from `minSdk` up verify (empty for a manifest alone).
    public var devices: [DeviceRange]
    /// The web hosts of the link filters, in manifest order.
    public var hosts: [Host]
    /// The host collection (which filters take part, and why not).
    public var collection: AppLinksHosts
    /// The web link filters (action VIEW, category BROWSABLE, an http or https scheme) of the
    /// enabled activities, in manifest order: what a URL is matched against (§4.2).
    public var linkFilters: [IntentFilter]
    /// Facts about the signatures for people (a v3.2 block not read, an App Bundle's upload key).
    public var signatureNotes: [String]
    /// How many `<data android:host>` values are a build placeholder or a resource reference
    /// (DAL615): hosts that exist in the app but cannot be judged from this manifest.
    public var unresolvedHosts: Int
    /// Whether an enabled activity's filter holds any value left to the build (a host, scheme,
    /// port or path that is a `${placeholder}` or a resource reference, DAL615).
    public var hasUnresolvedFilterValues: Bool

    /// Whether some range of API levels the app supports refuses to install it.
    public var refusedRanges: [DeviceRange] { devices.filter { $0.refusal != nil } }

    /// The hosts Android verifies.
    public var verifiedHosts: [Host] { hosts.filter(\.autoVerify) }

    /// Summarises `manifest` and, for a package, its signatures.
    /// - Parameters:
    ///   - file: the name the report uses.
    ///   - form: `.manifest` when `signatures` is `nil`.
    ///   - targetSDK: the target SDK when the manifest declares none (a source manifest).
    public init(file: String, form: Form, manifest: AndroidManifest, signatures: APKSignatures?, targetSDK: Int? = nil) {
        self.file = file
        self.form = signatures == nil ? .manifest : form
        manifestForm = manifest.form
        package = manifest.package
        minimumSDK = manifest.sdk.minimum
        minimumDeclared = manifest.sdk.minimumDeclared
        targetDeclared = manifest.sdk.targetDeclared
        var target = manifest.sdk.target
        if !manifest.sdk.targetDeclared {
            target = targetSDK ?? (manifest.form == .source ? ManifestLint.assumedTargetSDK : manifest.sdk.target)
        }
        self.targetSDK = target
        collection = AppLinksHosts(manifest, targetSDK: target, minimumSDK: minimumSDK)
        hosts = Self.hosts(manifest, collection: collection)
        let filters = manifest.activities.filter(\.enabled).flatMap(\.filters)
        linkFilters = filters.filter { $0.handlesWebURIs(onlyWebSchemes: false) }
        unresolvedHosts = filters.flatMap(\.unresolved).filter { $0.attribute == "host" }.count
        hasUnresolvedFilterValues = filters.contains { !$0.unresolved.isEmpty }
        var certificates: [Certificate] = []
        var devices: [DeviceRange] = []
        var notes: [String] = []
        if let signatures {
            let upload = signatures.isUploadSignature
            for signer in signatures.signers {
                let c = signer.certificate
                let entry = Certificate(sha256: c.sha256Fingerprint, scheme: signer.scheme, role: upload ? .upload : .signer,
                                        apiLevels: signer.apiLevelsText, subject: c.subject, isDebugKey: c.isDebugKey)
                if !certificates.contains(entry) { certificates.append(entry) }
            }
            for signer in signatures.signers {
                for node in signer.lineage.dropLast() {
                    let c = node.certificate
                    let entry = Certificate(sha256: c.sha256Fingerprint, scheme: signer.scheme, role: .lineage,
                                            apiLevels: signer.apiLevelsText, subject: c.subject, isDebugKey: c.isDebugKey)
                    if !certificates.contains(where: { $0.sha256 == entry.sha256 && $0.scheme == entry.scheme }) { certificates.append(entry) }
                }
            }
            if !upload {
                devices = signatures.devices(fromAPILevel: max(1, minimumSDK)).map { view in
                    DeviceRange(apiLevels: view.apiLevelsText, lowestAPILevel: view.apiLevels.lowerBound,
                                highestAPILevel: view.apiLevels.upperBound >= Int(Int32.max) ? nil : view.apiLevels.upperBound, scheme: view.scheme,
                                signers: view.signers.map(\.certificate.sha256Fingerprint), fingerprints: view.certificates.map(\.sha256Fingerprint), refusal: view.refusal)
                }
            }
            notes = signatures.notes
        }
        self.certificates = certificates
        self.devices = devices
        signatureNotes = notes
    }

    /// The web hosts of `manifest`'s link filters with their paths.
    static func hosts(_ manifest: AndroidManifest, collection: AppLinksHosts) -> [Host] {
        let verified = Dictionary(collection.hosts.map { ($0.host, $0.fileURL) }, uniquingKeysWith: { a, _ in a })
        var out: [Host] = []
        var index: [String: Int] = [:]
        for activity in manifest.activities where activity.enabled {
            for filter in activity.filters where filter.handlesWebURIs(onlyWebSchemes: false) {
                let paths = filter.paths.map { Path(attribute: $0.kind.pathAttribute, value: $0.pattern) }
                let all = filter.paths.isEmpty && filter.relativeGroups.isEmpty
                for authority in filter.authorities {
                    let name = authority.host
                    if let i = index[name] {
                        for p in paths where !out[i].paths.contains(p) { out[i].paths.append(p) }
                        out[i].allPaths = out[i].allPaths || all
                        out[i].groups += filter.relativeGroups.count
                        continue
                    }
                    index[name] = out.count
                    out.append(Host(host: name, autoVerify: verified[name] != nil, fileURL: verified[name] ?? nil,
                                    paths: paths, allPaths: all, groups: filter.relativeGroups.count, line: authority.line))
                }
            }
        }
        // A verified host of a disabled activity's filter is still collected by Android.
        for h in collection.hosts where index[h.host] == nil {
            index[h.host] = out.count
            out.append(Host(host: h.host, autoVerify: true, fileURL: h.fileURL, paths: [], allPaths: false, groups: 0,
                            line: h.declarations.first?.line))
        }
        return out
    }
}
