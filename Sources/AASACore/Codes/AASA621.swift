extension CodeDoc {
    static let aasa621 = CodeDoc(
        code: .aasa621, severity: .error,
        title: "A domain checked for the app is not claimed by its entitlement",
        why: """
            The system opens a universal link in an app only when the app's signed Associated \
            Domains entitlement has an `applinks:` entry for the link's host: the host itself, or a \
            `*.` wildcard over one of its parent domains, which does not cover the parent itself \
            (Apple: Supporting associated domains). Each host is its own: \
            `www.example.com` and `example.com` need an entry each, and `webcredentials:` or \
            `appclips:` entries claim nothing for universal links. When `check DOMAIN --entitlements` \
            is given a domain the entitlement does not claim, a correct file on that domain changes \
            nothing: its links always open in the browser. The classic case is the forgotten \
            `www`. A `?mode=developer` entry claims the host for development builds; an entry that \
            holds a build setting not expanded (AASA613) is not judged. When the entitlement claims \
            the host for another service only (`webcredentials:` for passkeys, `appclips:`), the \
            app may use it for that alone: the finding is then a warning.
            """,
        fix: """
            Add `applinks:<host>` to the entitlement (Xcode: Signing & Capabilities, Associated \
            Domains) and sign again, or stop sending universal links to that host.
            """,
        failing: .custom(CheckedDomainsExample(
            entitlements: associatedDomainsPlist(["applinks:soarstarter.com", "webcredentials:soarstarter.com"]),
            appID: "K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift",
            domains: [("soarstarter.com", soarStarterFile), ("www.soarstarter.com", soarStarterFile)])),
        passing: .custom(CheckedDomainsExample(
            entitlements: associatedDomainsPlist(["applinks:soarstarter.com", "applinks:www.soarstarter.com",
                                                  "webcredentials:www.soarstarter.com"]),
            appID: "K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift",
            domains: [("soarstarter.com", soarStarterFile), ("www.soarstarter.com", soarStarterFile)])))

    /// The domain file of the AASA621 examples: the app for applinks and webcredentials.
    private static let soarStarterFile = """
        {"applinks": {"details": [{"appIDs": ["K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift"], "components": [{"/": "/todos/*"}]}]},
         "webcredentials": {"apps": ["K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift"]}}
        """
}

extension DiagnosticCode {
    /// AASA621: see ``CodeDoc/aasa621``.
    public static let aasa621 = DiagnosticCode(rawValue: "AASA621")
}
