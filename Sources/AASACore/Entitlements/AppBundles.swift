import Foundation

/// Reads the bundles of a built app through a ``FileTree`` (issue 12): an `.app` directory,
/// an `.ipa` (`Payload/*.app`) or an `.xcarchive` (`Products/Applications/*.app`), and inside
/// each app the nested bundles that can claim domains: `PlugIns/*.appex`, `AppClips/*.app`,
/// `Watch/*.app` (and theirs, up to ``maxNesting`` levels).
///
/// For each bundle: `Info.plist` (XML or binary) names the executable (`CFBundleExecutable`)
/// and the bundle ID; the executable's slices give the signed entitlements
/// (``SignedEntitlements``); `embedded.mobileprovision`, when present, is the profile it was
/// signed with, checked for expiry (AASA619) and, when the bundle claims associated domains,
/// for the capability and the app ID (AASA612). A macOS-style bundle (`Contents/Info.plist`,
/// `Contents/MacOS/…`, `embedded.provisionprofile`) is read the same way.
///
/// A bundle that cannot be read is one message in ``BuiltAppReading/unreadable``; the others
/// are still read.
public enum AppBundles {
    /// How the input holds its apps.
    public enum Layout: String, Sendable {
        /// The input is an `.app` directory.
        case app
        /// An `.ipa`: `Payload/*.app`.
        case ipa
        /// An `.xcarchive`: `Products/Applications/*.app`.
        case xcarchive
    }

    /// Most bundles read from one input.
    public static let maxBundles = 64
    /// Deepest nesting of bundles followed (an app, its Watch app, the Watch app's extension).
    public static let maxNesting = 3
    /// Largest `Info.plist` read.
    public static let maxInfoPlistBytes = 1 << 20

    /// The layout of `tree`, or `nil` when it holds no app where one is expected.
    public static func layout(of tree: any FileTree) throws(ContainerError) -> Layout? {
        let root = try tree.contents(of: "") ?? []
        let names = Set(root.map(\.name))
        if names.contains("Info.plist") || names.contains("Contents") { return .app }
        if root.contains(where: { $0.name == "Payload" && $0.isDirectory }) { return .ipa }
        if try tree.contents(of: "Products/Applications") != nil { return .xcarchive }
        return nil
    }

    /// Reads every bundle of `tree`.
    /// - Parameters:
    ///   - file: the input as given, for ``EntitlementsSubject/Source``.
    ///   - digest: the hash function for AASA616.
    ///   - now: the time profiles' expiry is judged against.
    public static func read(
        _ tree: any FileTree, layout: Layout, file: String, digest: SignedEntitlements.Digest, now: Date
    ) -> BuiltAppReading {
        var out = BuiltAppReading()
        var roots: [String] = []
        do {
            switch layout {
            case .app:
                roots = [""]
            case .ipa:
                roots = try apps(in: "Payload", of: tree, suffix: ".app")
                if roots.isEmpty { out.unreadable.append("\(file): the archive has no Payload/*.app: not an .ipa") }
            case .xcarchive:
                roots = try apps(in: "Products/Applications", of: tree, suffix: ".app")
                if roots.isEmpty { out.unreadable.append("\(file): the archive has no Products/Applications/*.app") }
            }
        } catch {
            out.unreadable.append("\(file): \(error)")
        }
        var queue = roots.map { ($0, 0) }
        var seen = 0
        while !queue.isEmpty {
            let (bundle, depth) = queue.removeFirst()
            seen += 1
            guard seen <= maxBundles else {
                out.unreadable.append("\(file): more than \(maxBundles) bundles; the others are not read")
                break
            }
            read(bundle: bundle, tree: tree, file: file, digest: digest, now: now, into: &out)
            guard depth + 1 < maxNesting else { continue }
            var nested: [String] = []
            for (folder, suffix) in [("AppClips", ".app"), ("PlugIns", ".appex"), ("Watch", ".app")] {
                nested += (try? apps(in: join(bundle, folder), of: tree, suffix: suffix)) ?? []
            }
            // Children right after their parent, in name order.
            queue.insert(contentsOf: nested.map { ($0, depth + 1) }, at: 0)
        }
        return out
    }

    /// The bundles directly inside `directory` whose names end with `suffix`.
    static func apps(in directory: String, of tree: any FileTree, suffix: String) throws(ContainerError) -> [String] {
        (try tree.contents(of: directory) ?? []).filter { $0.isDirectory && $0.name.hasSuffix(suffix) }
            .map { join(directory, $0.name) }
    }

    static func join(_ a: String, _ b: String) -> String { a.isEmpty ? b : a + "/" + b }

    private static func read(
        bundle: String, tree: any FileTree, file: String, digest: SignedEntitlements.Digest, now: Date,
        into out: inout BuiltAppReading
    ) {
        let label = EntitlementsSubject.Source(file: file, bundle: bundle).description
        do {
            // iOS bundles are flat; macOS ones keep everything in Contents/.
            let contents = try tree.contents(of: bundle) ?? []
            let macOS = contents.contains { $0.name == "Contents" && $0.isDirectory }
            let base = macOS ? join(bundle, "Contents") : bundle
            let infoBytes = try tree.readAll(join(base, "Info.plist"), limit: maxInfoPlistBytes, what: "Info.plist")
            let info: [String: PlistValue]
            do {
                guard case .dictionary(let d) = try PropertyList.parse(infoBytes).0 else {
                    throw EntitlementsError.notADictionary("not a dictionary")
                }
                info = d
            } catch {
                out.unreadable.append("\(label): its Info.plist cannot be read: \(error)")
                return
            }
            guard let executable = info["CFBundleExecutable"]?.stringValue, !executable.isEmpty,
                  !executable.contains("/")
            else {
                out.unreadable.append("\(label): its Info.plist names no executable (CFBundleExecutable)")
                return
            }
            let bundleID = info["CFBundleIdentifier"]?.stringValue
            let executablePath = macOS ? join(join(base, "MacOS"), executable) : join(base, executable)
            let machO = try MachOFile.read(try tree.open(executablePath))
            var reading = SignedEntitlements.read(machO, file: file, bundle: bundle, bundleID: bundleID, digest: digest)

            // The profile the bundle was signed with.
            let profileName = macOS ? "embedded.provisionprofile" : "embedded.mobileprovision"
            let profilePath = join(base, profileName)
            if (try tree.contents(of: base) ?? []).contains(where: { $0.name == profileName && !$0.isDirectory }) {
                do {
                    let bytes = try tree.readAll(profilePath, limit: EntitlementsFile.maxBytes, what: profileName)
                    let profile = try EntitlementsFile.read(bytes, path: "\(file):\(profilePath)")
                    if profile.profile == nil {
                        out.unreadable.append("\(label): its \(profileName) is not a provisioning profile")
                    } else {
                        for i in reading.subjects.indices { reading.subjects[i].profile = profile }
                        reading.diagnostics += EntitlementsLinter.checkExpiry(profile, now: now)
                        // The capability and the app ID matter for a bundle that claims domains.
                        if let claiming = reading.subjects.first(where: { !$0.file.associatedDomains.entries.isEmpty }) {
                            reading.diagnostics += EntitlementsLinter.checkProfile(
                                profile, appID: claiming.file.applicationIdentifier)
                        }
                    }
                } catch ContainerError.refused(let path, let reason) {
                    // A FIFO or a device in the bundle's place of a profile: not read (AASA116).
                    reading.diagnostics.append(LocalInputRule.finding(path: path, namedBy: label, reason: reason, source: .entitlements))
                } catch {
                    out.unreadable.append("\(label): its \(profileName) cannot be read: \(error)")
                }
            }
            // `sameAs` indices are within this bundle's subjects: make them run-wide.
            let offset = out.subjects.count
            for var subject in reading.subjects {
                subject.sameAs = subject.sameAs.map { $0 + offset }
                out.subjects.append(subject)
            }
            out.diagnostics += reading.diagnostics
            out.unreadable += reading.unreadable
        } catch ContainerError.refused(let path, let reason) {
            out.diagnostics.append(LocalInputRule.finding(path: path, namedBy: label, reason: reason, source: .entitlements))
        } catch {
            out.unreadable.append("\(label): \(error)")
        }
    }
}
