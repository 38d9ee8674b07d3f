/// The source entitlements (what Xcode is told to sign, `CODE_SIGN_ENTITLEMENTS`) against the
/// entitlements a build is signed with, entry by entry (AASA623, AASA624). A signed build
/// carries exactly the entries its signing step was given, expanded; an entry the source has
/// and the build lacks is a domain the shipped app does not claim (TN3125 Inside Code
/// Signing: Entitlements). Pure.
public enum SourceAndBuild {
    /// Which of `builds` is the build of `source`: the bundle signed with the same concrete
    /// `application-identifier` when the source names one; else, among the bundles of the same
    /// kind (App Clips for an App Clip's source, the others for any other), the one whose
    /// entries are most like the source's (shared entries over all entries of both), the first
    /// (a built app's main bundle) on a tie, and the first whenever its signature carries no
    /// Associated Domains entitlement at all (what a signing step that dropped the
    /// entitlements leaves: nothing to be like).
    /// - Parameter builds: linted code signatures, a built app's main bundle first.
    /// - Returns: an index into `builds`, or `nil` when `builds` is empty.
    public static func counterpart(of source: EntitlementsReport, among builds: [EntitlementsReport]) -> Int? {
        guard !builds.isEmpty else { return nil }
        if let own = source.file.applicationIdentifier, AppIdentity.isConcrete(own),
           let i = builds.firstIndex(where: { $0.file.applicationIdentifier.map(AppIdentity.canonical) == AppIdentity.canonical(own) })
        {
            return i
        }
        let sameKind = builds.indices.filter { builds[$0].isAppClip == source.isAppClip }
        guard let first = sameKind.first else { return 0 }
        if builds[first].file.associatedDomains == .absent { return first }
        let wanted = Set(source.entries.compactMap(key))
        var best = first
        var bestScore = -1.0
        for i in sameKind {
            let have = Set(builds[i].entries.compactMap(key))
            let union = have.union(wanted).count
            let score = union == 0 ? 0 : Double(have.intersection(wanted).count) / Double(union)
            if score > bestScore {
                best = i
                bestScore = score
            }
        }
        return best
    }

    /// AASA623 for each entry of `source` the build lacks, AASA624 for each entry the build has
    /// that `source` lacks. Entries compare as the system reads them (service, host, wildcard,
    /// port and modes; host case ignored), `source`'s as expanded with the build settings
    /// given; an entry that still holds a build setting is not compared (AASA613 says why).
    /// - Parameters:
    ///   - source: a source entitlements file (not a profile, not a code signature), linted.
    ///   - build: the signed entitlements of a bundle, linted.
    /// - Returns: AASA623 on the source entry (its line), AASA624 on the build's entry, in
    ///   entry order.
    public static func compare(source: EntitlementsReport, build: EntitlementsReport) -> [Diagnostic] {
        guard build.file.associatedDomains != .absent || source.file.associatedDomains != .absent else { return [] }
        let buildName = EntitlementsLinter.shown(build.file.path ?? "the build")
        let sourceName = EntitlementsLinter.shown(source.file.path ?? "the source entitlements")
        let built = Set(build.entries.compactMap(key))
        let written = Set(source.entries.compactMap(key))
        var out: [Diagnostic] = []
        var reported: Set<String> = []
        for entry in source.entries {
            guard let k = key(entry), !built.contains(k), reported.insert(k).inserted else { continue }
            let as_ = entry.unexpanded.map { " (written `\(EntitlementsLinter.shown($0))`)" } ?? ""
            out.append(Diagnostic(
                code: .aasa623,
                message: "`\(EntitlementsLinter.shown(entry.raw))`\(as_) is in \(sourceName) but not in the entitlements "
                    + "\(buildName) is signed with: the shipped app does not claim \(EntitlementsLinter.shown(entry.displayHost)) "
                    + "for \(EntitlementsLinter.shown(entry.serviceName))",
                hint: "sign the build with this entitlements file (CODE_SIGN_ENTITLEMENTS of the target and configuration that "
                    + "built it, or `codesign --entitlements`), or remove the entry if the app no longer claims the domain",
                pointer: (source.file.profile != nil ? "/Entitlements/" : "/") + associatedDomainsKey + "/\(entry.index)",
                location: entry.location, target: build.file.path, source: .entitlements, file: source.file.path))
        }
        reported = []
        for entry in build.entries {
            guard let k = key(entry), !written.contains(k), reported.insert(k).inserted else { continue }
            out.append(Diagnostic(
                code: .aasa624,
                message: "\(buildName) is signed with `\(EntitlementsLinter.shown(entry.raw))`, which \(sourceName) does not "
                    + "list: the build was signed from other entitlements than these",
                hint: "check which entitlements file the target and configuration sign with (CODE_SIGN_ENTITLEMENTS), and keep "
                    + "the source in step with what ships",
                pointer: "/" + associatedDomainsKey + "/\(entry.index)", location: entry.location,
                target: build.file.path, source: .entitlements, file: build.file.path))
        }
        return out
    }

    /// An entry as compared: `nil` for one that still holds a build setting.
    static func key(_ entry: AssociatedDomainEntry) -> String? {
        guard entry.unresolvedVariables.isEmpty else { return nil }
        guard entry.isWellFormed else { return "raw " + entry.raw }
        return entry.serviceName + ":" + entry.displayHost + (entry.modes.isEmpty ? "" : "?mode=\(entry.modes)")
    }
}
