extension CodeDoc {
    /// minSdk 30 or lower and a host that fails: every App Link breaks on Android 11 and lower. Reported by AppLinksCrossCheck (`check --apk`).
    static let dal630 = CodeDoc(
        code: .dal630, severity: .error,
        title: "minSdk 30 or lower and a host that fails verification: on Android 11 and lower it unverifies every host of the app (name them)",
        why: "Android 12 and later verify each host on its own; on Android 11 and lower the app's hosts are verified together, and one host whose file is missing or wrong leaves all of them unverified, the hosts whose files are right included (assetlinks-reference.md §1.2).",
        fix: "Fix the failing host's assetlinks.json, or take the host out of the autoVerify filters; raising minSdk to 31 removes the all-or-nothing rule.",
        failing: AppLinksCrossCheckExample.make(ManifestSample.manifest([ManifestSample.filter([ManifestSample.data(#"android:scheme="https" android:host="example.com""#),
                                                                                              ManifestSample.data(#"android:host="www.example.com""#)])], minimum: 24),
                                                lists: [("example.com", DALSample.list(DALSample.app(package: "com.example.shop"))), ("www.example.com", "[]")]),
        passing: AppLinksCrossCheckExample.make(ManifestSample.manifest([ManifestSample.filter([ManifestSample.data(#"android:scheme="https" android:host="example.com""#),
                                                                                              ManifestSample.data(#"android:host="www.example.com""#)])], minimum: 24),
                                                lists: [("example.com", DALSample.list(DALSample.app(package: "com.example.shop"))),
                                                        ("www.example.com", DALSample.list(DALSample.app(package: "com.example.shop")))]))
}

extension DiagnosticCode {
    /// DAL630: see ``CodeDoc/dal630``.
    public static let dal630 = DiagnosticCode(rawValue: "DAL630")
}
