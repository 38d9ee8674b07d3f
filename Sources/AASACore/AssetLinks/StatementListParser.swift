/// Reads one `assetlinks.json` statement list as Google reads it (spec
/// `assetlinks-reference.md` §2, the compatibility suite's 2000 groups), with every finding
/// placed by line, column and JSON pointer. Pure.
///
/// Order of work: over ``maxBytes`` ⇒ DAL106, void; over 131,072 bytes ⇒ DAL107; strict JSON
/// (``StrictJSONParser``, its AASA2nn findings rebased to DAL2nn; any error voids the file,
/// `comptest2006`–`2008`); the top level must be an array (DAL206, `comptest2007`, `2009`,
/// `2010`); `[]` ⇒ DAL301 (`comptest2002`). Then each element: an include (DAL309 when it also
/// has `relation` or `target`, `comptest2004`, or a URL Google refuses, `5010`, `5011`), or a
/// statement whose relations (DAL303), target (DAL304–DAL308) are checked as the suite does;
/// a defective element is skipped with an error while the others are used (`comptest2003`,
/// smoketests07). Findings beyond Google's: unknown keys (DAL310), `ios_app` (DAL311),
/// `relation: []` (DAL312), placeholders (DAL314), the Java package grammar (DAL315), kinds and
/// custom relations (DAL316, DAL317), `http` sites (DAL318), and the dynamic rules of §3
/// (DAL401–DAL412). Time and memory linear in the input (the rule analysis has its own budget).
public enum StatementListParser {
    /// Largest statement list read, in decoded bytes (AOSP's limit, `StatementRetriever.kt`;
    /// policy for Google, whose limit is unpublished).
    public static let maxBytes = 1_048_576
    /// Size above which a list is unusually large (warning DAL107).
    public static let largeBytes = 131_072

    static let statementKeys = ["relation", "target", "relation_extensions"]
    static let webKeys = ["namespace", "site"]
    static let appKeys = ["namespace", "package_name", "sha256_cert_fingerprints"]
    static let ruleKeys = ["/", "#", "?", "exclude", "comments"]

    /// Whether `bytes` may hold an `include` statement: false only when they contain neither
    /// `include` nor a `\u` escape (a key can be written only so), so that a file without one
    /// need not be parsed to learn that it names no other file. One pass over the bytes: it runs
    /// for every file fetched, on the thread that drives the transfers (the standard library's
    /// generic `Collection.contains(_:)` of a sequence took 8% of a 1,000-domain
    /// `--platform all` run, scripts/bench-apk.sh).
    public static func mayInclude(_ bytes: [UInt8]) -> Bool {
        let include = Array("include".utf8)
        return bytes.withUnsafeBufferPointer { b in
            var i = 0
            while i < b.count {
                switch b[i] {
                case UInt8(ascii: "\\"):
                    if i + 1 < b.count, b[i + 1] == UInt8(ascii: "u") { return true }
                case UInt8(ascii: "i"):
                    if b.count - i >= include.count, include.indices.allSatisfy({ b[i + $0] == include[$0] }) { return true }
                default:
                    break
                }
                i += 1
            }
            return false
        }
    }

    /// - Parameters:
    ///   - bytes: the file as served (decoded of any content coding) or read.
    ///   - url: the file's URL (its statements' ``StatementPlace/file``), or a local name.
    ///   - depth: 0 for the main file, n for a file n includes deep.
    ///   - fileLabel: what the findings carry in ``Diagnostic/file`` (`nil` for the main file,
    ///     which renderers name by the target).
    ///   - totalSize: the full size when `bytes` is only the first part of a larger input.
    public static func parse(_ bytes: [UInt8], url: String, depth: Int = 0, fileLabel: String? = nil,
                             totalSize: Int? = nil) -> StatementListFile {
        let size = max(totalSize ?? bytes.count, bytes.count)
        guard size <= maxBytes else {
            let d = Diagnostic(code: .dal106, message: "the statement list is \(size) bytes, over \(maxBytes) (1 MiB); it is not read",
                               hint: "Split it with include statements or remove what no app needs; Android's reference verifier reads at most 1 MiB and Google's limit is unpublished.",
                               file: fileLabel, dalErrorCode: DALErrorCode.tooLarge.rawValue)
            return StatementListFile(url: url, depth: depth, elements: [], diagnostics: [d], isVoid: true, elementCount: 0)
        }
        let parsed = StrictJSONParser().parse(bytes)
        var sink = FindingSink(map: parsed.sourceMap, file: fileLabel)
        if size > largeBytes {
            sink.add(.dal107, at: nil, pointer: nil,
                     "the statement list is \(size) bytes, unusually large (over \(largeBytes)); the limit Google applies is unpublished",
                     hint: "Keep the file small: one statement per app and relation, fingerprints for every signing key, nothing else.")
        }
        var syntaxError = false
        for d in rebasedSyntaxFindings(parsed.diagnostics) {
            if d.severity == .error { syntaxError = true }
            sink.append(d)
        }
        func void() -> StatementListFile {
            StatementListFile(url: url, depth: depth, elements: [], diagnostics: sink.finish(), isVoid: true, elementCount: 0)
        }
        guard let root = parsed.root, !syntaxError else { return void() }
        guard let array = root.arrayValue else {
            let message = root.typeName == "object"
                ? "the top level is an object, expected a single array of statements"
                : "the top level is \(article(root.typeName)), not an array of statements (Google calls a top level that is neither an object nor an array not valid JSON)"
            sink.add(.dal206, at: root.offset, pointer: "", message,
                     hint: "Write the file as one JSON array: [{\"relation\": [...], \"target\": {...}}].",
                     google: .malformedContent)
            return void()
        }
        if array.isEmpty {
            sink.add(.dal301, at: root.offset, pointer: "",
                     "the statement list is empty ([]): Google finds no statements (\"No statements were found\"), so no app or site is linked",
                     hint: "Add the statements, e.g. {\"relation\": [\"delegate_permission/common.handle_all_urls\"], \"target\": {\"namespace\": \"android_app\", \"package_name\": \"…\", \"sha256_cert_fingerprints\": [\"…\"]}}.")
        }
        var reader = ElementReader(url: url, depth: depth, sink: sink)
        var elements: [StatementListElement] = []
        for (i, node) in array.enumerated() {
            if let element = reader.element(node, pointer: "/\(i)") { elements.append(element) }
        }
        return StatementListFile(url: url, depth: depth, elements: elements, diagnostics: reader.sink.finish(),
                                 isVoid: false, elementCount: array.count)
    }

    /// The strict reader's findings under the DAL codes, with hints for this kind of file and
    /// Google's error code on the errors (`ERROR_CODE_MALFORMED_CONTENT`).
    static func rebasedSyntaxFindings(_ findings: [Diagnostic]) -> [Diagnostic] {
        findings.rebased(to: "DAL").map { d in
            var d = d
            if d.severity == .error { d.dalErrorCode = DALErrorCode.malformedContent.rawValue }
            if d.code == .dal202 {
                d.hint = "Save the file as UTF-8 without a byte order mark; strict JSON readers refuse it."
            } else if let hint = d.hint, hint.contains("Only one JSON object") {
                d.hint = "The file must be one JSON array of statements, and nothing after it."
            }
            return d
        }
    }

    static func article(_ type: String) -> String {
        type == "object" || type == "array" ? "an \(type)" : "a \(type)"
    }

    /// The members of an object, each key once (its last value, as readers resolve duplicates,
    /// which DAL204 reports), in the order of those last occurrences.
    static func uniqueMembers(_ members: [JSONMember]) -> [JSONMember] {
        var last: [String: Int] = [:]
        for (i, m) in members.enumerated() { last[m.key] = i }
        guard last.count != members.count else { return members }
        return members.enumerated().filter { last[$0.element.key] == $0.offset }.map(\.element)
    }

    /// The known key `key` probably means, for unknown-key messages.
    static func suggestion(_ key: String, among known: [String]) -> String? {
        let lower = key.lowercased()
        var best: (String, Int)?
        for k in known {
            let d = lower == k.lowercased() ? 0 : EditDistance.between(Array(lower), Array(k.lowercased()))
            if d <= 2 && d < (best?.1 ?? Int.max) { best = (k, d) }
        }
        return best?.0
    }
}

/// Reads the elements of one file.
struct ElementReader {
    let url: String
    let depth: Int
    var sink: FindingSink
    /// The rule analysis's work for the whole file (``DynamicRuleAnalysis/workPerFile``).
    var analysisBudget = SearchBudget(states: DynamicRuleAnalysis.workPerFile)

    init(url: String, depth: Int, sink: FindingSink) {
        self.url = url
        self.depth = depth
        self.sink = sink
    }

    static let skipped = "; the statement is skipped (the others still count)"

    mutating func element(_ node: JSONNode, pointer: String) -> StatementListElement? {
        guard let members = node.objectMembers else {
            sink.add(.dal302, at: node.offset, pointer: pointer,
                     "this element is \(StatementListParser.article(node.typeName)), not a statement object" + ElementReader.skipped,
                     hint: "Each element of the list is an object with \"relation\" and \"target\", or with \"include\".",
                     google: .malformedContent)
            return nil
        }
        let keys = Set(members.map(\.key))
        if keys.contains("include") { return include(node, members, pointer: pointer) }
        guard keys.contains("relation") || keys.contains("target") else {
            let shown = members.prefix(3).map { "\"\(SafeText.escape($0.key, limit: 40))\"" }.joined(separator: ", ")
            sink.add(.dal302, at: node.offset, pointer: pointer,
                     "this object is not a statement: it has no relation, target or include" + (shown.isEmpty ? "" : " (keys \(shown))") + ElementReader.skipped,
                     hint: "A statement has \"relation\" (an array) and \"target\" (an object); an include has \"include\" (a URL).",
                     google: .malformedContent)
            return nil
        }
        let relations = self.relations(node["relation"], statement: node, pointer: pointer)
        let target = self.target(node["target"], statement: node, pointer: pointer + "/target")
        for m in StatementListParser.uniqueMembers(members) where !StatementListParser.statementKeys.contains(m.key) {
            unknownKey(m, in: "a statement", known: StatementListParser.statementKeys + ["include"], pointer: pointer)
        }
        let rules = dynamicRules(node["relation_extensions"], pointer: pointer + "/relation_extensions", relations: relations)
        guard let relations, let target else { return nil }
        let place = StatementPlace(file: url, pointer: pointer, location: sink.map.location(of: node.offset), depth: depth)
        notes(relations: relations, target: target, node: node, pointer: pointer)
        return .statement(AssetStatement(relations: relations, target: target, dynamicRules: rules, place: place))
    }

    // MARK: Includes

    mutating func include(_ node: JSONNode, _ members: [JSONMember], pointer: String) -> StatementListElement? {
        let keys = Set(members.map(\.key))
        let includeSkipped = "; the include is skipped"
        if let bad = ["relation", "target"].first(where: keys.contains) {
            sink.add(.dal309, at: node.offset, pointer: pointer,
                     "an include statement has an invalid field \"\(bad)\": an include allows no relation or target (Android's reference verifier would still follow it)" + includeSkipped,
                     hint: "Split it: one object {\"include\": \"https://…\"} and, if needed, a separate statement.",
                     google: .malformedContent)
            return nil
        }
        let value = node["include"]!
        let ptr = pointer + "/include"
        guard let text = value.stringValue else {
            sink.add(.dal309, at: value.offset, pointer: ptr,
                     "\"include\" is \(StatementListParser.article(value.typeName)), not a URL string" + includeSkipped,
                     hint: "Write the absolute https URL of the included statement list.", google: .malformedContent)
            return nil
        }
        for m in StatementListParser.uniqueMembers(members) where m.key != "include" {
            unknownKey(m, in: "an include statement", known: ["include"], pointer: pointer)
        }
        switch ParsedHTTPURL.parse(text) {
        case .failure(let defect):
            sink.add(.dal309, at: value.offset, pointer: ptr, "include URL \(defect)" + includeSkipped,
                     hint: "An include names the absolute http(s) URL of another statement list (https when this file is served over https).",
                     google: .malformedContent)
            return nil
        case .success(let parsed):
            var rest = parsed.rest
            if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
            if rest.isEmpty { rest = "/" }
            let place = StatementPlace(file: url, pointer: pointer, location: sink.map.location(of: node.offset), depth: depth)
            return .include(IncludeStatement(url: text, normalizedURL: parsed.site.origin + rest, isSecure: parsed.site.isSecure, place: place))
        }
    }

    // MARK: Relations

    mutating func relations(_ node: JSONNode?, statement: JSONNode, pointer: String) -> [String]? {
        let ptr = pointer + "/relation"
        guard let node else {
            sink.add(.dal303, at: statement.offset, pointer: pointer, "no relation array specified" + ElementReader.skipped,
                     hint: "Add \"relation\": [\"delegate_permission/common.handle_all_urls\"] (or the relation the statement grants).",
                     google: .malformedContent)
            return nil
        }
        guard let items = node.arrayValue else {
            sink.add(.dal303, at: node.offset, pointer: ptr,
                     "\"relation\" is not an array: it is \(StatementListParser.article(node.typeName))" + ElementReader.skipped,
                     hint: node.stringValue.map { "Write it as an array: \"relation\": [\"\(SafeText.escape($0, limit: 80))\"]." }
                        ?? "Write \"relation\" as an array of strings.",
                     google: .malformedContent)
            return nil
        }
        if items.isEmpty {
            sink.add(.dal312, at: node.offset, pointer: ptr, "\"relation\" is empty: this statement grants nothing",
                     hint: "List the relation the statement grants, e.g. \"delegate_permission/common.handle_all_urls\", or remove the statement.")
        }
        var out: [String] = []
        var bad = false
        for (k, item) in items.enumerated() {
            let p = JSONPointer.appending(ptr, k)
            guard let r = item.stringValue else {
                sink.add(.dal303, at: item.offset, pointer: p,
                         "invalid relation: relation[\(k)] is \(StatementListParser.article(item.typeName)), not a string" + ElementReader.skipped,
                         google: .malformedContent)
                bad = true
                continue
            }
            if let defect = AssetLinksRelation.defect(r) {
                sink.add(.dal303, at: item.offset, pointer: p, defect + ElementReader.skipped,
                         hint: "A relation is KIND/DETAIL in lower case, such as delegate_permission/common.handle_all_urls; wildcards are not allowed.",
                         google: .malformedContent)
                bad = true
                continue
            }
            out.append(r)
        }
        return bad ? nil : out
    }

    // MARK: Targets

    mutating func target(_ node: JSONNode?, statement: JSONNode, pointer: String) -> AssetTarget? {
        guard let node else {
            sink.add(.dal304, at: statement.offset, pointer: String(pointer.dropLast("/target".count)),
                     "no target specified" + ElementReader.skipped,
                     hint: "Add \"target\": {\"namespace\": \"android_app\", \"package_name\": \"…\", \"sha256_cert_fingerprints\": [\"…\"]} or {\"namespace\": \"web\", \"site\": \"https://…\"}.",
                     google: .malformedContent)
            return nil
        }
        guard let members = node.objectMembers else {
            sink.add(.dal304, at: node.offset, pointer: pointer,
                     "\"target\" is not an object: it is \(StatementListParser.article(node.typeName))" + ElementReader.skipped,
                     hint: node.stringValue.map { "Write a web target as {\"namespace\": \"web\", \"site\": \"\(SafeText.escape($0, limit: 80))\"}." }
                        ?? "A target is an asset descriptor object with a namespace.",
                     google: .malformedContent)
            return nil
        }
        guard let namespaceNode = node["namespace"] else {
            sink.add(.dal304, at: node.offset, pointer: pointer, "the target has no namespace (web or android_app)" + ElementReader.skipped,
                     google: .malformedContent)
            return nil
        }
        guard let namespace = namespaceNode.stringValue else {
            sink.add(.dal304, at: namespaceNode.offset, pointer: pointer + "/namespace",
                     "the target's namespace is \(StatementListParser.article(namespaceNode.typeName)), not a string" + ElementReader.skipped,
                     google: .malformedContent)
            return nil
        }
        switch namespace {
        case "web":
            for m in StatementListParser.uniqueMembers(members) where !StatementListParser.webKeys.contains(m.key) {
                unknownKey(m, in: "a web target", known: StatementListParser.webKeys, pointer: pointer)
            }
            return webTarget(node, pointer: pointer)
        case "android_app":
            for m in StatementListParser.uniqueMembers(members) where !StatementListParser.appKeys.contains(m.key) {
                unknownKey(m, in: "an android_app target", known: StatementListParser.appKeys, pointer: pointer)
            }
            return appTarget(node, pointer: pointer)
        case "ios_app":
            sink.add(.dal311, at: namespaceNode.offset, pointer: pointer + "/namespace",
                     "an ios_app target is not read by Android or by Google's API; the statement is not used",
                     hint: "iOS reads /.well-known/apple-app-site-association instead; remove the statement from assetlinks.json.")
            return nil
        default:
            sink.add(.dal304, at: namespaceNode.offset, pointer: pointer + "/namespace",
                     "unrecognized namespace \"\(SafeText.escape(namespace, limit: 60))\": a target's namespace is web or android_app" + ElementReader.skipped,
                     google: .malformedContent)
            return nil
        }
    }

    mutating func webTarget(_ node: JSONNode, pointer: String) -> AssetTarget? {
        guard let siteNode = node["site"] else {
            sink.add(.dal305, at: node.offset, pointer: pointer, "no site field in the web target" + ElementReader.skipped,
                     hint: "Add \"site\": \"https://HOST\".", google: .malformedContent)
            return nil
        }
        guard let text = siteNode.stringValue else {
            sink.add(.dal305, at: siteNode.offset, pointer: pointer + "/site",
                     "site is \(StatementListParser.article(siteNode.typeName)), not a string" + ElementReader.skipped,
                     google: .malformedContent)
            return nil
        }
        switch AssetLinksSite.parse(text) {
        case .failure(let defect):
            var hint = "A site is scheme, host and optional port only: \"https://example.com\"."
            if case .path = defect, let site = try? ParsedHTTPURL.parse(text).get() {
                hint = "Write \"\(site.site.origin)\" (no trailing / or path)."
            }
            sink.add(.dal305, at: siteNode.offset, pointer: pointer + "/site", defect.description + ElementReader.skipped,
                     hint: hint, google: .malformedContent)
            return nil
        case .success(let site):
            if !site.isSecure {
                sink.add(.dal318, at: siteNode.offset, pointer: pointer + "/site",
                         "the site \(site.origin) is plain http: it is another asset than https://\(site.host), and Android and passkeys use https",
                         hint: "Use https://\(site.host) unless the http site is what you mean.")
            }
            return .web(site)
        }
    }

    mutating func appTarget(_ node: JSONNode, pointer: String) -> AssetTarget? {
        var ok = true
        var packageName = ""
        if let p = node["package_name"] {
            if let name = p.stringValue {
                packageName = name
                let ptr = pointer + "/package_name"
                if !AndroidPackageName.isAcceptedByGoogle(name) {
                    sink.add(.dal306, at: p.offset, pointer: ptr,
                             "invalid package name \"\(SafeText.escape(name, limit: 100))\": " + (name.isEmpty ? "it is empty" : "it holds white space") + ElementReader.skipped,
                             hint: "Write the app's applicationId, such as com.shop.app.", google: .malformedContent)
                    ok = false
                } else if AndroidPackageName.looksLikePlaceholder(name) {
                    sink.add(.dal314, at: p.offset, pointer: ptr,
                             "the package name \"\(SafeText.escape(name, limit: 100))\" looks like a placeholder (com.example is the template's prefix Google Play refuses)",
                             hint: "Write the applicationId of the app as published.")
                } else if !AndroidPackageName.isJavaPackage(name) {
                    sink.add(.dal315, at: p.offset, pointer: ptr,
                             "the package name \"\(SafeText.escape(name, limit: 100))\" is not a Java package name (two or more dot-separated segments, each a letter then letters, digits or _)",
                             hint: "Copy the applicationId from the app's build.gradle; a package Android cannot install is never verified.")
                }
            } else {
                sink.add(.dal306, at: p.offset, pointer: pointer + "/package_name",
                         "package_name is \(StatementListParser.article(p.typeName)), not a string" + ElementReader.skipped,
                         google: .malformedContent)
                ok = false
            }
        } else {
            sink.add(.dal306, at: node.offset, pointer: pointer, "no package_name field in android app asset descriptor" + ElementReader.skipped,
                     hint: "Add \"package_name\": the app's applicationId.", google: .malformedContent)
            ok = false
        }
        var fingerprints: [String] = []
        let fptr = pointer + "/sha256_cert_fingerprints"
        if let f = node["sha256_cert_fingerprints"] {
            if let items = f.arrayValue {
                if items.isEmpty {
                    sink.add(.dal307, at: f.offset, pointer: fptr, "sha256_cert_fingerprints must contain at least one certificate" + ElementReader.skipped,
                             hint: "List the SHA-256 fingerprint of every key the app is signed with (Play App Signing's app signing key first).",
                             google: .malformedContent)
                    ok = false
                }
                for (k, item) in items.enumerated() {
                    let p = JSONPointer.appending(fptr, k)
                    guard let text = item.stringValue else {
                        sink.add(.dal307, at: item.offset, pointer: p,
                                 "sha256_cert_fingerprints[\(k)] is \(StatementListParser.article(item.typeName)), not a string" + ElementReader.skipped,
                                 google: .malformedContent)
                        ok = false
                        continue
                    }
                    if let defect = CertificateFingerprint.defect(text) {
                        let hint: String
                        if let corrected = defect.corrected {
                            hint = "Write it as \"\(corrected)\"."
                        } else if defect.isPlaceholder {
                            hint = "Replace it with the SHA-256 of the app signing certificate: Play Console › App integrity shows it, or run `keytool -list -v -keystore KEYSTORE` / `apksigner verify --print-certs APK`."
                        } else {
                            hint = "A fingerprint is 32 bytes as upper-case hex pairs joined by colons, as `keytool -list -v` prints SHA256."
                        }
                        sink.add(.dal308, at: item.offset, pointer: p,
                                 "malformed cert fingerprint \"\(SafeText.escape(text, limit: 120))\": \(defect.reason)" + ElementReader.skipped,
                                 hint: hint, google: .malformedContent)
                        ok = false
                        continue
                    }
                    if CertificateFingerprint.isRepeatedByte(text) {
                        sink.add(.dal314, at: item.offset, pointer: p,
                                 "the fingerprint \(text.prefix(11))… repeats one byte: it looks like a placeholder, not a certificate's SHA-256",
                                 hint: "Write the SHA-256 of the app signing certificate (Play Console › App integrity).")
                    }
                    fingerprints.append(text)
                }
            } else {
                sink.add(.dal307, at: f.offset, pointer: fptr,
                         "sha256_cert_fingerprints is not an array: it is \(StatementListParser.article(f.typeName))" + ElementReader.skipped,
                         hint: f.stringValue.map { "Write it as an array: [\"\(SafeText.escape($0, limit: 100))\"]." },
                         google: .malformedContent)
                ok = false
            }
        } else {
            sink.add(.dal307, at: node.offset, pointer: pointer,
                     "no sha256_cert_fingerprints field in android app asset descriptor" + ElementReader.skipped,
                     hint: "Add \"sha256_cert_fingerprints\": [\"AA:BB:…\"] with the app signing certificate's SHA-256.",
                     google: .malformedContent)
            ok = false
        }
        guard ok else { return nil }
        return .androidApp(AndroidAppTarget(packageName: packageName, fingerprints: fingerprints))
    }

    // MARK: Notes on valid statements

    mutating func notes(relations: [String], target: AssetTarget, node: JSONNode, pointer: String) {
        for (k, r) in relations.enumerated() {
            let at = node["relation"]?.arrayValue?[k].offset
            let p = JSONPointer.appending(pointer + "/relation", k)
            if AssetLinksRelation.kind(r) != AssetLinksRelation.delegatePermission {
                sink.add(.dal316, at: at, pointer: p,
                         "the relation kind \"\(AssetLinksRelation.kind(r))\" is not delegate_permission, the only kind Digital Asset Links defines",
                         hint: "Android and Credential Manager read delegate_permission/common.handle_all_urls and delegate_permission/common.get_login_creds.")
            } else if !AssetLinksRelation.wellKnown.contains(r) {
                sink.add(.dal317, at: at, pointer: p,
                         "\"\(SafeText.escape(r, limit: 100))\" is a custom relation: no Android feature reads it",
                         hint: "App Links need delegate_permission/common.handle_all_urls; credential sharing delegate_permission/common.get_login_creds.")
            }
        }
    }

    mutating func unknownKey(_ m: JSONMember, in what: String, known: [String], pointer: String) {
        let suggestion = StatementListParser.suggestion(m.key, among: known)
        sink.add(.dal310, at: m.keyOffset, pointer: JSONPointer.appending(pointer, m.key),
                 "unknown key \"\(SafeText.escape(m.key, limit: 60))\" in \(what)" + (suggestion.map { ": did you mean \"\($0)\"?" } ?? " (ignored)"),
                 hint: suggestion == nil ? "Known keys: \(known.joined(separator: ", "))." : "A misspelt key is ignored, silently: the value never counts.")
    }
}
