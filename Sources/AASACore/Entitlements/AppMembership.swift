/// AASA607 for `check DOMAIN --app-id ID`: is each app ID in an `applinks.details` entry of the
/// domain's file, and in Apple's CDN copy, which devices read (aasa-reference.md §2, §4)?
/// Pure: the caller fetches the files. (With `--entitlements`, ``EntitlementCrossCheck`` checks
/// each entry's own service instead.)
public enum AppMembership {
    /// The findings for `appIDs` against `document`, the origin's file of `domain`.
    /// - Parameters:
    ///   - fileLabel: how findings name the origin file (`example.com/.well-known/…`).
    ///   - cdnCopy: Apple's CDN copy, when fetched and usable: an app the origin lists but the
    ///     copy does not is not associated yet.
    ///   - origin: whether to report app IDs the origin's file does not list (`false` when an
    ///     entitlement entry for the domain already said so: `check --entitlements`).
    /// - Returns: AASA607 per app ID missing from the origin's applinks details (saying under
    ///   which other services it is listed), and per app ID the CDN copy lacks; app IDs compare
    ///   as the system compares them (``AppIdentity/canonical(_:)``).
    public static func check(
        _ appIDs: [String], document: AASADocument, domain: String, fileLabel: String?, cdnCopy: AASADocument? = nil,
        origin: Bool = true
    ) -> [Diagnostic] {
        guard !appIDs.isEmpty else { return [] }
        let key = AppIdentity.canonical
        let listed = Set((document.applinks?.details ?? []).flatMap { $0.appIDs.map { key($0.value) } })
        var found: [Diagnostic] = []
        if let copy = cdnCopy {
            let inCopy = Set((copy.applinks?.details ?? []).flatMap { $0.appIDs.map { key($0.value) } })
            for id in appIDs where listed.contains(key(id)) && !inCopy.contains(key(id)) {
                found.append(Diagnostic(code: .aasa607,
                                        message: "the app ID \(SafeText.escape(id)) is in \(domain)'s file but not in Apple's CDN copy, which is what devices read",
                                        hint: "The CDN fetches the file again within about a day; until then universal links for this app do not work on iOS 14 and later.",
                                        target: domain, source: .cdn))
            }
        }
        guard origin else { return found }
        return found + appIDs.filter { !listed.contains(key($0)) }.map { id in
            let services = ["webcredentials", "appclips", "activitycontinuation"].filter { s in
                document.appsService(s)?.apps?.contains { key($0.value) == key(id) } ?? false
            }
            let also = services.isEmpty ? "" : " (it is listed under \(services.joined(separator: ", ")))"
            return Diagnostic(code: .aasa607,
                              message: "the app ID \(SafeText.escape(id)) is not in any applinks details entry of \(domain)'s file\(also)",
                              hint: "Add it to a details entry's appIDs, deploy the file, and allow about a day for Apple's CDN.",
                              target: domain, source: .origin, file: fileLabel)
        }
    }
}
