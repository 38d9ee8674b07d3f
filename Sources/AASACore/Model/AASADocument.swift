/// An `apple-app-site-association` document as Apple's systems read it
/// (spec `aasa-reference.md` §4).
///
/// Built by ``DocumentDecoder`` from a ``JSONNode``. Every element remembers its JSON pointer
/// and its line and column, so findings and match explanations can point into the file.
/// Values of the wrong JSON type are kept out of the model (the system ignores them; the
/// decoder reports them), so the model is exactly what matching uses.
public struct AASADocument: Sendable {
    /// `applinks` — universal links.
    public var applinks: AppLinksService?
    /// `webcredentials` — passwords and passkeys.
    public var webcredentials: AppsService?
    /// `appclips` — App Clips.
    public var appclips: AppsService?
    /// `activitycontinuation` — Handoff.
    public var activitycontinuation: AppsService?
    /// The root object as parsed, except that the rule list of each `details` entry the model
    /// holds (its `components`, or `paths` when those are its rules) is an empty array here:
    /// ``DetailEntry/rules`` holds it decoded, so a file of 190,000 rules does not keep its
    /// JSON tree beside its rules (issue 17).
    public var root: JSONNode

    public init(root: JSONNode) {
        self.root = root
    }

    /// The `apps` service named `service` (`webcredentials`, `appclips`, `activitycontinuation`).
    public func appsService(_ service: String) -> AppsService? {
        switch service {
        case "webcredentials": return webcredentials
        case "appclips": return appclips
        case "activitycontinuation": return activitycontinuation
        default: return nil
        }
    }

    /// Names of the known services present, in the order of the spec.
    public var serviceNames: [String] {
        var names: [String] = []
        if applinks != nil { names.append("applinks") }
        if webcredentials != nil { names.append("webcredentials") }
        if appclips != nil { names.append("appclips") }
        if activitycontinuation != nil { names.append("activitycontinuation") }
        return names
    }
}

/// Where a model element came from in the file.
public struct SourceRef: Sendable, Hashable {
    /// RFC 6901 pointer to the element.
    public var pointer: String
    /// Line and column of the element's first character.
    public var location: SourceLocation

    public init(pointer: String, location: SourceLocation) {
        self.pointer = pointer
        self.location = location
    }
}

/// A string value with its place in the file.
public struct Located<Value: Sendable>: Sendable {
    public var value: Value
    public var ref: SourceRef

    public init(_ value: Value, ref: SourceRef) {
        self.value = value
        self.ref = ref
    }
}

/// `applinks`: `details`, `defaults`, `substitutionVariables` and the legacy `apps`.
public struct AppLinksService: Sendable {
    public var ref: SourceRef
    /// Entries in file order (for the dictionary form, in key order as written).
    public var details: [DetailEntry] = []
    /// How `details` was written.
    public var detailsForm: DetailsForm = .absent
    /// `applinks.defaults`.
    public var defaults = RuleKeys()
    /// `applinks.substitutionVariables`, name → values, after dropping values that contain
    /// `$(` (the system drops them). A single string counts as a one-element array.
    public var substitutionVariables: [String: [String]] = [:]
    /// Where each variable is defined.
    public var variableRefs: [String: SourceRef] = [:]
    /// The legacy `apps` array, when present.
    public var apps: Located<[JSONNode]>?

    public init(ref: SourceRef) {
        self.ref = ref
    }
}

/// The shape `applinks.details` was written in.
public enum DetailsForm: String, Sendable {
    /// An array of entries (current form).
    case array
    /// A dictionary keyed by app ID whose values hold `paths` (oldest form).
    case dictionary
    /// No `details` key, or one of the wrong type.
    case absent
}

/// One `details` entry: the apps it names and the rules they get.
public struct DetailEntry: Sendable {
    /// 0-based index in `details` (position among the keys for the dictionary form).
    public var index: Int
    public var ref: SourceRef
    /// The app IDs the entry names: `appIDs` when it is an array, else `appID`, else (dictionary
    /// form) the key. Non-string elements are left out.
    public var appIDs: [Located<String>] = []
    /// Which key supplied ``appIDs``: `appIDs`, `appID` or `key` (dictionary form), or `nil`.
    public var appIDsSource: String?
    /// The rules the system uses for this entry.
    public var rules: RuleSet = .matchAll
    /// Entry-level `defaults`.
    public var defaults = RuleKeys()
    /// The entry as parsed, for checks that look at what was written; the rule list ``rules``
    /// comes from is an empty array here (see ``AASADocument/root``).
    public var node: JSONNode

    public init(index: Int, ref: SourceRef, node: JSONNode) {
        self.index = index
        self.ref = ref
        self.node = node
    }
}

/// The rule list of a `details` entry (spec §5 step 3).
public enum RuleSet: Sendable {
    /// `components` was an array (possibly empty: matches nothing).
    case components([Rule])
    /// Legacy `paths`, converted to rules (`NOT ` → exclude, case-sensitive).
    case paths([Rule])
    /// Neither `components` nor `paths`: matches every URL.
    case matchAll

    /// The rules, empty for ``matchAll``.
    public var rules: [Rule] {
        switch self {
        case .components(let r), .paths(let r): return r
        case .matchAll: return []
        }
    }

    /// `"components"`, `"paths"` or `nil`.
    public var keyName: String? {
        switch self {
        case .components: return "components"
        case .paths: return "paths"
        case .matchAll: return nil
        }
    }
}

/// The pattern and option keys of a component or of a `defaults` object.
///
/// `nil` means "not written here" (inherit); see ``EffectiveRule``.
public struct RuleKeys: Sendable, Hashable {
    /// `/`: the path pattern, as written.
    public var path: String?
    /// `?`: the query pattern.
    public var query: QueryPattern?
    /// `#`: the fragment pattern, as written.
    public var fragment: String?
    public var exclude: Bool?
    public var caseSensitive: Bool?
    public var percentEncoded: Bool?

    public init(path: String? = nil, query: QueryPattern? = nil, fragment: String? = nil,
                exclude: Bool? = nil, caseSensitive: Bool? = nil, percentEncoded: Bool? = nil) {
        self.path = path
        self.query = query
        self.fragment = fragment
        self.exclude = exclude
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
    }

    /// These keys with every unset one taken from `outer` (a component over its entry's
    /// `defaults`, an entry's `defaults` over `applinks.defaults`).
    public func inheriting(from outer: RuleKeys) -> RuleKeys {
        RuleKeys(path: path ?? outer.path, query: query ?? outer.query, fragment: fragment ?? outer.fragment,
                 exclude: exclude ?? outer.exclude, caseSensitive: caseSensitive ?? outer.caseSensitive,
                 percentEncoded: percentEncoded ?? outer.percentEncoded)
    }

    /// Whether any of `/`, `?`, `#` is set.
    public var hasPatternKey: Bool { path != nil || query != nil || fragment != nil }
}

/// The `?` key: a pattern for the whole query string, or per-item patterns.
public enum QueryPattern: Sendable, Hashable {
    /// Matched against the whole query string (without `?`).
    case string(String)
    /// Item name → pattern, in file order. Only these items are checked.
    case items([QueryItemPattern])
}

/// One `name: pattern` of a `?` object.
public struct QueryItemPattern: Sendable, Hashable {
    public var name: String
    public var pattern: String

    public init(name: String, pattern: String) {
        self.name = name
        self.pattern = pattern
    }
}

/// One rule of an entry: a `components` element or a converted legacy `paths` string.
public struct Rule: Sendable {
    /// 0-based index in `components` or `paths`.
    public var index: Int
    public var ref: SourceRef
    /// The keys written on the rule itself (for a legacy path: `/`, and for `NOT `,
    /// `exclude` and `caseSensitive: true`).
    public var keys: RuleKeys
    /// The rule as written in the file: the `paths` string, or the component in compact JSON.
    public var text: String
    /// `comment`, when it is a string.
    public var comment: String?
    /// Whether this came from legacy `paths`.
    public var isLegacyPath: Bool

    /// Whether the rule came from a `paths` string or an object component; a component of
    /// another JSON type is read as an empty rule, which AASA308 reports.
    public var isWellFormed: Bool { isLegacyPath || text.hasPrefix("{") }

    public init(index: Int, ref: SourceRef, keys: RuleKeys, text: String, comment: String? = nil, isLegacyPath: Bool) {
        self.index = index
        self.ref = ref
        self.keys = keys
        self.text = text
        self.comment = comment
        self.isLegacyPath = isLegacyPath
    }
}

/// `webcredentials`, `appclips`, `activitycontinuation`: `{"apps": [...]}`.
public struct AppsService: Sendable {
    public var ref: SourceRef
    /// String elements of `apps`; `nil` when `apps` is missing or not an array.
    public var apps: [Located<String>]?

    public init(ref: SourceRef, apps: [Located<String>]? = nil) {
        self.ref = ref
        self.apps = apps
    }
}
