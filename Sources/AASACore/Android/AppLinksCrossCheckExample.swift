/// The example input of a cross-check code (``CodeExample/custom(_:)``): a source manifest, the
/// certificates devices see, and each host's `assetlinks.json`, judged by
/// ``AppLinksCrossCheck/run(_:lists:)`` as `check --apk` does.
public struct AppLinksCrossCheckExample: KindExample {
    /// The source manifest.
    public var manifest: String
    /// The signers' fingerprints devices see (one range, from `minSdk` up).
    public var signers: [String]
    /// Past certificates of a rotated key (the v3 lineage), accepted beside the signers.
    public var past: [String]
    /// The certificates are an App Bundle's upload key (no device range is known).
    public var upload: Bool
    /// `--fingerprint`: the Play app signing key, given by the user.
    public var given: [String]
    /// Each host's statement list, by the host whose file it is.
    public var lists: [(host: String, json: String)]

    static func make(_ manifest: String, signers: [String] = [DALSample.fingerprint], past: [String] = [], upload: Bool = false,
                            given: [String] = [], lists: [(host: String, json: String)]) -> CodeExample {
        .custom(AppLinksCrossCheckExample(manifest: manifest, signers: signers, past: past, upload: upload, given: given, lists: lists))
    }

    public var displayText: String {
        var out = "# AndroidManifest.xml\n" + manifest + "\n"
        if upload {
            out += "# App Bundle signed with the upload key \(signers.joined(separator: ", "))\n"
        } else {
            out += "# signed with \(signers.joined(separator: ", "))" + (past.isEmpty ? "" : " (rotated from \(past.joined(separator: ", ")))") + "\n"
        }
        if !given.isEmpty { out += "# --fingerprint \(given.joined(separator: " --fingerprint "))\n" }
        for (host, json) in lists { out += "# https://\(host)/.well-known/assetlinks.json\n\(json)\n" }
        return out
    }

    public func run() -> [Diagnostic]? {
        guard let manifest = try? AndroidManifest.read(Array(manifest.utf8)) else { return nil }
        let summary = AndroidApp(file: "app.apk", form: .manifest, manifest: manifest, signatures: nil)
        guard var app = AppLinksCrossCheck.App(summary, fingerprints: given) else { return nil }
        if upload {
            app.uploadFingerprints = signers
        } else if given.isEmpty {
            app.devices = [AndroidApp.DeviceRange(apiLevels: "\(max(1, summary.minimumSDK)) and later", lowestAPILevel: max(1, summary.minimumSDK),
                                                  highestAPILevel: nil, scheme: .v3, signers: signers, fingerprints: signers + past, refusal: nil)]
        }
        var read: [String: AppLinksCrossCheck.SiteList] = [:]
        for (host, json) in lists {
            read[host] = .statements(StatementListParser.parse(Array(json.utf8), url: "https://\(host)/.well-known/assetlinks.json").statements)
        }
        return AppLinksCrossCheck.run(app, lists: read)
    }
}
