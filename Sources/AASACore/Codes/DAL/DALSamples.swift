/// Building blocks of the DAL codes' examples: a real-looking app and statements, so each code
/// file shows only what its example is about.
enum DALSample {
    /// A SHA-256 certificate fingerprint (the compatibility suite's sample certificate).
    static let fingerprint = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    /// Another one (a second signing key).
    static let otherFingerprint = "10:39:38:EE:45:37:E5:9E:8E:E7:92:F6:54:50:4F:B8:34:6F:C6:B3:46:D0:BB:C4:41:5F:C3:39:FC:FC:8E:C1"
    static let package = "com.shopwave.app"
    static let handle = AssetLinksRelation.handleAllURLs
    static let loginCreds = AssetLinksRelation.getLoginCreds

    /// A statement list holding `statements` (JSON object texts), one a line.
    static func list(_ statements: String...) -> String {
        "[\n  " + statements.joined(separator: ",\n  ") + "\n]"
    }

    /// A statement granting `relations` to an app.
    static func app(package: String = package, fingerprints: [String] = [fingerprint], relations: [String] = [handle],
                    extra: String = "") -> String {
        let fps = fingerprints.map { "\"\($0)\"" }.joined(separator: ", ")
        let rels = relations.map { "\"\($0)\"" }.joined(separator: ", ")
        return """
        {
            "relation": [\(rels)],
            "target": {"namespace": "android_app", "package_name": "\(package)",
                       "sha256_cert_fingerprints": [\(fps)]}\(extra)
          }
        """
    }

    /// The App Links statement with dynamic rules (each rule a JSON object text).
    static func rules(_ rules: [String], package: String = package, relations: [String] = [handle]) -> String {
        app(package: package, relations: relations, extra: """
        ,
            "relation_extensions": {"\(handle)": {"dynamic_app_link_components": [
              \(rules.joined(separator: ",\n      "))
            ]}}
        """)
    }

    /// A statement granting `relation` to a site.
    static func web(_ site: String, relation: String = loginCreds) -> String {
        "{\"relation\": [\"\(relation)\"], \"target\": {\"namespace\": \"web\", \"site\": \"\(site)\"}}"
    }

    /// A clean list: one app verified for App Links.
    static let good = list(app())

    /// The good list served by example.com.
    static var goodSite: CodeExample { AssetLinksExample.site(.serving(good)) }

    /// `https://example.com/PATH` answering `body` with 200 and application/json.
    static func file(_ path: String, _ body: String) -> HTTPExample {
        .assetLinks(body, url: "https://example.com\(path)")
    }
}
