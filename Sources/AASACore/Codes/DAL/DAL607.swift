extension CodeDoc {
    /// android:port on a link filter, or a port without a host (an error when the port is not a number). Reported by ManifestLint.
    static let dal607 = CodeDoc(
        code: .dal607, severity: .warning,
        title: "android:port on a link filter, or a port without a host (an error when the port is not a number)",
        why: "With android:port a URL matches only when it writes that port: a URL without a port has port -1, so port=\"443\" never matches https://example.com/ (IntentFilter.AuthorityEntry.match), while verification always fetches port 443. A port on a <data> without a host is dropped, and a port that is not a number makes the package fail to parse.",
        fix: "Remove android:port from App Links filters.",
        failing: ManifestSample.with([ManifestSample.data(#"android:scheme="https" android:host="example.com" android:port="8443""#)]),
        passing: ManifestSample.good)
}

extension DiagnosticCode {
    /// DAL607: see ``CodeDoc/dal607``.
    public static let dal607 = DiagnosticCode(rawValue: "DAL607")
}
