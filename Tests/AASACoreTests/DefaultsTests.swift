import Testing
@testable import AASACore

/// `defaults` at both levels: what rules inherit (decisions), AASA320 for an inherited
/// `exclude: true`, and match explanations that name the inherited keys and their level.
@Suite struct DefaultsTests {
    static let app = "K7Q2M9XW3P.com.example.app"

    func doc(applinksDefaults: String? = nil, entryDefaults: String? = nil, rules: String) -> String {
        let top = applinksDefaults.map { #""defaults": \#($0), "# } ?? ""
        let entry = entryDefaults.map { #", "defaults": \#($0)"# } ?? ""
        return #"{"applinks": {\#(top)"details": [{"appIDs": ["\#(Self.app)"], "components": \#(rules)\#(entry)}, {"appIDs": ["K7Q2M9XW3P.com.example.other"], "components": [{"/": "/other/*"}]}]}}"#
    }

    func excludeFindings(_ json: String) -> [Diagnostic] { validate(json).diagnostics.filter { $0.code == "AASA320" } }

    @Test func applinksDefaultsExcludeIsReportedWhereItIsWritten() throws {
        let json = doc(applinksDefaults: #"{"exclude": true}"#, rules: #"[{"/": "/admin/*"}, {"/": "/orders/*", "exclude": false}]"#)
        let found = excludeFindings(json)
        try #require(found.count == 1)
        #expect(found[0].severity == .warning)
        #expect(found[0].pointer == "/applinks/defaults/exclude")
        #expect(found[0].location?.column == 39)
        // Both entries inherit it: details[1]'s only rule excludes too, so nothing opens that app.
        #expect(found[0].message == #"applinks.defaults sets "exclude": true, so the 2 rules that do not set exclude themselves (details[0].components[0], details[1].components[0]) exclude: their URLs stay in the browser; no URL opens the app for details[1]"#)
    }

    @Test func entryDefaultsExcludeIsReportedForItsEntryOnly() throws {
        let json = doc(entryDefaults: #"{"exclude": true, "caseSensitive": false}"#, rules: #"[{"/": "/admin/*"}, {"/": "/orders/*"}]"#)
        let found = excludeFindings(json)
        try #require(found.count == 1)
        #expect(found[0].pointer == "/applinks/details/0/defaults/exclude")
        #expect(found[0].message.hasPrefix(#"details[0].defaults sets "exclude": true, so the 2 rules"#))
        #expect(found[0].message.hasSuffix("no URL opens the app for details[0]"))
    }

    @Test func legacyPathsInheritItToo() throws {
        let json = #"{"applinks": {"defaults": {"exclude": true}, "details": [{"appID": "\#(Self.app)", "paths": ["/a/*", "NOT /b/*"]}]}}"#
        let found = excludeFindings(json)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("(details[0].paths[0]) excludes: its URLs stay in the browser") == true)
    }

    /// Neighbours: other keys in defaults, `exclude: false`, and an `exclude: true` no rule
    /// inherits (every rule sets its own, or the entry's defaults override it).
    @Test(arguments: [
        (#"{"caseSensitive": false}"#, nil, #"[{"/": "/a/*"}]"#),
        (#"{"percentEncoded": false, "/": "/app/*"}"#, nil, #"[{"?": {"x": "1"}}]"#),
        (#"{"exclude": false}"#, nil, #"[{"/": "/a/*"}]"#),
        (nil, #"{"exclude": false}"#, #"[{"/": "/a/*"}]"#),
        (#"{"exclude": true}"#, #"{"exclude": false}"#, #"[{"/": "/a/*"}]"#),
        (nil, #"{"exclude": true}"#, #"[{"/": "/a/*", "exclude": false}, {"/": "/b/*", "exclude": true}]"#),
    ] as [(String?, String?, String)])
    func notReported(_ applinks: String?, _ entry: String?, _ rules: String) {
        var json = doc(applinksDefaults: applinks, entryDefaults: entry, rules: rules)
        if applinks == #"{"exclude": true}"# {
            // details[1] has no defaults of its own: give it one that overrides too.
            json = json.replacingOccurrences(of: #"[{"/": "/other/*"}]"#, with: #"[{"/": "/other/*"}], "defaults": {"exclude": false}"#)
        }
        #expect(excludeFindings(json).isEmpty, "\(json)")
    }

    /// Decisions under inherited keys, with the explanation naming each inherited key's level.
    @Test func explanationsNameInheritedKeys() throws {
        let json = doc(applinksDefaults: #"{"exclude": true, "caseSensitive": false}"#, entryDefaults: #"{"percentEncoded": false}"#,
                       rules: #"[{"/": "/admin/*"}, {"/": "/orders/*", "exclude": false}]"#)
        let admin = try decide(MatchCase(json, "https://example.com/ADMIN/x", .exclude, app: Self.app))
        #expect(admin.decision == .exclude)
        #expect(admin.explanation.hasPrefix(#"details[0].components[0] `{"/":"/admin/*"}` excludes (from applinks.defaults: "exclude": true, "caseSensitive": false; from details[0].defaults: "percentEncoded": false):"#),
                "\(admin.explanation)")
        let orders = try decide(MatchCase(json, "https://example.com/Orders/1", .match, app: Self.app))
        #expect(orders.decision == .match)
        #expect(orders.explanation.contains(#"matches (from applinks.defaults: "caseSensitive": false; from details[0].defaults: "percentEncoded": false):"#),
                "\(orders.explanation)")
        // A `/` from defaults is named too; a rule that inherits nothing gets no note.
        let path = doc(entryDefaults: #"{"/": "/app/*"}"#, rules: #"[{"?": {"x": "1"}}]"#)
        let inherited = try decide(MatchCase(path, "https://example.com/app/1?x=1", .match, app: Self.app))
        #expect(inherited.explanation.contains(#"matches (from details[0].defaults: "/": "/app/*"):"#), "\(inherited.explanation)")
        let plain = try decide(MatchCase(doc(rules: #"[{"/": "/a"}]"#), "https://example.com/a", .match, app: Self.app))
        #expect(plain.explanation == #"details[0].components[0] `{"/":"/a"}` matches: `/a` matched the path"#)
    }
}
