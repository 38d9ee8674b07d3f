import AASACore

/// `--platform ios|android|all`, `--android`, `--package NAME`, `--fingerprint SHA256`: which
/// platforms' files `check` judges and the Android app to judge them for (spec `cli.md`,
/// "Document kinds"; issue 23).
///
/// `check DOMAIN` judges Apple's file only unless `--platform android|all`, `--android`
/// (= `all`) or an Android input (`--package`, `--fingerprint`) is given; an Android input
/// without `--platform` means `all`.
public struct AndroidOptions: OptionGroup {
    /// The platforms `--platform` names.
    public enum Platform: String, Sendable, CaseIterable {
        case ios, android, all
    }

    /// `--platform` as given (`--android` is `all`); `nil` when neither was given.
    public var platform: Platform?
    /// `--package`, a Java package name (`com.example.shop`).
    public var packageName: String?
    /// `--fingerprint` (repeatable), each in upper-case colon form: 32 bytes as `AA:BB:…`.
    /// Lower-case hex and hex without colons (as `apksigner` prints it) are accepted and
    /// rewritten.
    public var fingerprints: [String]
    /// `--apk FILE`: an `.apk`, `.aab` or `AndroidManifest.xml` to cross-check with each domain's file.
    public var apk: String?

    public static let platformSpec = OptionSpec("--platform", value: "ios|android|all",
        help: "Which platforms' files to judge: ios (apple-app-site-association, the default), android (assetlinks.json) or all.")
    public static let androidSpec = OptionSpec("--android", help: "Judge Android's assetlinks.json too (= --platform all).")
    public static let packageSpec = OptionSpec("--package", value: "NAME",
        help: "Android app package (com.example.shop): Android's file (assetlinks.json) is judged for it.")
    public static let fingerprintSpec = OptionSpec("--fingerprint", value: "SHA256", repeatable: true,
        help: "SHA-256 signing-certificate fingerprint of the Android app (AA:BB:…, 32 bytes; apksigner's lower-case hex is accepted); repeatable.")

    public static let apkSpec = OptionSpec("--apk", value: "FILE",
        help: "An .apk, .aab or AndroidManifest.xml: its package, certificates and App Links hosts checked against each domain's assetlinks.json; without --platform, both platforms' files are judged (--platform android: Android's only).")

    /// The specs `check` takes.
    public static let specs: [OptionSpec] = [platformSpec, androidSpec, packageSpec, fingerprintSpec, apkSpec]

    /// - Throws: ``UsageError`` for an unknown `--platform`, a package name that is not a Java
    ///   package name, or a fingerprint that is not 32 bytes of hex.
    public init(parsing arguments: ParsedArguments, format: OutputFormat) throws {
        if let p = arguments.value("--platform") {
            guard let platform = Platform(rawValue: p.lowercased()) else {
                throw UsageError("--platform \(SafeText.value(p)): expected ios, android or all")
            }
            if arguments.has("--android") && platform != .all {
                throw UsageError("--android means --platform all; it contradicts --platform \(platform.rawValue)")
            }
            self.platform = platform
        } else if arguments.has("--android") {
            platform = .all
        }
        packageName = try arguments.value("--package").map(Self.packageName)
        fingerprints = try arguments.all("--fingerprint").map(Self.fingerprint)
        apk = arguments.value("--apk")
    }

    /// Whether an Android input was given (`--apk`, `--package`, `--fingerprint`).
    public var hasAndroidInput: Bool { packageName != nil || !fingerprints.isEmpty || apk != nil }

    /// The document kinds `check` judges, Apple's first.
    public var kinds: [any DocumentKind.Type] {
        switch platform ?? (hasAndroidInput ? .all : .ios) {
        case .ios: return [AppleSiteAssociation.self]
        case .android: return [AssetLinksKind.self]
        case .all: return [AppleSiteAssociation.self, AssetLinksKind.self]
        }
    }

    /// `--kind aasa|assetlinks`: a local file's kind, forced (cli.md "Document kinds").
    public static let kindSpec = OptionSpec("--kind", value: "aasa|assetlinks",
        help: "The kind of a local file, when its content does not say: aasa (apple-app-site-association) or assetlinks (assetlinks.json, a JSON array).")

    /// The kinds `validate` and `match` read.
    public static let readableKinds: [any DocumentKind.Type] = [AppleSiteAssociation.self, AssetLinksKind.self]

    /// `validate`'s `--kind`: the webauthn file too.
    public static let validateKindSpec = OptionSpec("--kind", value: "aasa|assetlinks|webauthn",
        help: "The kind of a local file, when its name and content do not say: aasa (apple-app-site-association), assetlinks (assetlinks.json, a JSON array) or webauthn (/.well-known/webauthn, {\"origins\": […]}).")

    /// `--kind`, or `nil` to recognise each file by its content and name; `kinds` are those
    /// the command reads (``readableKinds`` unless said).
    /// - Throws: ``UsageError`` for a kind the command does not read.
    public static func kind(_ arguments: ParsedArguments, kinds: [any DocumentKind.Type] = readableKinds) throws -> (any DocumentKind.Type)? {
        guard let id = arguments.value("--kind") else { return nil }
        guard let kind = kinds.first(where: { $0.id == id.lowercased() }) else {
            throw UsageError("--kind \(SafeText.value(id)): expected " + kinds.map { $0.id }.joined(separator: " or "))
        }
        return kind
    }

    /// A `--package` value, checked.
    /// - Throws: ``UsageError`` when it is not a Java package name.
    public static func packageName(_ text: String) throws -> String {
        guard AndroidPackageName.isJavaPackage(text) else {
            throw UsageError("--package \(SafeText.value(text)): not an Android package name (two or more dot-separated parts, each a letter then letters, digits or _)")
        }
        return text
    }

    /// A `--fingerprint` value in upper-case colon form.
    /// - Throws: ``UsageError`` when it is not 32 bytes of hex.
    public static func fingerprint(_ text: String) throws -> String {
        let trimmed = text.trimmingWhitespace
        if CertificateFingerprint.isValid(trimmed) { return trimmed }
        if let defect = CertificateFingerprint.defect(trimmed), let corrected = defect.corrected { return corrected }
        let reason = CertificateFingerprint.defect(trimmed)?.reason ?? "it is not a SHA-256 fingerprint"
        throw UsageError("--fingerprint \(SafeText.value(text)): \(reason) (expected 32 bytes as AA:BB:…, as keytool -list -v prints the SHA256 line)")
    }
}
