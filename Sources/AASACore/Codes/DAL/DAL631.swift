extension CodeDoc {
    /// A dynamic rule that opens a path the manifest does not accept. Reported by AppLinksCrossCheck (`check --apk`).
    static let dal631 = CodeDoc(
        code: .dal631, severity: .warning,
        title: "A dynamic rule opens only paths the manifest's intent filters do not accept for the host",
        why: "Dynamic rules only narrow what the manifest's intent filters already accept; they never add paths (assetlinks-reference.md §3.1: the prediction is manifest match AND dynamic match). A rule for a path the filters refuse never opens the app.",
        fix: "Add the path to the intent filter for the host (path, pathPrefix or pathPattern) and ship the update, or drop the rule.",
        failing: AppLinksCrossCheckExample.make(ManifestSample.manifest([ManifestSample.filter([ManifestSample.data(#"android:scheme="https" android:host="example.com" android:pathPrefix="/shop/""#)])]),
                                                lists: [("example.com", DALSample.list(DALSample.rules([#"{"/": "/cart"}"#], package: "com.example.shop")))]),
        passing: AppLinksCrossCheckExample.make(ManifestSample.manifest([ManifestSample.filter([ManifestSample.data(#"android:scheme="https" android:host="example.com" android:pathPrefix="/shop/""#)])]),
                                                lists: [("example.com", DALSample.list(DALSample.rules([#"{"/": "/shop/cart"}"#], package: "com.example.shop")))]))
}

extension DiagnosticCode {
    /// DAL631: see ``CodeDoc/dal631``.
    public static let dal631 = DiagnosticCode(rawValue: "DAL631")
}
