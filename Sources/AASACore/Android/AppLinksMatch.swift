/// Which of an app's intent filters take a web link, as Android resolves the `ACTION_VIEW`
/// intent a browser sends (category BROWSABLE; the resolver asks for DEFAULT too), and why each
/// other filter does not (spec `assetlinks-reference.md` §4.2).
///
/// A filter takes the link when its activity is enabled and reachable from another app
/// (`android:exported`, which before target SDK 31 defaults to true for an activity with
/// filters), it has action VIEW and categories BROWSABLE and DEFAULT, and
/// ``IntentFilter/matchData(_:relativeGroups:)`` accepts the URL. Whether the link then opens
/// the app without a chooser depends on the host's verification (``AppLinksHosts``); this
/// says only what the manifest accepts.
public struct AppLinksMatch: Sendable, Hashable {
    /// One filter's answer.
    public struct Candidate: Sendable, Hashable {
        public var activity: Int
        public var filter: Int
        /// `nil` when the filter takes the link; else why not.
        public var refusal: String?
    }

    /// The URL as given and as Android parses it.
    public var url: String
    public var uri: AndroidURI
    /// Every filter's answer, in manifest order.
    public var candidates: [Candidate]

    /// The filters that take the link.
    public var accepting: [Candidate] { candidates.filter { $0.refusal == nil } }
    /// Whether any filter takes the link.
    public var matches: Bool { candidates.contains { $0.refusal == nil } }

    /// Resolves `url` against `manifest` on a device of API level `deviceSDK` (groups are read
    /// from 35 on).
    public init(_ url: String, manifest: AndroidManifest, deviceSDK: Int = 35) {
        self.url = url
        let uri = AndroidURI(url)
        self.uri = uri
        var candidates: [Candidate] = []
        for (a, activity) in manifest.activities.enumerated() {
            for (i, filter) in activity.filters.enumerated() {
                candidates.append(Candidate(activity: a, filter: i,
                                            refusal: Self.refusal(filter, activity: activity, manifest: manifest, uri: uri, deviceSDK: deviceSDK)))
            }
        }
        self.candidates = candidates
    }

    static func refusal(_ filter: IntentFilter, activity: ManifestActivity, manifest: AndroidManifest,
                        uri: AndroidURI, deviceSDK: Int) -> String? {
        if !activity.enabled { return "\(activity.label) is disabled (`android:enabled=\"false\"`)" }
        let exported = activity.exported ?? (manifest.sdk.target < 31)
        if !exported { return "\(activity.label) is not exported, so a browser cannot start it" }
        if !filter.hasAction(IntentFilter.actionView) { return "the filter has no action VIEW" }
        if !filter.hasCategory(IntentFilter.categoryBrowsable) { return "the filter has no category BROWSABLE" }
        if !filter.hasCategory(IntentFilter.categoryDefault) { return "the filter has no category DEFAULT" }
        switch filter.matchData(uri, relativeGroups: deviceSDK >= 35) {
        case .match: return nil
        case .noMatchType: return "the filter wants a MIME type (`android:mimeType`), and a link has none"
        case .noMatchData(let reason): return reason
        }
    }
}
