/// Building blocks of the WAN codes' examples.
enum WANSample {
    /// A clean file: two related origins, two labels.
    static let good = #"{"origins": ["https://example.co.uk", "https://example.de"]}"#
    static let appID = "ABCDE12345.com.example.app"
    static let package = "com.example.app"
    /// The certificate Play signs with (devices see it).
    static let playKey = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    /// The upload key, the only one the sample file links.
    static let uploadKey = "10:39:38:EE:45:37:E5:9E:8E:E7:92:F6:54:50:4F:B8:34:6F:C6:B3:46:D0:BB:C4:41:5F:C3:39:FC:FC:8E:C1"

    /// A valid file of more than `bytes` bytes (white space after the object).
    static func padded(_ bytes: Int) -> String { good + String(repeating: " ", count: max(0, bytes - good.utf8.count)) }

    /// An `assetlinks.json` granting `relations` to the sample app signed with the
    /// upload key.
    static func statements(_ relations: [String]) -> String {
        let rels = relations.map { "\"\($0)\"" }.joined(separator: ", ")
        return """
        [{"relation": [\(rels)], "target": {"namespace": "android_app", "package_name": "\(package)", "sha256_cert_fingerprints": ["\(uploadKey)"]}}]
        """
    }

    /// The good file with one invalid UTF-8 byte inside a string.
    static let invalidUTF8: [UInt8] = Array(#"{"origins": ["https://exa"#.utf8) + [0xFF] + Array(#"mple.de"]}"#.utf8)

    /// An AASA file whose catch-all opens the sign-in pages, with (`excluding`) or without an
    /// exclude rule for `/oauth/*` before it.
    static func signInAASA(excluding: Bool) -> String {
        let exclude = excluding ? #"{"/": "/oauth/*", "exclude": true}, "# : ""
        return #"{"applinks": {"details": [{"appIDs": [""# + appID + #""], "components": ["# + exclude + #"{"/": "/*"}]}]}}"#
    }

    /// An `assetlinks.json` verifying the sample app for App Links with a dynamic rule `/*`,
    /// with (`excluding`) or without an exclude rule for `/oauth/*` first.
    static func signInAssetLinks(excluding: Bool) -> String {
        let exclude = excluding ? #"{"/": "/oauth/*", "exclude": true}, "# : ""
        return #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": ""# + package
            + #"", "sha256_cert_fingerprints": [""# + playKey + #""]}, "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": ["#
            + exclude + #"{"/": "/*"}]}}}]"#
    }
}
