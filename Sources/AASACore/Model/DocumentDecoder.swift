/// Builds an ``AASADocument`` from parsed JSON and reports what the system would ignore or
/// misread: wrong JSON types (AASA302, AASA309), components that are not objects (AASA308),
/// unknown keys with the key probably meant (AASA310), and `?` objects with non-string values
/// (AASA311). All other document checks run on the model (see ``CodeDoc/check``).
///
/// Rules of spec `aasa-reference.md` §4 applied here: `appIDs` (array) wins over `appID`;
/// `components` (array) wins over `paths`; a non-object component is an empty rule; a `?`
/// object with a non-string value is ignored whole; a value of the wrong type is ignored, so
/// the key counts as absent (and inherits from `defaults`); single-string substitution
/// variables are one-element arrays and values containing `$(` are dropped.
public struct DocumentDecoder {
    public let sourceMap: SourceMap
    public private(set) var diagnostics: [Diagnostic] = []

    /// Services Apple's systems know.
    public static let serviceKeys = ["applinks", "webcredentials", "appclips", "activitycontinuation"]
    static let applinksKeys = ["details", "defaults", "substitutionVariables", "apps"]
    static let detailKeys = ["appIDs", "appID", "components", "paths", "defaults"]
    static let componentKeys = ["/", "?", "#", "exclude", "caseSensitive", "percentEncoded", "comment"]
    static let defaultsKeys = ["caseSensitive", "percentEncoded", "/", "?", "#", "exclude"]
    static let appsServiceKeys = ["apps"]
    /// Keys of any level, used to notice a key put at the wrong level.
    static let everyKey = serviceKeys + applinksKeys + detailKeys + componentKeys

    public init(sourceMap: SourceMap) {
        self.sourceMap = sourceMap
    }

    /// Decodes the root object. Returns `nil` when the root is not an object (AASA206 is the
    /// validator's to report).
    public mutating func decode(_ root: JSONNode) -> AASADocument? {
        guard var members = root.objectMembers else { return nil }
        var doc = AASADocument(root: root)
        // The `applinks` the model holds (the last one), without its rule lists.
        var applinks: (index: Int, node: JSONNode)?
        for (i, member) in members.enumerated() {
            let pointer = JSONPointer.appending("", member.key)
            switch member.key {
            case "applinks":
                var kept = member.value
                doc.applinks = decodeAppLinks(member.value, pointer: pointer, kept: &kept)
                applinks = (i, kept)
            case "webcredentials", "appclips", "activitycontinuation":
                let service = decodeAppsService(member.value, pointer: pointer, name: member.key)
                switch member.key {
                case "webcredentials": doc.webcredentials = service
                case "appclips": doc.appclips = service
                default: doc.activitycontinuation = service
                }
            default:
                unknownKey(member, pointer: pointer, known: Self.serviceKeys, context: "the top level")
            }
        }
        if let applinks {
            members[applinks.index].value = applinks.node
            doc.root = JSONNode(.object(members), offset: root.offset)
        }
        return doc
    }

    /// `node`, a `details` entry, with the rule list its ``DetailEntry/rules`` come from
    /// emptied: the last `components` (or `paths`) array, the one the decoder keeps.
    static func withoutRuleList(_ node: JSONNode, _ rules: RuleSet) -> JSONNode {
        guard let key = rules.keyName, case .object(var members) = node.value,
              let i = members.lastIndex(where: { $0.key == key && $0.value.arrayValue != nil }) else { return node }
        members[i].value.value = .array([])
        return JSONNode(.object(members), offset: node.offset)
    }

    // MARK: Helpers

    func ref(_ node: JSONNode, _ pointer: String) -> SourceRef {
        SourceRef(pointer: pointer, location: sourceMap.location(of: node.offset))
    }

    mutating func report(_ code: DiagnosticCode, _ node: JSONNode, _ pointer: String, _ message: String, hint: String? = nil) {
        diagnostics.append(Diagnostic(code: code, message: message, hint: hint, pointer: pointer,
                                      location: sourceMap.location(of: node.offset)))
    }

    mutating func wrongType(_ code: DiagnosticCode, _ node: JSONNode, _ pointer: String, what: String, expected: String) {
        report(code, node, pointer, "\(what) must be \(expected), found \(article(node.typeName))",
               hint: "The system ignores a value of the wrong type, so this has no effect.")
    }

    func article(_ type: String) -> String {
        type == "array" || type == "object" ? "an \(type)" : "a \(type)"
    }

    mutating func unknownKey(_ member: JSONMember, pointer: String, known: [String], context: String) {
        var hint = "The system ignores keys it does not know."
        if let suggestion = KeySuggestion.nearest(to: member.key, in: known) {
            hint = "Did you mean \"\(suggestion)\"? " + hint
        } else if let elsewhere = KeySuggestion.nearest(to: member.key, in: Self.everyKey) {
            hint = "\"\(elsewhere)\" belongs at another level of the document. " + hint
        }
        diagnostics.append(Diagnostic(code: .aasa310,
                                      message: "unknown key \"\(member.key)\" in \(context)",
                                      hint: hint, pointer: pointer,
                                      location: sourceMap.location(of: member.keyOffset)))
    }

    // MARK: applinks

    /// - Parameter kept: set to `node` without the rule lists of the entries decoded
    ///   (``withoutRuleList(_:_:)``), for ``AASADocument/root``.
    mutating func decodeAppLinks(_ node: JSONNode, pointer: String, kept: inout JSONNode) -> AppLinksService? {
        guard var members = node.objectMembers else {
            wrongType(.aasa302, node, pointer, what: "applinks", expected: "an object")
            return nil
        }
        var service = AppLinksService(ref: ref(node, pointer))
        // Variables first: rules refer to them wherever they are written.
        for member in members {
            let p = JSONPointer.appending(pointer, member.key)
            switch member.key {
            case "details":
                break
            case "defaults":
                service.defaults = decodeRuleKeys(member.value, pointer: p, known: Self.defaultsKeys,
                                                  context: "applinks.defaults", isDefaults: true)
            case "substitutionVariables":
                decodeVariables(member.value, pointer: p, into: &service)
            case "apps":
                if let array = member.value.arrayValue {
                    service.apps = Located(array, ref: ref(member.value, p))
                } else {
                    wrongType(.aasa302, member.value, p, what: "applinks.apps", expected: "an array")
                }
            default:
                unknownKey(member, pointer: p, known: Self.applinksKeys, context: "applinks")
            }
        }
        if let at = members.lastIndex(where: { $0.key == "details" }) {
            let details = members[at]
            let p = JSONPointer.appending(pointer, "details")
            switch details.value.value {
            case .array(var entries):
                service.detailsForm = .array
                for i in entries.indices {
                    if let e = decodeDetail(entries[i], index: i, pointer: JSONPointer.appending(p, i)) {
                        service.details.append(e)
                        entries[i] = e.node
                    }
                }
                members[at].value.value = .array(entries)
            case .object(var entries):
                service.detailsForm = .dictionary
                for i in entries.indices {
                    let ep = JSONPointer.appending(p, entries[i].key)
                    if let e = decodeDictionaryDetail(entries[i], index: i, pointer: ep) {
                        service.details.append(e)
                        entries[i].value = e.node
                    }
                }
                members[at].value.value = .object(entries)
            default:
                wrongType(.aasa302, details.value, p, what: "applinks.details", expected: "an array (or the legacy dictionary)")
            }
            kept = JSONNode(.object(members), offset: node.offset)
        }
        return service
    }

    mutating func decodeVariables(_ node: JSONNode, pointer: String, into service: inout AppLinksService) {
        guard let members = node.objectMembers else {
            wrongType(.aasa302, node, pointer, what: "substitutionVariables", expected: "an object")
            return
        }
        for member in members {
            let p = JSONPointer.appending(pointer, member.key)
            var values: [String] = []
            switch member.value.value {
            case .string(let s):
                values = [s]
            case .array(let elements):
                for (i, e) in elements.enumerated() {
                    if let s = e.stringValue {
                        values.append(s)
                    } else {
                        wrongType(.aasa302, e, JSONPointer.appending(p, i),
                                  what: "a value of the substitution variable \"\(member.key)\"", expected: "a string")
                    }
                }
            default:
                wrongType(.aasa302, member.value, p,
                          what: "the substitution variable \"\(member.key)\"", expected: "an array of strings")
                continue
            }
            // The system drops values that refer to other variables (AASA315 reports them).
            service.substitutionVariables[member.key] = values.filter { !$0.contains("$(") }
            service.variableRefs[member.key] = SourceRef(pointer: p, location: sourceMap.location(of: member.keyOffset))
        }
    }

    // MARK: details

    mutating func decodeDetail(_ node: JSONNode, index: Int, pointer: String) -> DetailEntry? {
        guard let members = node.objectMembers else {
            wrongType(.aasa302, node, pointer, what: "a details entry", expected: "an object")
            return nil
        }
        var entry = DetailEntry(index: index, ref: ref(node, pointer), node: node)
        var appIDs: [Located<String>]?
        var appID: Located<String>?
        var components: [Rule]?
        var paths: [Rule]?
        for member in members {
            let p = JSONPointer.appending(pointer, member.key)
            switch member.key {
            case "appIDs":
                if let array = member.value.arrayValue {
                    appIDs = []
                    for (i, e) in array.enumerated() {
                        let ep = JSONPointer.appending(p, i)
                        if let s = e.stringValue {
                            appIDs!.append(Located(s, ref: ref(e, ep)))
                        } else {
                            wrongType(.aasa302, e, ep, what: "an element of appIDs", expected: "a string")
                        }
                    }
                } else {
                    wrongType(.aasa302, member.value, p, what: "appIDs", expected: "an array of strings")
                }
            case "appID":
                if let s = member.value.stringValue {
                    appID = Located(s, ref: ref(member.value, p))
                } else {
                    wrongType(.aasa302, member.value, p, what: "appID", expected: "a string")
                }
            case "components":
                if let array = member.value.arrayValue {
                    components = array.enumerated().map { i, c in decodeComponent(c, index: i, pointer: JSONPointer.appending(p, i)) }
                } else {
                    wrongType(.aasa302, member.value, p, what: "components", expected: "an array of objects")
                }
            case "paths":
                paths = decodePaths(member.value, pointer: p)
            case "defaults":
                entry.defaults = decodeRuleKeys(member.value, pointer: p, known: Self.defaultsKeys,
                                                context: "the entry's defaults", isDefaults: true)
            default:
                unknownKey(member, pointer: p, known: Self.detailKeys, context: "a details entry")
            }
        }
        if let appIDs {
            entry.appIDs = appIDs
            entry.appIDsSource = "appIDs"
        } else if let appID {
            entry.appIDs = [appID]
            entry.appIDsSource = "appID"
        }
        if let components {
            entry.rules = .components(components)
        } else if let paths {
            entry.rules = .paths(paths)
        }
        entry.node = Self.withoutRuleList(node, entry.rules)
        return entry
    }

    /// The oldest form: `"details": {"ABCDE12345.com.example.app": {"paths": [...]}}`.
    mutating func decodeDictionaryDetail(_ member: JSONMember, index: Int, pointer: String) -> DetailEntry? {
        let node = member.value
        guard let members = node.objectMembers else {
            wrongType(.aasa302, node, pointer, what: "the details value for \"\(member.key)\"", expected: "an object")
            return nil
        }
        var entry = DetailEntry(index: index, ref: ref(node, pointer), node: node)
        entry.appIDs = [Located(member.key, ref: SourceRef(pointer: pointer, location: sourceMap.location(of: member.keyOffset)))]
        entry.appIDsSource = "key"
        for m in members {
            let p = JSONPointer.appending(pointer, m.key)
            if m.key == "paths" {
                if let rules = decodePaths(m.value, pointer: p) { entry.rules = .paths(rules) }
            } else {
                unknownKey(m, pointer: p, known: ["paths"], context: "a legacy details value")
            }
        }
        entry.node = Self.withoutRuleList(node, entry.rules)
        return entry
    }

    mutating func decodePaths(_ node: JSONNode, pointer: String) -> [Rule]? {
        guard let array = node.arrayValue else {
            wrongType(.aasa302, node, pointer, what: "paths", expected: "an array of strings")
            return nil
        }
        var rules: [Rule] = []
        for (i, e) in array.enumerated() {
            let p = JSONPointer.appending(pointer, i)
            guard let s = e.stringValue else {
                wrongType(.aasa302, e, p, what: "an element of paths", expected: "a string")
                continue
            }
            rules.append(Self.legacyPathRule(s, index: i, ref: ref(e, p)))
        }
        return rules
    }

    /// Converts a legacy `paths` string: a leading `NOT ` (any case, one space) makes an exclude
    /// rule that matches case-sensitively (spec §5 step 3).
    public static func legacyPathRule(_ s: String, index: Int, ref: SourceRef) -> Rule {
        var keys = RuleKeys()
        if s.count >= 4, s.prefix(3).uppercased() == "NOT", s.dropFirst(3).first == " " {
            keys.path = String(s.dropFirst(4))
            keys.exclude = true
            keys.caseSensitive = true
        } else {
            keys.path = s
        }
        return Rule(index: index, ref: ref, keys: keys, text: s, isLegacyPath: true)
    }

    // MARK: components and defaults

    mutating func decodeComponent(_ node: JSONNode, index: Int, pointer: String) -> Rule {
        guard node.objectMembers != nil else {
            report(.aasa308, node, pointer,
                   "component \(index) is \(article(node.typeName)), not an object; the system reads it as an empty rule that matches every URL",
                   hint: node.stringValue.map { "Write it as {\"/\": \(JSONNode(.string($0), offset: 0).compactText)}." }
                     ?? "Write each component as an object such as {\"/\": \"/path/*\"}.")
            return Rule(index: index, ref: ref(node, pointer), keys: RuleKeys(), text: node.compactText, isLegacyPath: false)
        }
        let keys = decodeRuleKeys(node, pointer: pointer, known: Self.componentKeys,
                                  context: "a component", isDefaults: false)
        // The rule as written, without its comment (not part of the pattern).
        var shown = node
        shown.value = .object(node.objectMembers!.filter { $0.key != "comment" })
        return Rule(index: index, ref: ref(node, pointer), keys: keys, text: shown.compactText,
                    comment: node["comment"]?.stringValue, isLegacyPath: false)
    }

    mutating func decodeRuleKeys(_ node: JSONNode, pointer: String, known: [String], context: String, isDefaults: Bool) -> RuleKeys {
        guard let members = node.objectMembers else {
            if isDefaults { wrongType(.aasa302, node, pointer, what: context, expected: "an object") }
            return RuleKeys()
        }
        var keys = RuleKeys()
        let code = DiagnosticCode.aasa309
        for member in members {
            let p = JSONPointer.appending(pointer, member.key)
            let v = member.value
            switch member.key {
            case "/", "#":
                if let s = v.stringValue {
                    if member.key == "/" { keys.path = s } else { keys.fragment = s }
                } else {
                    wrongType(code, v, p, what: "\"\(member.key)\"", expected: "a string")
                }
            case "?":
                if let s = v.stringValue {
                    keys.query = .string(s)
                } else if let items = v.objectMembers {
                    let bad = items.filter { $0.value.stringValue == nil }
                    if let first = bad.first {
                        report(.aasa311, first.value, JSONPointer.appending(p, first.key),
                               "the query item \"\(first.key)\" has \(article(first.value.typeName)) value; the system then ignores the whole \"?\" object, so this rule matches any query",
                               hint: "Write every value of the \"?\" object as a string pattern, e.g. \"*\" or \"?*\".")
                    } else {
                        keys.query = .items(items.map { QueryItemPattern(name: $0.key, pattern: $0.value.stringValue!) })
                    }
                } else {
                    wrongType(code, v, p, what: "\"?\"", expected: "a string or an object of strings")
                }
            case "exclude", "caseSensitive", "percentEncoded":
                if let b = v.boolValue {
                    switch member.key {
                    case "exclude": keys.exclude = b
                    case "caseSensitive": keys.caseSensitive = b
                    default: keys.percentEncoded = b
                    }
                } else {
                    wrongType(code, v, p, what: "\"\(member.key)\"", expected: "true or false")
                }
            case "comment" where !isDefaults:
                if v.stringValue == nil { wrongType(code, v, p, what: "\"comment\"", expected: "a string") }
            default:
                unknownKey(member, pointer: p, known: known, context: context)
            }
        }
        return keys
    }

    // MARK: apps services

    mutating func decodeAppsService(_ node: JSONNode, pointer: String, name: String) -> AppsService? {
        guard let members = node.objectMembers else {
            wrongType(.aasa302, node, pointer, what: name, expected: "an object")
            return nil
        }
        var service = AppsService(ref: ref(node, pointer))
        for member in members {
            let p = JSONPointer.appending(pointer, member.key)
            if member.key == "apps" {
                guard let array = member.value.arrayValue else {
                    wrongType(.aasa302, member.value, p, what: "\(name).apps", expected: "an array of app IDs")
                    continue
                }
                service.apps = array.enumerated().compactMap { i, e in
                    e.stringValue.map { Located($0, ref: ref(e, JSONPointer.appending(p, i))) }
                }
            } else {
                unknownKey(member, pointer: p, known: Self.appsServiceKeys, context: name)
            }
        }
        return service
    }
}

/// Finds the known key a misspelt one was probably meant to be.
public enum KeySuggestion {
    /// The key of `known` equal to `key` ignoring case, else the nearest within an edit distance
    /// of 2 (at most a third of the key's length, and less than either key's length); `nil`
    /// when nothing is close.
    public static func nearest(to key: String, in known: [String]) -> String? {
        if let same = known.first(where: { $0.lowercased() == key.lowercased() && $0 != key }) { return same }
        if known.contains(key) { return nil }
        let a = Array(key.lowercased())
        let limit = min(2, max(1, a.count / 3))
        var best: (String, Int)?
        for k in known {
            let d = EditDistance.between(a, Array(k.lowercased()))
            // A suggestion keeps more of the key than it changes: a one-character key (`"%"`,
            // an unpaired surrogate) is not taken for another one-character key.
            if d <= limit, d < min(a.count, k.count), best == nil || d < best!.1 { best = (k, d) }
        }
        return best?.0
    }

}
