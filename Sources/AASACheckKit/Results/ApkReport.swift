import AASACore

/// `apk` (and `check --apk`): one Android package or manifest as read (spec `cli.md` JSON
/// `apks`): the package, `minSdk`/`targetSdk`, the certificates and the App Links hosts with
/// their paths. Made by ``ApkFlow``; every format shows it (``Renderer/apk(_:)``).
public struct ApkReport: Sendable {
    /// The summary (Core).
    public var app: AndroidApp
    /// How the manifest's findings name it (`shop.apk:AndroidManifest.xml`, or the path).
    public var manifestLabel: String
    /// `--fingerprint` was given (`check --apk`, `passkeys --apk`): the certificates judged are
    /// those, whatever the file carries.
    public var fingerprintsGiven = false

    public init(app: AndroidApp, manifestLabel: String) {
        self.app = app
        self.manifestLabel = manifestLabel
    }

    /// `apk`, `aab` or `AndroidManifest.xml (source)`.
    public var kindText: String {
        switch app.form {
        case .apk: return "APK"
        case .appBundle: return "App Bundle"
        case .manifest: return "AndroidManifest.xml (\(app.manifestForm.rawValue))"
        }
    }

    /// `minSdk 24, targetSdk 34` (with `(not declared)` where the manifest says nothing).
    public var sdkText: String {
        "minSdk \(app.minimumSDK)\(app.minimumDeclared ? "" : " (not declared)"), targetSdk \(app.targetSDK)"
            + (app.targetDeclared ? "" : app.manifestForm == .source ? " (not declared; assumed)" : " (not declared)")
    }

    /// One line per certificate: `v3 signer 28 and later SHA-256 AA:… CN=…`.
    public var certificateLines: [String] {
        app.certificates.map { c in
            var role: String
            switch c.role {
            case .signer: role = "signer"
            case .lineage: role = "past signer of the rotation lineage"
            case .upload: role = "upload key"
            }
            if c.isDebugKey { role += ", debug key" }
            return "\(c.scheme) \(role) (declared for API \(c.apiLevels)): \(c.sha256) \(c.subject)"
        }
    }

    /// One line per range of API levels: which scheme and certificates devices there verify.
    public var deviceLines: [String] {
        app.devices.map { d in
            if let refusal = d.refusal { return "API \(d.apiLevels): not installed: \(refusal)" }
            let short = d.fingerprints.map { String($0.prefix(11)) + "…" }.joined(separator: ", ")
            return "API \(d.apiLevels): \(d.scheme.map(\.description) ?? "—") → \(short)"
        }
    }

    /// What the certificates mean for `assetlinks.json`, for people.
    public var certificateNotice: String? {
        switch app.form {
        case .manifest where fingerprintsGiven, .appBundle where fingerprintsGiven:
            return "the files are judged against the certificates given with --fingerprint"
        case .manifest:
            return "a manifest alone carries no certificate: give the .apk (or --fingerprint) to judge fingerprints"
        case .appBundle:
            return "assetlinks.json must list the app signing key's SHA-256 (Play Console → App integrity → App signing); "
                + "give it to check with --fingerprint to judge the files against what Play-installed devices see"
        case .apk:
            return app.certificates.isEmpty ? "the APK is unsigned: Android installs no unsigned APK" : nil
        }
    }

    /// One line per web host: `shop.example.com (autoVerify) pathPrefix /product/, path /cart`.
    public var hostLines: [String] {
        app.hosts.map { h in
            var paths = h.paths.map { "\($0.attribute) \($0.value)" }
            if h.allPaths { paths.insert("every path", at: 0) }
            if h.groups > 0 { paths.append("\(h.groups) uri-relative-filter-group\(h.groups == 1 ? "" : "s")") }
            return "\(h.host) \(h.autoVerify ? "(autoVerify)" : "(not verified)"): " + (paths.isEmpty ? "no path" : paths.joined(separator: ", "))
        }
    }
}
