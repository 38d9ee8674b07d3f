extension CodeDoc {
    /// Several apps are verified for every URL of the host. Reported by AssetLinksCrossChecks.
    static let dal319 = CodeDoc(
        code: .dal319, severity: .info,
        title: "Several apps are verified for every URL of the host",
        why: "When several verified apps claim a host, the most recently installed one handles its links (verify-android-applinks): which app opens depends on install order.",
        fix: "Give each app its own paths with dynamic rules, or accept that install order decides.",
        failing: AssetLinksExample.list(DALSample.list(DALSample.app(), DALSample.app(package: "com.shopwave.seller", fingerprints: [DALSample.otherFingerprint]))),
        passing: AssetLinksExample.list(DALSample.good))
}

extension DiagnosticCode {
    /// DAL319: see ``CodeDoc/dal319``.
    public static let dal319 = DiagnosticCode(rawValue: "DAL319")
}
