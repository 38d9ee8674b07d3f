extension CodeDoc {
    /// A path attribute that can never match a URL's path (it does not start with /). Reported by ManifestLint.
    static let dal614 = CodeDoc(
        code: .dal614, severity: .warning,
        title: "A path attribute that can never match a URL's path (it does not start with /)",
        why: "A URL's path (Uri.getPath) is empty or starts with /; path, pathPrefix and pathPattern are compared from its first character, so a value that cannot match a / never matches (Android's documentation: they must start with /).",
        fix: "Start the path with / (write /shop, not shop).",
        failing: ManifestSample.with([ManifestSample.data(#"android:scheme="https" android:host="example.com""#), ManifestSample.data(#"android:pathPrefix="shop""#)]),
        passing: ManifestSample.with([ManifestSample.data(#"android:scheme="https" android:host="example.com""#), ManifestSample.data(#"android:pathPrefix="/shop""#)]))
}

extension DiagnosticCode {
    /// DAL614: see ``CodeDoc/dal614``.
    public static let dal614 = DiagnosticCode(rawValue: "DAL614")
}
