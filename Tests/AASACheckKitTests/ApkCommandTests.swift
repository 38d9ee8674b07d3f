import Foundation
import Testing
@testable import AASACheckKit
import AASACore

/// The signed packages of scripts/make-android-fixtures.sh (the script is a no-op when they are
/// current) for `aasa-check apk`, and what Debian's SDK tools print for them.
enum ApkFixtures {
    static let directory: Result<String, Failure> = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [packageRoot.path + "/scripts/make-android-fixtures.sh"]
        let errors = Pipe()
        process.standardError = errors
        do { try process.run() } catch { return .failure(Failure(description: "cannot run the script: \(error)")) }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return .failure(Failure(description: "make-android-fixtures.sh failed: \(message)")) }
        return .success(packageRoot.path + "/.build/android-fixtures")
    }()

    struct Failure: Error, CustomStringConvertible { var description: String }

    static func path(_ name: String) throws -> String { try directory.get() + "/" + name }

    /// Upper-case colon hex, as the report writes fingerprints.
    static func colon(_ hex: String) -> String {
        var out: [String] = []
        var i = hex.startIndex
        while i < hex.endIndex {
            let j = hex.index(i, offsetBy: 2)
            out.append(hex[i..<j].uppercased())
            i = j
        }
        return out.joined(separator: ":")
    }

    /// The signers' SHA-256 digests `apksigner verify --print-certs` printed, in its order.
    static func apksigner(_ file: String) throws -> [String] {
        try String(contentsOfFile: path(file), encoding: .utf8).split(separator: "\n").compactMap { line in
            guard line.hasPrefix("Signer #"), let r = line.range(of: " certificate SHA-256 digest: ") else { return nil }
            return colon(String(line[r.upperBound...]))
        }
    }

    /// The SHA-256 fingerprints `keytool -printcert -jarfile` printed.
    static func keytool(_ file: String) throws -> [String] {
        try String(contentsOfFile: path(file), encoding: .utf8).split(separator: "\n").compactMap { line in
            let t = line.trimmingCharacters(in: .whitespaces)
            return t.hasPrefix("SHA256: ") ? String(t.dropFirst(8)) : nil
        }
    }

    /// `aapt dump badging`: package name, sdkVersion, targetSdkVersion.
    static func badging(_ name: String) throws -> (package: String, min: Int, target: Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/aapt")
        process.arguments = ["dump", "badging", try path(name)]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        func quoted(after key: String) -> String? {
            guard let r = text.range(of: key) else { return nil }
            return String(text[r.upperBound...].prefix { $0 != "'" })
        }
        return (quoted(after: "package: name='") ?? "", Int(quoted(after: "sdkVersion:'") ?? "") ?? -1,
                Int(quoted(after: "targetSdkVersion:'") ?? "") ?? -1)
    }

    /// `aasa-check apk FILE --format json`'s `apks[0]`.
    static func report(_ name: String) throws -> [String: Any] {
        let r = run(["apk", try path(name), "--format", "json"])
        let apks = try #require(try r.json()["apks"] as? [[String: Any]])
        return try #require(apks.first)
    }
}

@Suite(.serialized) struct ApkCommandTests {
    static let packages = ["v1v2v3", "v1", "v2", "v3", "rotated", "debug", "two-signers"]

    /// What devices verify per range of API levels is what apksigner says for that range, at
    /// both ends: the same signers in the same order.
    @Test(arguments: packages)
    func devicesSeeWhatApksignerSays(_ name: String) throws {
        let report = try ApkFixtures.report(name + ".apk")
        let devices = try #require(report["devices"] as? [[String: Any]])
        let files = try FileManager.default.contentsOfDirectory(atPath: try ApkFixtures.directory.get())
            .filter { $0.hasPrefix(name + ".apk.") && $0.hasSuffix(".txt") && !$0.contains("keytool") }
        #expect(!files.isEmpty)
        for file in files {
            let range = file.dropFirst(name.count + 5).dropLast(4).split(separator: "-").compactMap { Int($0) }
            let expected = try ApkFixtures.apksigner(file)
            #expect(!expected.isEmpty)
            for level in [range[0], range[1]] {
                let device = devices.first { d in
                    (d["minApi"] as? Int ?? .max) <= level && (d["maxApi"] as? Int ?? .max) >= level
                }
                #expect(device?["signers"] as? [String] == expected, "\(name) at API \(level)")
                #expect(device?["refusal"] is NSNull, "\(name) at API \(level)")
            }
        }
    }

    /// Every certificate keytool prints (the JAR signature's) is listed as a v1 signer, and the
    /// manifest's package and SDK levels are aapt's.
    @Test(arguments: packages)
    func certificatesAndManifestAreTheTools(_ name: String) throws {
        let report = try ApkFixtures.report(name + ".apk")
        let certificates = try #require(report["certificates"] as? [[String: Any]])
        let v1 = certificates.filter { $0["scheme"] as? String == "v1" }.compactMap { $0["sha256"] as? String }
        #expect(v1 == (try ApkFixtures.keytool(name + ".apk.keytool.txt")))
        let badging = try ApkFixtures.badging(name + ".apk")
        #expect(report["kind"] as? String == "apk")
        #expect(report["manifest"] as? String == "binary")
        #expect(report["package"] as? String == badging.package)
        #expect(report["minSdk"] as? Int == badging.min)
        #expect(report["targetSdk"] as? Int == badging.target)
        // The script's manifest: one autoVerify filter for https://shop.example/product/….
        let hosts = try #require(report["hosts"] as? [[String: Any]])
        #expect(hosts.count == 1)
        #expect(hosts.first?["host"] as? String == "shop.example")
        #expect(hosts.first?["autoVerify"] as? Bool == true)
        #expect(hosts.first?["file"] as? String == "https://shop.example/.well-known/assetlinks.json")
        let paths = hosts.first?["paths"] as? [[String: String]]
        #expect(paths == [["attribute": "pathPrefix", "value": "/product/"]])
        #expect(hosts.first?["allPaths"] as? Bool == false)
    }

    /// The rotated key: devices from API 28 see the new signer and accept the old one (its
    /// lineage), which is listed as a past signer; older devices see the old key.
    @Test func rotationLineage() throws {
        let report = try ApkFixtures.report("rotated.apk")
        let certificates = try #require(report["certificates"] as? [[String: Any]])
        let new = try ApkFixtures.apksigner("rotated.apk.28-32.txt")
        let old = try ApkFixtures.apksigner("rotated.apk.24-27.txt")
        #expect(new != old)
        #expect(certificates.contains { $0["role"] as? String == "lineage" && $0["sha256"] as? String == old.first })
        let devices = try #require(report["devices"] as? [[String: Any]])
        let top = try #require(devices.last)
        #expect(top["minApi"] as? Int == 28)
        #expect(top["maxApi"] is NSNull)
        #expect(top["sha256"] as? [String] == new + old)
    }

    /// An App Bundle: its protobuf manifest, and the upload key keytool prints, marked as the
    /// upload key; no device range (devices see Play's key).
    @Test func appBundle() throws {
        let report = try ApkFixtures.report("shop.aab")
        #expect(report["kind"] as? String == "aab")
        #expect(report["manifest"] as? String == "protobuf")
        #expect(report["package"] as? String == "com.example.shop")
        #expect(report["minSdk"] as? Int == 21)
        #expect(report["targetSdk"] as? Int == 33)
        let certificates = try #require(report["certificates"] as? [[String: Any]])
        #expect(certificates.map { $0["sha256"] as? String } == (try ApkFixtures.keytool("shop.aab.keytool.txt")))
        #expect(certificates.map { $0["role"] as? String } == ["upload"])
        #expect((report["devices"] as? [Any])?.isEmpty == true)
        let notes = report["notes"] as? [String] ?? []
        #expect(notes.contains { $0.contains("upload key") })
        let text = run(["apk", try ApkFixtures.path("shop.aab")])
        #expect(text.status == 0)
        #expect(text.stdout.contains("upload key"))
        #expect(text.stdout.contains("App integrity"))
    }

    /// The debug key is named as such.
    @Test func debugKey() throws {
        let report = try ApkFixtures.report("debug.apk")
        let certificates = try #require(report["certificates"] as? [[String: Any]])
        #expect(!certificates.isEmpty)
        #expect(certificates.allSatisfy { $0["debugKey"] as? Bool == true })
        #expect(run(["apk", try ApkFixtures.path("debug.apk")]).stdout.contains("debug key"))
    }

    /// The source manifest of the fixtures: its hosts, paths and findings with lines.
    @Test func sourceManifest() throws {
        let r = run(["apk", fixturePath("android/manifests/shop.xml"), "--format", "json"])
        #expect(r.status == 0)
        let json = try r.json()
        let apk = try #require((json["apks"] as? [[String: Any]])?.first)
        #expect(apk["kind"] as? String == "manifest")
        #expect(apk["manifest"] as? String == "source")
        #expect((apk["certificates"] as? [Any])?.isEmpty == true)
        let hosts = try #require(apk["hosts"] as? [[String: Any]])
        let table: [(host: String, autoVerify: Bool, allPaths: Bool, paths: [String])] = hosts.map { h in
            (h["host"] as? String ?? "", h["autoVerify"] as? Bool ?? false, h["allPaths"] as? Bool ?? false,
             (h["paths"] as? [[String: String]] ?? []).map { "\($0["attribute"]!) \($0["value"]!)" })
        }
        let expected: [(String, Bool, Bool, [String])] = [
            ("shop.example.com", true, false, ["pathPrefix /product/", "path /cart", #"pathPattern /p/.*\.html"#]),
            ("www.example.com", true, false, ["pathPrefix /product/", "path /cart", #"pathPattern /p/.*\.html"#]),
            ("*.shop.example.com", true, true, []),
            ("promo.example.com", true, false, ["path /deal"]),
        ]
        #expect(table.count == expected.count)
        for (got, want) in zip(table, expected) {
            #expect(got.host == want.0 && got.autoVerify == want.1 && got.allPaths == want.2 && got.paths == want.3, "\(got)")
        }
        #expect(hosts.first { $0["host"] as? String == "*.shop.example.com" }?["file"] as? String
                    == "https://shop.example.com/.well-known/assetlinks.json")
        let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
        let codes = diagnostics.map { "\($0["code"] as? String ?? "")@\($0["line"] as? Int ?? 0)" }
        #expect(codes.contains("DAL607@45"))
        #expect(codes.contains("DAL611@23"))
    }

    /// Bad input: a clear finding (a manifest in one of its forms that is malformed) or exit
    /// status 2 with one line on standard error (missing, a directory, a zip archive without a
    /// manifest, a truncated archive, a file in none of the manifest's forms, standard input,
    /// no FILE); the other files are still read.
    @Test func badInput() throws {
        let notXML = try temporaryFile(Array("this is not a manifest".utf8), name: UUID().uuidString + ".xml")
        let malformed = try temporaryFile(Array("<manifest package=\"a.b\"><application>".utf8), name: UUID().uuidString + ".xml")
        // A zip archive with one stored member that is not a manifest.
        var zip: [UInt8] = [0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18)
        let emptyZip = try temporaryFile(zip, name: UUID().uuidString + ".apk")
        let real = try Array(Data(contentsOf: URL(fileURLWithPath: try ApkFixtures.path("v2.apk"))))
        let truncated = try temporaryFile(Array(real.prefix(real.count / 2)), name: UUID().uuidString + ".apk")
        zip = []
        defer { for p in [notXML, malformed, emptyZip, truncated] { try? FileManager.default.removeItem(atPath: p) } }
        let good = try ApkFixtures.path("v2.apk")
        let cases: [(args: [String], status: Int32, stderr: String?, code: String?)] = [
            (["apk", "/nonexistent/app.apk", good], 2, "no such file", nil),
            (["apk", NSTemporaryDirectory(), good], 2, "is a directory", nil),
            (["apk", emptyZip, good], 2, "not an APK or App Bundle", nil),
            (["apk", truncated, good], 2, "zip", nil),
            (["apk", "-"], 2, "standard input", nil),
            (["apk"], 2, "give at least one FILE", nil),
            (["apk", notXML, good], 2, "not an .apk, an .aab nor an AndroidManifest.xml", nil),
            (["apk", malformed, good], 1, nil, "DAL601"),
        ]
        for c in cases {
            let r = run(c.args + ["--format", "json"])
            #expect(r.status == c.status, "\(c.args): \(r.stderr)")
            if let s = c.stderr { #expect(r.stderr.contains(s), "\(c.args): \(r.stderr)") }
            guard c.args.count > 1, c.args[1] != "-" else { continue }
            let json = try r.json()
            if let code = c.code {
                #expect((json["diagnostics"] as? [[String: Any]])?.contains { $0["code"] as? String == code } == true, "\(c.args)")
            }
            // The good file is still read.
            if c.args.contains(good) {
                #expect((json["apks"] as? [[String: Any]])?.contains { $0["file"] as? String == good } == true, "\(c.args)")
            }
        }
    }
}
