extension CodeDoc {
    static let aasa607 = CodeDoc(
        code: .aasa607, severity: .error,
        title: "The app ID is not listed in the domain's file for that service",
        why: """
            The system associates the app with a domain only when the domain's \
            apple-app-site-association file names the app's signed app ID for the service of the \
            entitlement entry: a `details` entry for `applinks`, the `apps` array for \
            `webcredentials`, `appclips` and `activitycontinuation` (Apple: Supporting associated \
            domains; applinks). A wildcard entry is served by the file of its apex. The App ID prefix is compared \
            case-insensitively, the bundle id exactly. `appclips:HOST` belongs in the entitlements of \
            both the full app and its App Clip while `appclips.apps` lists the clip's app ID only, so \
            the full app's entry is satisfied by a clip of that app (same App ID prefix, bundle ID = \
            the app's bundle ID + `.` + more) (Apple: Configuring the App Clip's associated domains).
            """,
        fix: """
            Add the app ID (`<App ID prefix>.<bundle id>`, the prefix the app is signed with) to the \
            domain's file under the service, deploy it, and allow about a day for Apple's CDN.
            """,
        failing: .crossCheck(
            entitlements: associatedDomainsPlist(["applinks:soarstarter.com", "webcredentials:soarstarter.com"]),
            appID: "K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift",
            files: ["soarstarter.com": """
                {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.soarstarter.SoarStarterSwift"],
                  "components": [{"/": "/todos"}]}]}}
                """]),
        passing: .crossCheck(
            entitlements: associatedDomainsPlist(["applinks:soarstarter.com", "webcredentials:soarstarter.com"]),
            appID: "K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift",
            files: ["soarstarter.com": """
                {"applinks": {"details": [{"appIDs": ["K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift"],
                  "components": [{"/": "/todos"}]}]},
                 "webcredentials": {"apps": ["K7TQ3ZP2MX.com.soarstarter.SoarStarterSwift"]}}
                """]))
}

extension DiagnosticCode {
    /// AASA607: see ``CodeDoc/aasa607``.
    public static let aasa607 = DiagnosticCode(rawValue: "AASA607")
}
