import Foundation
import Testing
@testable import AASACore

/// Build settings as Xcode's build system expands them (swift-build's SWBMacro semantics), and
/// entitlement entries checked as they will be signed (AASA618).
@Suite struct BuildSettingsTests {
    typealias F = EntitlementsFixtures

    func settings(_ files: [String: String], main: String = "App.xcconfig", configuration: String? = nil) throws -> BuildSettings {
        var s = BuildSettings()
        s.configuration = configuration
        try s.add(xcconfig: main, load: { files[$0] })
        return s
    }

    /// (settings as xcconfig text, configuration, text to expand, expected value)
    static let table: [(String, String?, String, String)] = [
        ("HOST = shop.com", nil, "applinks:$(HOST)", "applinks:shop.com"),
        ("HOST = shop.com", nil, "applinks:${HOST}", "applinks:shop.com"),
        ("HOST = shop.com;", nil, "$(HOST)", "shop.com"),
        // Undefined is empty; recursion; names built from references.
        ("", nil, "applinks:$(HOST)", "applinks:"),
        ("A = $(B).com\nB = shop", nil, "$(A)", "shop.com"),
        ("HOST_Release = shop.com\nVARIANT = Release", nil, "$(HOST_$(VARIANT))", "shop.com"),
        // Later assignments shadow earlier ones; conditions filter.
        ("HOST = a.com\nHOST = b.com", nil, "$(HOST)", "b.com"),
        ("HOST = a.com\nHOST[config=Debug] = dev.a.com", "Debug", "$(HOST)", "dev.a.com"),
        ("HOST = a.com\nHOST[config=Debug] = dev.a.com", "Release", "$(HOST)", "a.com"),
        ("HOST[config=Debug] = dev.a.com\nHOST = a.com", "Debug", "$(HOST)", "a.com"),
        ("HOST[config=Deb*] = dev.a.com", "Debug", "$(HOST)", "dev.a.com"),
        ("HOST[config=Debug] = dev.a.com", nil, "$(HOST)", ""),
        ("HOST[sdk=iphoneos*] = device.a.com\nHOST[sdk=iphonesimulator*] = sim.a.com", nil, "$(HOST)", "device.a.com"),
        ("HOST[config=Release][sdk=iphoneos*] = r.a.com", "Release", "$(HOST)", "r.a.com"),
        ("HOST[config=Release][sdk=macosx*] = r.a.com", "Release", "$(HOST)", ""),
        // $(inherited) reads the next matching assignment below.
        ("D = applinks:a.com\nD = $(inherited) applinks:b.com", nil, "$(D)", "applinks:a.com applinks:b.com"),
        ("D = $(inherited)x", nil, "$(D)", "x"),
        // Comments, even inside values; white space.
        ("HOST = https://a.com // the host", nil, "$(HOST)", "https:"),
        ("  HOST\t=\tshop.com  ", nil, "$(HOST)", "shop.com"),
        // Operators.
        ("N = Shop App", nil, "$(N:lower)", "shop app"),
        ("N = Shop App", nil, "$(N:upper)", "SHOP APP"),
        ("N = My_Shop.App 2", nil, "$(N:rfc1034identifier)", "My-Shop-App-2"),
        ("N = 2shop", nil, "$(N:rfc1034identifier)", "-shop"),
        ("N = my-shop.app", nil, "$(N:identifier)", "my_shop_app"),
        ("N = Shop", nil, "$(N:rfc1034identifier:lower)", "shop"),
        ("", nil, "$(N:default=shop.com)", "shop.com"),
        ("N = a.com", nil, "$(N:default=shop.com)", "a.com"),
        ("D = shop.com", nil, "$(N:default=$(D))", "shop.com"),
        ("", nil, "$(N:default=a:b)", "a:b"),
        // A reference to itself expands to nothing.
        ("A = x$(A)", nil, "$(A)", "x"),
        // Not references.
        ("", nil, "$ $x $(", "$ $x $("),
    ]

    @Test(arguments: table)
    func expansion(xcconfig: String, configuration: String?, text: String, expected: String) throws {
        let s = try settings(["App.xcconfig": xcconfig], configuration: configuration)
        #expect(s.expand(text).value == expected)
    }

    @Test func includesAndWhatTheyReport() throws {
        let files = [
            "Config/App.xcconfig": "#include \"Base.xcconfig\"\n#include? \"Local.xcconfig\"\nHOST = $(inherited).shop.com",
            "Config/Base.xcconfig": "HOST = www",
        ]
        let s = try settings(files, main: "Config/App.xcconfig")
        #expect(s.expand("$(HOST)").value == "www.shop.com")
        let e = s.expand("$(HOST)$(MISSING)$(HOST:lower)")
        #expect(e.used == ["HOST", "MISSING"])
        #expect(e.undefined == ["MISSING"])
        // A missing required include, a cycle, a line that is no setting.
        #expect(throws: BuildSettings.ConfigError(message: "Config/App.xcconfig:1: #include \"Config/Nope.xcconfig\": no such file")) {
            try settings(["Config/App.xcconfig": "#include \"Nope.xcconfig\""], main: "Config/App.xcconfig")
        }
        #expect(throws: BuildSettings.ConfigError.self) { try settings(["A": "#include \"B\"", "B": "#include \"A\""], main: "A") }
        #expect(throws: BuildSettings.ConfigError(message: "App.xcconfig:2: not a setting (NAME = value): what is this")) {
            try settings(["App.xcconfig": "A = 1\nwhat is this"])
        }
        #expect(throws: BuildSettings.ConfigError.self) { try settings(["App.xcconfig": "A B = 1"]) }
        // --build-setting wins over the files.
        var over = s
        over.set("HOST", "override.com")
        #expect(over.expand("$(HOST)").value == "override.com")
    }

    @Test func expansionIsBounded() throws {
        // 40 levels of A = $(B)$(B): 2^40 references once expanded, each setting expanded once.
        var text = "L40 = x\n"
        for i in 0..<40 { text += "L\(i) = $(L\(i + 1))$(L\(i + 1))\n" }
        let s = try settings(["App.xcconfig": text])
        let e = s.expand("$(L0)")
        #expect(e.cut)
        #expect(e.value.count == BuildSettings.maxLength)
        // 40 levels of empty doubling: nothing, at once.
        let empty = try settings(["App.xcconfig": text.replacingOccurrences(of: "L40 = x", with: "L40 =")])
        #expect(empty.expand("$(L0)").value == "")
        // Deep nesting of references and of includes.
        let deep = String(repeating: "$(", count: 200) + "X" + String(repeating: ")", count: 200)
        #expect(try settings(["App.xcconfig": ""]).expand(deep).cut)
        var chain: [String: String] = [:]
        for i in 0..<40 { chain["F\(i)"] = "#include \"F\(i + 1)\"" }
        #expect(throws: BuildSettings.ConfigError.self) { try settings(chain, main: "F0") }
    }

    // MARK: entries expanded (AASA618)

    func lint(_ entries: [String], _ values: [String: String]) throws -> EntitlementsReport {
        var s = BuildSettings()
        for (k, v) in values.sorted(by: { $0.key < $1.key }) { s.set(k, v) }
        return EntitlementsLinter.lint(try EntitlementsFile.read(Array(F.plist(entries).utf8), path: "App.entitlements"), settings: s)
    }

    @Test func entriesAreCheckedAsTheyWillBeSigned() throws {
        let ok = try lint(["applinks:$(LINK_HOST)", "webcredentials:${LINK_HOST:lower}"], ["LINK_HOST": "Shop.com"])
        #expect(ok.diagnostics.isEmpty)
        #expect(ok.entries.map(\.raw) == ["applinks:Shop.com", "webcredentials:shop.com"])
        #expect(ok.entries.map(\.host) == ["shop.com", "shop.com"])
        #expect(ok.entries.map(\.unexpanded) == ["applinks:$(LINK_HOST)", "webcredentials:${LINK_HOST:lower}"])
        #expect(ok.entries.first?.location?.line == 7)
        #expect(EntitlementCrossCheck.plan(ok.entries).map(\.host) == ["shop.com"])
        // Once expanded, the usual checks apply to what is signed.
        #expect(try lint(["applinks:$(LINK_HOST)"], ["LINK_HOST": "example.com"]).diagnostics.map(\.code) == [.aasa608])
    }

    @Test func anUndefinedSettingThatEmptiesAnEntryIsAASA618() throws {
        let report = try lint(["applinks:$(LINK_HOST)"], ["OTHER": "x"])
        #expect(report.diagnostics.map(\.code) == [.aasa618])
        let d = try #require(report.diagnostics.first)
        #expect(d.message == "`applinks:$(LINK_HOST)` becomes `applinks:` once build settings are expanded (`LINK_HOST` is not "
            + "defined (an undefined setting is empty)): no host after `:`")
        #expect(d.hint?.contains("define `LINK_HOST` for this configuration") == true)
        #expect(d.location?.line == 7)
        // Neighbours: a value that makes it malformed, the whole entry from one setting, the
        // service from a setting, a setting that refers to itself.
        let malformed = try lint(["applinks:$(LINK_HOST)"], ["LINK_HOST": "https://shop.com/"]).diagnostics
        #expect(malformed.map(\.code) == [.aasa618])
        #expect(malformed.first?.message.contains("(from `LINK_HOST`)") == true)
        let whole = try lint(["$(ENTRY)"], ["OTHER": "x"]).diagnostics
        #expect(whole.first?.message.hasPrefix("`$(ENTRY)` becomes an empty entry") == true)
        #expect(try lint(["$(SERVICE):shop.com"], ["SERVICE": "applink"]).diagnostics.map(\.code) == [.aasa618])
        #expect(try lint(["applinks:$(A)"], ["A": "$(A).com"]).diagnostics.first?.message.contains("`A` refers to itself") == true)
        // An entry with no reference is untouched; with no settings given it stays AASA613.
        #expect(try lint(["applinks:shop.com"], ["X": "y"]).diagnostics.isEmpty)
        #expect(try F.codes(F.plist(["applinks:$(LINK_HOST)"])) == ["AASA613"])
    }
}
