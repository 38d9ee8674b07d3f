/// The parts of `AndroidManifest.xml` that decide App Links: the package, the SDK versions,
/// the activities and aliases with their intent filters, and the `asset_statements` meta-data,
/// read from any of the three forms the way Android's package parser reads them (AOSP
/// `ParsingPackageUtils`, `ParsedActivityUtils`, `ParsedIntentInfoUtils`; spec
/// `assetlinks-reference.md` §4).
///
/// What the parser does that the model does too: only the first `<application>` counts; the
/// last `<uses-sdk>` counts, `minSdkVersion` defaults to 1 and `targetSdkVersion` to the
/// minimum, a non-numeric version is a preview codename (SDK 10000, `CUR_DEVELOPMENT`);
/// compiled attributes are found by resource ID, `<action>`/`<category>` names by namespace
/// and name; `<data>` values that are resource references or build placeholders are left out
/// (``IntentFilter/unresolved``); elements Android does not know are skipped.
public struct AndroidManifest: Sendable, Hashable {
    /// The form the manifest was read from.
    public var form: AndroidXMLDocument.Form
    /// `<manifest package>`, when given (a source manifest may leave it to the build's
    /// `namespace`/`applicationId`).
    public var package: String?
    public var sdk: ManifestSDK
    /// Activities and activity aliases of the first `<application>`, in document order.
    public var activities: [ManifestActivity]
    /// `<meta-data android:name="asset_statements">` of the application.
    public var assetStatements: [AssetStatementsMetaData]
    /// Values the model could not read outside intent filters (the SDK versions).
    public var unresolved: [UnresolvedManifestValue]
    /// The manifest merger's instructions (`tools:node`, `tools:replace`, …) in a source manifest.
    public var mergeInstructions: [ManifestMergeInstruction]

    /// Every intent filter of every activity and alias, with the index of its activity.
    public var filters: [(activity: Int, filter: IntentFilter)] {
        activities.indices.flatMap { i in activities[i].filters.map { (i, $0) } }
    }

    public static func == (a: AndroidManifest, b: AndroidManifest) -> Bool {
        a.form == b.form && a.package == b.package && a.sdk == b.sdk && a.activities == b.activities
            && a.assetStatements == b.assetStatements && a.unresolved == b.unresolved && a.mergeInstructions == b.mergeInstructions
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(package)
        hasher.combine(activities)
    }

    /// Reads a manifest of any form: binary XML (its `RES_XML_TYPE` header), source XML (text
    /// whose first non-space character is `<`, after an optional byte order mark), else
    /// protobuf XML.
    /// - Throws: ``ManifestReadError`` from the form's reader.
    public static func read(_ bytes: [UInt8]) throws(ManifestReadError) -> AndroidManifest {
        AndroidManifest(try document(bytes))
    }

    /// Whether `bytes` start as one of the manifest's three forms does: binary XML's chunk
    /// header, a source manifest's `<` (after a byte order mark and white space), or the
    /// protobuf `XmlNode` of an App Bundle, whose first field is its element (tag `0x0A`: field
    /// 1, length-delimited). Anything else (an empty file, text, JSON, a keystore) is not a
    /// manifest at all, so callers refuse it as input rather than judge it malformed (DAL601).
    public static func looksLikeManifest(_ bytes: [UInt8]) -> Bool {
        if BinaryXML.looksLikeBinaryXML(bytes) { return true }
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: "<") { return true }
        return bytes.first == 0x0A
    }

    /// The document of ``read(_:)``, before the model is built.
    public static func document(_ bytes: [UInt8]) throws(ManifestReadError) -> AndroidXMLDocument {
        if BinaryXML.looksLikeBinaryXML(bytes) { return try BinaryXML.read(bytes) }
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: "<") { return try SourceManifestXML.read(bytes) }
        return try AndroidProtoXML.read(bytes)
    }

    /// Builds the model from a document (never fails: what Android would refuse is left out
    /// and the findings say so).
    public init(_ document: AndroidXMLDocument) {
        var builder = ManifestBuilder(form: document.form)
        self = builder.build(document.root)
    }

    init(form: AndroidXMLDocument.Form, package: String?, sdk: ManifestSDK, activities: [ManifestActivity],
         assetStatements: [AssetStatementsMetaData], unresolved: [UnresolvedManifestValue],
         mergeInstructions: [ManifestMergeInstruction]) {
        self.form = form
        self.package = package
        self.sdk = sdk
        self.activities = activities
        self.assetStatements = assetStatements
        self.unresolved = unresolved
        self.mergeInstructions = mergeInstructions
    }
}

/// `<uses-sdk>` as the package parser reads it.
public struct ManifestSDK: Sendable, Hashable {
    /// The minimum SDK (1 when not given; 10000 for a codename).
    public var minimum: Int
    /// The target SDK (the minimum when not given; 10000 for a codename).
    public var target: Int
    /// Whether `minSdkVersion` / `targetSdkVersion` were written in the manifest. A source
    /// manifest usually leaves both to the Gradle build.
    public var minimumDeclared: Bool
    public var targetDeclared: Bool
    /// The codenames given instead of numbers, when any.
    public var minimumCodename: String?
    public var targetCodename: String?

    /// `Build.VERSION_CODES.CUR_DEVELOPMENT`: what a codename stands for.
    public static let currentDevelopment = 10_000

    public init(minimum: Int = 1, target: Int = 1, minimumDeclared: Bool = false, targetDeclared: Bool = false,
                minimumCodename: String? = nil, targetCodename: String? = nil) {
        self.minimum = minimum
        self.target = target
        self.minimumDeclared = minimumDeclared
        self.targetDeclared = targetDeclared
        self.minimumCodename = minimumCodename
        self.targetCodename = targetCodename
    }
}

/// An `<activity>` or `<activity-alias>` and its intent filters.
public struct ManifestActivity: Sendable, Hashable {
    /// `android:name` as written (`.MainActivity`), or `nil`.
    public var name: String?
    public var isAlias: Bool
    /// `android:targetActivity` of an alias.
    public var targetActivity: String?
    /// `android:exported`, when written.
    public var exported: Bool?
    /// `android:enabled` (default true).
    public var enabled: Bool
    public var filters: [IntentFilter]
    public var line: Int?

    public init(name: String?, isAlias: Bool = false, targetActivity: String? = nil, exported: Bool? = nil,
                enabled: Bool = true, filters: [IntentFilter] = [], line: Int? = nil) {
        self.name = name
        self.isAlias = isAlias
        self.targetActivity = targetActivity
        self.exported = exported
        self.enabled = enabled
        self.filters = filters
        self.line = line
    }

    /// The name as a person reads it: `<activity-alias .Promo>` or `<activity .Main>`.
    public var label: String { "<\(isAlias ? "activity-alias" : "activity") \(name ?? "(no name)")>" }
}

/// `<meta-data android:name="asset_statements" android:resource="@string/…">`: the app's own
/// statement list lives in that string resource (the APK-side source of Digital Asset Links).
public struct AssetStatementsMetaData: Sendable, Hashable {
    /// The resource's ID in a compiled manifest, or 0.
    public var resourceID: UInt32
    /// The reference as written (`@string/asset_statements`), when the form keeps it.
    public var resourceName: String?
    /// `android:value` written instead of `android:resource` (the platform reads only the resource).
    public var value: String?
    public var line: Int?

    public init(resourceID: UInt32 = 0, resourceName: String? = nil, value: String? = nil, line: Int? = nil) {
        self.resourceID = resourceID
        self.resourceName = resourceName
        self.value = value
        self.line = line
    }
}

/// One `tools:` attribute of a source manifest: an instruction to the manifest merger.
public struct ManifestMergeInstruction: Sendable, Hashable {
    /// The element it is on (`intent-filter`, `activity`, …).
    public var element: String
    /// The attribute (`node`, `replace`, `remove`, `merge`, …) and its value.
    public var attribute: String
    public var value: String
    public var line: Int?
}

/// Walks a document into an ``AndroidManifest``.
private struct ManifestBuilder {
    let form: AndroidXMLDocument.Form
    var unresolved: [UnresolvedManifestValue] = []
    var merge: [ManifestMergeInstruction] = []

    init(form: AndroidXMLDocument.Form) { self.form = form }

    func isAndroidElement(_ e: AndroidXMLElement) -> Bool { e.namespace == nil }

    mutating func build(_ root: AndroidXMLElement) -> AndroidManifest {
        collectMerge(root)
        var sdk = ManifestSDK()
        var activities: [ManifestActivity] = []
        var statements: [AssetStatementsMetaData] = []
        var sawApplication = false
        for child in root.children where isAndroidElement(child) {
            switch child.name {
            case "uses-sdk":
                sdk = usesSDK(child)
            case "application" where !sawApplication:
                sawApplication = true
                for component in child.children where isAndroidElement(component) {
                    switch component.name {
                    case "activity", "activity-alias":
                        activities.append(activity(component))
                    case "meta-data":
                        if let m = assetStatements(component) { statements.append(m) }
                    default: break
                    }
                }
            default: break
            }
        }
        let package = root.attribute(namespace: nil, name: "package").flatMap { $0.raw ?? $0.stringValue }
        return AndroidManifest(form: form, package: package, sdk: sdk, activities: activities,
                               assetStatements: statements, unresolved: unresolved, mergeInstructions: merge)
    }

    /// The `tools:` attributes the manifest merger acts on (Android Studio's "Merge multiple
    /// manifest files": merge rule markers and `tools:overrideLibrary`). The others —
    /// `tools:ignore`, `tools:targetApi`, `tools:locale`, … — are for Lint and the layout
    /// editor and change nothing the app ships.
    static let mergerAttributes: Set<String> = ["node", "remove", "replace", "strict", "selector", "overrideLibrary"]

    /// Every merger instruction (``mergerAttributes``), anywhere (source manifests only have them).
    mutating func collectMerge(_ element: AndroidXMLElement) {
        var work = [element]
        while let e = work.popLast() {
            for a in e.attributes where a.namespace == AndroidAttribute.toolsNamespace && Self.mergerAttributes.contains(a.name) {
                merge.append(ManifestMergeInstruction(element: e.name, attribute: a.name, value: a.raw ?? a.stringValue ?? "", line: e.line))
            }
            work.append(contentsOf: e.children.reversed())
        }
        merge.sort { ($0.line ?? 0) < ($1.line ?? 0) }
    }

    /// An attribute's text as `getNonConfigurationString` gives it, or `nil` when absent; a
    /// reference or placeholder is recorded as unresolved and gives `nil`.
    mutating func text(_ e: AndroidXMLElement, _ attribute: AndroidAttribute) -> String? {
        guard let a = e.androidAttribute(attribute, in: form) else { return nil }
        switch a.value {
        case .reference(let id, let name), .themeAttribute(let id, let name):
            let shown = name ?? "@0x" + Hex.format(id, width: 8, uppercase: false)
            unresolved.append(UnresolvedManifestValue(kind: .reference, element: e.name, attribute: attribute.name, text: shown, line: e.line))
            return nil
        default:
            guard let s = a.stringValue else { return nil }
            if form == .source, s.contains("${") {
                unresolved.append(UnresolvedManifestValue(kind: .placeholder, element: e.name, attribute: attribute.name, text: s, line: e.line))
                return nil
            }
            return s
        }
    }

    /// A boolean attribute as `TypedArray.getBoolean` reads it: a compiled boolean or integer
    /// (non-zero is true), or text `true`/`TRUE`/`1` (aapt also accepts `True`, `false`,
    /// `FALSE`, `False`, which a source manifest may hold).
    mutating func boolean(_ e: AndroidXMLElement, _ attribute: AndroidAttribute, default value: Bool) -> Bool? {
        guard let a = e.androidAttribute(attribute, in: form) else { return nil }
        switch a.value {
        case .boolean(let b): return b
        case .integer(let i): return i != 0
        case .hexadecimal(let h): return h != 0
        case .null: return value
        case .reference, .themeAttribute:
            _ = text(e, attribute)
            return nil
        case .string(let s):
            if form == .source, s.contains("${") {
                _ = text(e, attribute)
                return nil
            }
            switch s {
            case "true", "TRUE", "True", "1": return true
            case "false", "FALSE", "False", "0": return false
            default: return value
            }
        case .other: return value
        }
    }

    mutating func usesSDK(_ e: AndroidXMLElement) -> ManifestSDK {
        var sdk = ManifestSDK()
        func version(_ attribute: AndroidAttribute) -> (Int?, String?, Bool) {
            guard let a = e.androidAttribute(attribute, in: form) else { return (nil, nil, false) }
            switch a.value {
            case .integer(let i): return (Int(i), nil, true)
            case .hexadecimal(let h): return (Int(Int32(bitPattern: h)), nil, true)
            case .string(let s):
                if form == .source, s.contains("${") {
                    unresolved.append(UnresolvedManifestValue(kind: .placeholder, element: e.name, attribute: attribute.name, text: s, line: e.line))
                    return (nil, nil, false)
                }
                if let n = Int(s) { return (n, nil, true) }
                return (ManifestSDK.currentDevelopment, s, true)
            case .reference, .themeAttribute:
                _ = text(e, attribute)
                return (nil, nil, false)
            default: return (nil, nil, false)
            }
        }
        let (minimum, minimumCode, minimumDeclared) = version(.minSdkVersion)
        let (target, targetCode, targetDeclared) = version(.targetSdkVersion)
        sdk.minimum = minimum ?? 1
        sdk.minimumCodename = minimumCode
        sdk.minimumDeclared = minimumDeclared
        sdk.targetDeclared = targetDeclared
        if targetDeclared {
            sdk.target = target ?? sdk.minimum
            sdk.targetCodename = targetCode
            if sdk.minimumCodename == nil, let targetCode, !minimumDeclared {
                sdk.minimumCodename = targetCode
            }
        } else {
            sdk.target = sdk.minimum
            sdk.targetCodename = sdk.minimumCodename
        }
        return sdk
    }

    mutating func activity(_ e: AndroidXMLElement) -> ManifestActivity {
        var result = ManifestActivity(name: text(e, .nameAttr), isAlias: e.name == "activity-alias", line: e.line)
        result.targetActivity = result.isAlias ? text(e, .targetActivity) : nil
        result.exported = boolean(e, .exported, default: false)
        result.enabled = boolean(e, .enabled, default: true) ?? true
        for child in e.children where isAndroidElement(child) && child.name == "intent-filter" {
            result.filters.append(filter(child))
        }
        return result
    }

    mutating func assetStatements(_ e: AndroidXMLElement) -> AssetStatementsMetaData? {
        guard let name = e.androidAttribute(.nameAttr, in: form), (name.raw ?? name.stringValue) == "asset_statements" else { return nil }
        var meta = AssetStatementsMetaData(line: e.line)
        if let resource = e.androidAttribute(.resource, in: form) {
            switch resource.value {
            case .reference(let id, let name):
                meta.resourceID = id
                meta.resourceName = name
            default:
                meta.resourceName = resource.raw ?? resource.stringValue
            }
        }
        if let value = e.androidAttribute(.value, in: form) { meta.value = value.raw ?? value.stringValue }
        return meta
    }

    /// The name of an `<action>` or `<category>`: `getAttributeValue(ANDROID_NS, "name")`,
    /// found by namespace and name in every form.
    func childName(_ e: AndroidXMLElement) -> String? {
        guard let a = e.attribute(namespace: AndroidAttribute.androidNamespace, name: "name") else { return nil }
        return a.raw ?? a.stringValue
    }

    mutating func filter(_ e: AndroidXMLElement) -> IntentFilter {
        var f = IntentFilter()
        f.line = e.line
        let before = unresolved.count
        f.autoVerify = boolean(e, .autoVerify, default: false) ?? false
        if let p = e.androidAttribute(.priority, in: form), case .integer(let n) = p.value { f.priority = n }
        for child in e.children where isAndroidElement(child) {
            switch child.name {
            case "action":
                if let name = childName(child), !f.actions.contains(name) { f.actions.append(name) }
            case "category":
                if let name = childName(child), !f.categories.contains(name) { f.categories.append(name) }
            case "data":
                data(child, into: &f)
            case "uri-relative-filter-group":
                if let group = relativeGroup(child) { f.relativeGroups.append(group) }
            default: break
            }
        }
        f.unresolved = Array(unresolved[before...])
        unresolved.removeSubrange(before...)
        return f
    }

    mutating func data(_ e: AndroidXMLElement, into f: inout IntentFilter) {
        var values: [String: String] = [:]
        func read(_ attribute: AndroidAttribute) -> String? {
            let v = text(e, attribute)
            if let v { values[attribute.name] = v }
            return v
        }
        if let type = read(.mimeType) { f.dataTypes.append(type) }
        if let scheme = read(.scheme), !f.schemes.contains(scheme) { f.schemes.append(scheme) }
        for (attribute, kind) in [(AndroidAttribute.ssp, AndroidPatternMatcher.Kind.literal), (.sspPrefix, .prefix),
                                  (.sspPattern, .simpleGlob), (.sspAdvancedPattern, .advancedGlob), (.sspSuffix, .suffix)] {
            if let v = read(attribute) { f.schemeSpecificParts.append(AndroidPatternMatcher(v, kind: kind)) }
        }
        let host = read(.host)
        let port = read(.port)
        if let host { f.authorities.append(IntentFilterAuthority(host: host, port: port, line: e.line)) }
        for (attribute, kind) in [(AndroidAttribute.path, AndroidPatternMatcher.Kind.literal), (.pathPrefix, .prefix),
                                  (.pathPattern, .simpleGlob), (.pathAdvancedPattern, .advancedGlob), (.pathSuffix, .suffix)] {
            if let v = read(attribute) { f.paths.append(AndroidPatternMatcher(v, kind: kind)) }
        }
        f.dataElements.append(ManifestDataElement(values: values, line: e.line))
    }

    mutating func relativeGroup(_ e: AndroidXMLElement) -> URIRelativeFilterGroup? {
        let allow = boolean(e, .allow, default: true) ?? true
        var filters: [URIRelativeFilter] = []
        let parts: [(AndroidAttribute, URIRelativeFilter.Part, AndroidPatternMatcher.Kind)] = [
            (.path, .path, .literal), (.pathPrefix, .path, .prefix), (.pathPattern, .path, .simpleGlob),
            (.pathAdvancedPattern, .path, .advancedGlob), (.pathSuffix, .path, .suffix),
            (.fragment, .fragment, .literal), (.fragmentPrefix, .fragment, .prefix), (.fragmentPattern, .fragment, .simpleGlob),
            (.fragmentAdvancedPattern, .fragment, .advancedGlob), (.fragmentSuffix, .fragment, .suffix),
            (.query, .query, .literal), (.queryPrefix, .query, .prefix), (.queryPattern, .query, .simpleGlob),
            (.queryAdvancedPattern, .query, .advancedGlob), (.querySuffix, .query, .suffix),
        ]
        for child in e.children where isAndroidElement(child) && child.name == "data" {
            for (attribute, part, kind) in parts {
                guard let v = text(child, attribute) else { continue }
                let filter = URIRelativeFilter(part: part, matcher: AndroidPatternMatcher(v, kind: kind))
                if !filters.contains(filter) { filters.append(filter) }
            }
        }
        return filters.isEmpty ? nil : URIRelativeFilterGroup(allow: allow, filters: filters, line: e.line)
    }
}
