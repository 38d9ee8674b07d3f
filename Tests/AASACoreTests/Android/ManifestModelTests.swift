import Foundation
import Testing
@testable import AASACore

/// A source manifest with one activity holding `filters` (XML of `<intent-filter>` elements).
func sourceManifest(target: Int? = 34, minimum: Int? = 24, _ filters: String, exported: Bool = true) -> String {
    let sdk = target == nil && minimum == nil ? "" : "<uses-sdk" + (minimum.map { " android:minSdkVersion=\"\($0)\"" } ?? "")
        + (target.map { " android:targetSdkVersion=\"\($0)\"" } ?? "") + " />"
    return """
    <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.app">
        \(sdk)
        <application>
            <activity android:name=".Main" android:exported="\(exported)">
                \(filters)
            </activity>
        </application>
    </manifest>
    """
}

/// An App Links filter: autoVerify, VIEW, DEFAULT, BROWSABLE and the given `<data>` elements.
func linksFilter(_ data: String, autoVerify: Bool = true, categories: [String] = ["DEFAULT", "BROWSABLE"]) -> String {
    """
    <intent-filter\(autoVerify ? " android:autoVerify=\"true\"" : "")>
        <action android:name="android.intent.action.VIEW" />
        \(categories.map { "<category android:name=\"android.intent.category.\($0)\" />" }.joined(separator: "\n"))
        \(data)
    </intent-filter>
    """
}

func readManifest(_ text: String) throws -> AndroidManifest {
    try AndroidManifest.read(Array(text.utf8))
}

/// The manifest model: the same from every form, and Android's rules for filters and hosts
/// (spec `assetlinks-reference.md` §4.1, §4.2, §4.4, §6.2, §6.4).
@Suite struct ManifestModelTests {
    /// Lines and the form aside, the model of a source manifest is the model of what aapt and
    /// aapt2 compiled from it.
    @Test(arguments: AndroidFixtures.names)
    func everyFormGivesTheSameModel(_ name: String) throws {
        func stripped(_ m: AndroidManifest) -> [ManifestActivity] {
            m.activities.map { a in
                var a = a
                a.line = nil
                a.filters = a.filters.map { f in
                    var f = f
                    f.line = nil
                    f.authorities = f.authorities.map { var x = $0; x.line = nil; return x }
                    f.dataElements = f.dataElements.map { var x = $0; x.line = nil; return x }
                    f.relativeGroups = f.relativeGroups.map { var x = $0; x.line = nil; return x }
                    f.unresolved = f.unresolved.map { var x = $0; x.line = nil; return x }
                    return f
                }
                return a
            }
        }
        let source = try AndroidManifest.read(try AndroidFixtures.source(name))
        #expect(source.form == .source)
        for file in ["\(name).axml", "\(name).utf8.axml", "\(name).pb"] {
            let compiled = try AndroidManifest.read(try AndroidFixtures.bytes(file))
            #expect(compiled.package == source.package, "\(file)")
            #expect(compiled.sdk == source.sdk, "\(file)")
            #expect(stripped(compiled) == stripped(source), "\(file)")
        }
        #expect(!source.activities.isEmpty)
    }

    @Test func shopModel() throws {
        let m = try AndroidManifest.read(try AndroidFixtures.bytes("shop.axml"))
        #expect(m.form == .binary)
        #expect(m.package == "com.example.shop")
        #expect(m.sdk == ManifestSDK(minimum: 24, target: 34, minimumDeclared: true, targetDeclared: true))
        #expect(m.activities.map(\.label) == ["<activity .MainActivity>", "<activity .DeepLinkActivity>", "<activity-alias .Promo>"])
        #expect(m.activities[2].targetActivity == ".MainActivity")
        let links = m.activities[0].filters[1]
        #expect(links.autoVerify)
        #expect(links.schemes == ["https", "http"])
        #expect(links.authorities.map(\.host) == ["shop.example.com", "www.example.com"])
        #expect(links.paths.map(\.kind) == [.prefix, .literal, .simpleGlob])
        #expect(links.paths.map(\.pattern) == ["/product/", "/cart", "/p/.*\\.html"])
        #expect(m.assetStatements.count == 1)
        #expect(m.assetStatements[0].resourceID >> 24 == 0x7f)
        let source = try AndroidManifest.read(try AndroidFixtures.source("shop"))
        #expect(source.assetStatements[0].resourceName == "@string/asset_statements")
        let alias = m.activities[2].filters[0]
        #expect(alias.authorities == [IntentFilterAuthority(host: "promo.example.com", port: "8443", line: alias.authorities[0].line)])
    }

    @Test func groupsModel() throws {
        let m = try AndroidManifest.read(try AndroidFixtures.bytes("groups.axml"))
        let f = m.activities[0].filters[0]
        #expect(f.relativeGroups.map(\.allow) == [false, true, true])
        #expect(f.relativeGroups[0].filters == [
            URIRelativeFilter(part: .path, matcher: AndroidPatternMatcher("/path", kind: .literal)),
            URIRelativeFilter(part: .query, matcher: AndroidPatternMatcher("query=str", kind: .literal)),
        ])
        #expect(f.relativeGroups[2].filters.map(\.part) == [.path, .query])
        let docs = m.activities[0].filters[1]
        #expect(docs.paths.map(\.kind) == [.suffix, .advancedGlob])
        #expect(docs.relativeGroups[0].filters.map(\.part).sorted { $0.rawValue < $1.rawValue } == [.query, .fragment])
    }

    @Test func sdkDefaults() throws {
        #expect(try readManifest(sourceManifest(target: nil, minimum: nil, "")).sdk == ManifestSDK(minimum: 1, target: 1))
        #expect(try readManifest(sourceManifest(target: nil, minimum: 26, "")).sdk == ManifestSDK(minimum: 26, target: 26, minimumDeclared: true))
        let preview = try readManifest(sourceManifest(target: nil, minimum: nil, "").replacingOccurrences(
            of: "<application>", with: "<uses-sdk android:minSdkVersion=\"24\" android:targetSdkVersion=\"Baklava\" /><application>"))
        #expect(preview.sdk.target == ManifestSDK.currentDevelopment)
        #expect(preview.sdk.targetCodename == "Baklava")
    }

    @Test func unresolvedValuesAreLeftOut() throws {
        let m = try readManifest(sourceManifest(linksFilter("""
            <data android:scheme="https" android:host="${linkHost}" />
            <data android:host="@string/host" />
            <data android:host="real.example.com" />
            """)))
        let f = m.activities[0].filters[0]
        #expect(f.authorities.map(\.host) == ["real.example.com"])
        #expect(f.unresolved.map(\.kind) == [.placeholder, .reference])
        #expect(f.unresolved.map(\.text) == ["${linkHost}", "@string/host"])
        let binary = try AndroidManifest.read(try AndroidFixtures.bytes("shop.axml"))
        #expect(binary.unresolved.isEmpty && binary.activities.allSatisfy { $0.filters.allSatisfy { $0.unresolved.isEmpty } })
    }

    @Test func aaptEscapesInSource() throws {
        #expect(SourceManifestXML.unescaped(#"/a\\.b"#) == #"/a\.b"#)
        #expect(SourceManifestXML.unescaped(#"caf\u00e9"#) == "café")
        #expect(SourceManifestXML.unescaped(#""quoted""#) == "quoted")
        #expect(SourceManifestXML.unescaped(#"\@x"#) == "@x")
        #expect(SourceManifestXML.compiledValue(#"\@x"#) == .string("@x"))
        #expect(SourceManifestXML.compiledValue("@string/x") == .reference(id: 0, name: "@string/x"))
    }
}
