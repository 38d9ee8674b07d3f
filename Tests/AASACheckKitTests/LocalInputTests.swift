import Foundation
import Synchronization
import Testing
@testable import AASACheckKit
@testable import AASACore
#if canImport(Glibc)
import Glibc
#endif

/// What a local input may be (issue 22): FIFOs, devices, /proc and /sys are refused before a
/// byte is read (exit status 2 for a command-line input, AASA116 for a file another file names),
/// and no file another file names brings its contents into the output.
@Suite struct LocalInputTests {
    /// Runs aasa-check in-process on a thread of its own; a run that does not end within
    /// `seconds` fails the test, and the FIFOs given are then opened for writing and closed so
    /// a reader blocked on one gets an end of file and the test run goes on.
    func bounded(_ args: [String], fifos: [String] = [], seconds: Double = 30) -> Run {
        let result = Mutex<Run?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            let r = run(args)
            result.withLock { $0 = r }
            done.signal()
        }.start()
        if done.wait(timeout: .now() + seconds) == .timedOut {
            Issue.record("aasa-check \(args.joined(separator: " ")) did not end within \(seconds) s")
            while done.wait(timeout: .now() + 0.2) == .timedOut {
                for fifo in fifos {
                    let fd = open(fifo, O_RDWR | O_NONBLOCK)
                    if fd >= 0 { close(fd) }
                }
            }
        }
        return result.withLock { $0! }
    }

    /// A new FIFO in a directory of its own, removed with `directory`.
    func fifo(in directory: String, name: String = "input") throws -> String {
        let path = directory + "/" + name
        try #require(mkfifo(path, 0o600) == 0)
        return path
    }

    func directory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-check-local-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The values of this process's environment as /proc/self/environ holds them (the ones
    /// long enough to be told apart from other text): no output may contain one.
    func environmentValues() throws -> [String] {
        let bytes = try #require(FileManager.default.contents(atPath: "/proc/self/environ"))
        return bytes.split(separator: 0).compactMap { entry -> String? in
            let text = String(decoding: entry, as: UTF8.self)
            guard let eq = text.firstIndex(of: "=") else { return nil }
            let value = String(text[text.index(after: eq)...])
            // Paths the output names for other reasons (the checkout, the temporary directory).
            let named = [packageRoot.path, FileManager.default.currentDirectoryPath, FileManager.default.temporaryDirectory.path]
            return value.count >= 12 && !named.contains(where: { $0.contains(value) }) ? value : nil
        }
    }

    static let aasa = fixturePath("routes/soar-starter-aasa.json")

    /// Every command-line input, given a FIFO: refused at once, exit status 2, one line on
    /// standard error saying it is a FIFO; nothing waits for a writer.
    @Test func everyDirectInputRefusesAFIFO() throws {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let f = try fifo(in: dir)
        let entitlements = try temporaryFile(Array(CodeDoc.associatedDomainsPlist(["applinks:$(HOST)"]).utf8))
        defer { try? FileManager.default.removeItem(atPath: entitlements) }
        let cases: [[String]] = [
            ["validate", f],
            ["match", f, "/x"],
            ["routes", Self.aasa, "--routes", f, "--domain", "soar.example"],
            ["validate", "--config", f, Self.aasa],
            ["entitlements", f],
            ["entitlements", entitlements, "--xcconfig", f],
            ["check", "--domains", f],
            ["check", "example.com", "--format", "jsonl", "--resume", f],
            ["check", "example.com", "--cacert", f],
            ["coverage", Self.aasa, "--domain", "soar.example", "--sitemap", f],
            ["diff", f, Self.aasa],
        ]
        for args in cases {
            let r = bounded(args, fifos: [f])
            #expect(r.status == 2, "\(args): \(r.stdout)\(r.stderr)")
            #expect(r.stderr.contains("is a FIFO (named pipe), which can block or never end: not read"), "\(args): \(r.stderr)")
        }
    }

    /// Devices and the kernel's files, as command-line inputs: refused before a byte is read.
    @Test(arguments: ["/dev/zero", "/dev/urandom", "/proc/self/environ", "/proc/self/status", "/sys/kernel/mm/transparent_hugepage/enabled"])
    func devicesAndKernelFilesAreRefused(path: String) throws {
        let secrets = try environmentValues()
        let reason = path.hasPrefix("/dev/") ? "is a character device, not a regular file (a device can never end): not read"
            : "is under \(path.hasPrefix("/proc") ? "/proc" : "/sys"), whose files the kernel makes up as they are read"
        for args in [["validate", path], ["check", "--domains", path], ["check", "example.com", "--format", "jsonl", "--resume", path],
                     ["routes", Self.aasa, "--routes", path, "--domain", "soar.example"], ["entitlements", path]] {
            let r = bounded(args)
            #expect(r.status == 2, "\(args)")
            #expect(r.stderr.contains(reason), "\(args): \(r.stderr)")
            for secret in secrets { #expect(!(r.stdout + r.stderr).contains(secret)) }
        }
    }

    /// The leak of issue 22: a configuration whose route list is /proc/self/environ printed the
    /// environment (AASA705 quoted each line). Now one AASA116, in every format, quoting nothing.
    @Test func aConfigurationsRouteListUnderProcIsOneFindingThatQuotesNothing() throws {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let config = dir + "/aasa-check.json"
        try Data(#"{"routes": "/proc/self/environ"}"#.utf8).write(to: URL(fileURLWithPath: config))
        let secrets = try environmentValues()
        #expect(!secrets.isEmpty)
        for format in OutputFormat.all.map(\.rawValue) where format != "jsonl" {
            let r = bounded(["routes", Self.aasa, "--domain", "soar.example", "--config", config, "--format", format])
            #expect(r.status == 1, "\(format): \(r.stderr)")
            #expect(r.stdout.contains("AASA116"), "\(format)")
            for secret in secrets { #expect(!(r.stdout + r.stderr).contains(secret), "\(format)") }
        }
        let json = try bounded(["routes", Self.aasa, "--domain", "soar.example", "--config", config, "--json"]).json()
        let findings = try #require(json["diagnostics"] as? [[String: Any]])
        #expect(findings.map { $0["code"] as? String } == ["AASA116"])
        #expect(findings.first?["message"] as? String == "/proc/self/environ, named by \(config), is under /proc, whose files the kernel "
            + "makes up as they are read (the environment, memory, settings): not read; nothing of it is used or shown")
        #expect((json["routes"] as? [Any])?.isEmpty == true)
    }

    /// The neighbour: a configuration whose route list is a credentials file (a regular file):
    /// it is not a route list, so it is one AASA116 and nothing of it is shown (not AASA705 per
    /// line with the line quoted and an excerpt); `check` too, and a FIFO there does not block.
    @Test func aConfigurationsRouteListThatIsNotARouteListQuotesNothing() throws {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let token = "wJalrXUtnFEMI-K7MDENG-bPxRfiCYEXAMPLEKEY"
        let credentials = dir + "/credentials"
        try Data("[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = \(token)\n".utf8)
            .write(to: URL(fileURLWithPath: credentials))
        let config = dir + "/aasa-check.json"
        try Data(#"{"routes": "\#(credentials)"}"#.utf8).write(to: URL(fileURLWithPath: config))
        for format in ["text", "json", "sarif", "junit", "github", "html", "markdown"] {
            let r = bounded(["routes", Self.aasa, "--domain", "soar.example", "--config", config, "--format", format])
            #expect(r.status == 1, "\(format): \(r.stderr)")
            #expect(!(r.stdout + r.stderr).contains(token) && !(r.stdout + r.stderr).contains("AKIAIOSFODNN7EXAMPLE"), "\(format)")
            #expect(!r.stdout.contains("AASA705"), "\(format)")
        }
        let text = bounded(["routes", Self.aasa, "--domain", "soar.example", "--config", config])
        #expect(text.stdout.contains("is not a route list (entry 1 cannot be read as a route); nothing of it is used or shown"))
        // The same list on the command line is the user's own: read and quoted as before.
        let direct = bounded(["routes", Self.aasa, "--domain", "soar.example", "--routes", credentials])
        #expect(direct.status == 2 && direct.stdout.contains("AASA705"))
        // A FIFO named by the configuration: a finding, at once.
        let f = try fifo(in: dir)
        try Data(#"{"routes": "\#(f)", "entitlements": "\#(f)"}"#.utf8).write(to: URL(fileURLWithPath: config))
        let named = bounded(["routes", Self.aasa, "--domain", "soar.example", "--config", config, "--json"], fifos: [f])
        #expect(try named.codes() == ["AASA116"])
        let entitlements = bounded(["entitlements", "--config", config, "--json"], fifos: [f])
        #expect(entitlements.status == 1)
        #expect(try entitlements.codes() == ["AASA116"])
    }

    /// The second leak: an .xcconfig #include of /proc/self/environ turned the environment into
    /// build settings that `$(PATH)` printed. An include refused, or that is not an .xcconfig
    /// (a credentials file), is AASA116 and none of its settings exists.
    @Test func anXcconfigIncludeOfTheEnvironmentOrOfCredentialsDefinesNothing() throws {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let secrets = try environmentValues()
        let token = "wJalrXUtnFEMI-K7MDENG-bPxRfiCYEXAMPLEKEY"
        try Data("[default]\naws_secret_access_key = \(token)\n".utf8).write(to: URL(fileURLWithPath: dir + "/credentials"))
        try Data("#include \"/proc/self/environ\"\n#include \"credentials\"\n#include \"good.xcconfig\"\n".utf8)
            .write(to: URL(fileURLWithPath: dir + "/Release.xcconfig"))
        try Data("LINK_HOST = links.example.net\n".utf8).write(to: URL(fileURLWithPath: dir + "/good.xcconfig"))
        let entitlements = dir + "/App.entitlements"
        try Data(CodeDoc.associatedDomainsPlist(["applinks:$(PATH)", "applinks:$(aws_secret_access_key)", "applinks:$(LINK_HOST)"]).utf8)
            .write(to: URL(fileURLWithPath: entitlements))
        let r = bounded(["entitlements", entitlements, "--xcconfig", dir + "/Release.xcconfig", "--json"])
        #expect(r.status == 1, "\(r.stderr)")
        for secret in secrets + [token] { #expect(!(r.stdout + r.stderr).contains(secret)) }
        let findings = try #require(try r.json()["diagnostics"] as? [[String: Any]])
        let refused = findings.filter { $0["code"] as? String == "AASA116" }.compactMap { $0["message"] as? String }
        #expect(refused == [
            "/proc/self/environ, named by \(dir)/Release.xcconfig:1, is under /proc, whose files the kernel makes up as they are read "
                + "(the environment, memory, settings): not read; nothing of it is used or shown",
            "\(dir)/credentials, named by \(dir)/Release.xcconfig:2, is not an .xcconfig (line 1 is not a setting, an #include or a "
                + "comment); nothing of it is used or shown",
        ])
        // PATH and the key are not settings: their entries come out empty (AASA618); the good
        // include still defines LINK_HOST.
        #expect(findings.filter { $0["code"] as? String == "AASA618" }.count == 2)
        let domains = try #require((try r.json()["entitlements"] as? [[String: Any]])?.first?["associatedDomains"] as? [String])
        #expect(domains.contains("applinks:links.example.net"))
    }

    /// The third leak: a local sitemap index naming a credentials file quoted its token in
    /// AASA711. An index naming a credentials file, /proc/self/environ and a FIFO: three
    /// AASA708 that quote nothing, at once.
    @Test func aLocalSitemapIndexNamingCredentialsAProcFileAndAFIFO() throws {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let token = "ghp_16C7e42F292c6912E7710c838347Ae178B4a"
        try Data("token=\(token)\nhttps://shop.example/x \(token)\n".utf8).write(to: URL(fileURLWithPath: dir + "/credentials"))
        let f = try fifo(in: dir)
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
              <sitemap><loc>credentials</loc></sitemap>
              <sitemap><loc>file:///proc/self/environ</loc></sitemap>
              <sitemap><loc>input</loc></sitemap>
            </sitemapindex>
            """.utf8).write(to: URL(fileURLWithPath: dir + "/index.xml"))
        let secrets = try environmentValues()
        for format in ["text", "json", "jsonl", "sarif", "junit", "github", "html", "markdown"] {
            let r = bounded(["coverage", Self.aasa, "--domain", "soar.example", "--sitemap", dir + "/index.xml", "--format", format], fifos: [f])
            #expect(r.status == 1, "\(format): \(r.stderr)")
            for secret in secrets + [token] { #expect(!(r.stdout + r.stderr).contains(secret), "\(format)") }
        }
        let json = try bounded(["coverage", Self.aasa, "--domain", "soar.example", "--sitemap", dir + "/index.xml", "--json"], fifos: [f]).json()
        let messages = try #require(json["diagnostics"] as? [[String: Any]]).filter { $0["code"] as? String == "AASA708" }
            .compactMap { $0["message"] as? String }
        #expect(messages.count == 3)
        #expect(messages.contains { $0.contains("is under /proc") } && messages.contains { $0.contains("is a FIFO (named pipe)") })
    }

    /// The `.app` whose embedded.mobileprovision is a FIFO blocked forever; now the profile is
    /// one AASA116 and every bundle is still read.
    @Test func anAppWhoseProfileIsAFIFOIsReadWithoutBlocking() throws {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let app = dir + "/SoarStarterSwift.app"
        try FileManager.default.copyItem(atPath: BuiltAppCommandTests.apps + "/SoarStarterSwift.app", toPath: app)
        try FileManager.default.removeItem(atPath: app + "/embedded.mobileprovision")
        let f = try fifo(in: app, name: "embedded.mobileprovision")
        let listing = try temporaryFile(Array(BuiltAppCommandTests.listing.utf8))
        defer { try? FileManager.default.removeItem(atPath: listing) }
        let r = bounded(["entitlements", app, "--domain-file", "soarstarter.com=\(listing)", "--domain-file",
                         "www.soarstarter.com=\(listing)", "--json"], fifos: [f])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(try r.codes() == ["AASA116"])
        #expect((try r.json()["entitlements"] as? [Any])?.count == 5)
    }
}
