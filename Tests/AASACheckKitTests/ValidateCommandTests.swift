import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import AASACheckKit

@Suite struct ValidateCommandTests {
    static let corpus: [String] = {
        let dir = fixturePath("corpus/aasa")
        return (try? FileManager.default.contentsOfDirectory(atPath: dir))!.sorted().map { dir + "/" + $0 }
    }()

    @Test(arguments: corpus)
    func corpusGivesValidJSON(_ path: String) throws {
        let r = run(["validate", "--format", "json", path])
        #expect(r.status == 0 || r.status == 1)
        let json = try r.json()
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["exitCode"] as? Int == Int(r.status))
        for d in try #require(json["diagnostics"] as? [[String: Any]]) {
            #expect((d["code"] as? String)?.hasPrefix("AASA") == true)
            #expect(["error", "warning", "info"].contains(d["severity"] as? String ?? ""))
            #expect(d["file"] as? String == path)
            #expect(d.keys.contains("line") && d.keys.contains("column") && d.keys.contains("pointer"))
        }
    }

    /// A webauthn file is read as a client reads it, not as an AASA file (no AASA301/AASA310
    /// on its "origins"): by its name, by its first member on standard input, or by --kind.
    @Test func webauthnFileIsReadAsOne() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("validate-webauthn-\(getpid())/.well-known")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("webauthn").path
        try Data(#"{"origins": ["https://example.co.uk", "example.de"]}"#.utf8).write(to: URL(fileURLWithPath: path))
        let r = run(["validate", "--json", path])
        let codes = ((try r.json()["diagnostics"] as? [[String: Any]]) ?? []).compactMap { $0["code"] as? String }
        #expect(codes.allSatisfy { $0.hasPrefix("WAN") } && !codes.isEmpty, "\(codes)")
        let skipped = try #require((try r.json()["diagnostics"] as? [[String: Any]])?.first { ($0["message"] as? String)?.contains("example.de") == true })
        #expect(skipped["file"] as? String == path && skipped["line"] as? Int == 1)
        #expect(r.status == 1)
        let good = #"{"origins": ["https://example.co.uk", "https://example.de"]}"#
        let stdin = run(["validate", "-"], stdin: Array(good.utf8))
        #expect(stdin.status == 0 && !stdin.stdout.contains("AASA"), "\(stdin.stdout)")
        let forced = run(["validate", "--kind", "webauthn", "--json", "-"], stdin: Array(#"{"related_origins": ["https://example.co.uk"]}"#.utf8))
        let forcedCodes = ((try forced.json()["diagnostics"] as? [[String: Any]]) ?? []).compactMap { $0["code"] as? String }
        #expect(forcedCodes.contains("WAN302") && forced.status == 1, "\(forcedCodes)")
        #expect(run(["validate", "--kind", "passkeys", "-"], stdin: Array(good.utf8)).stderr.contains("expected aasa or assetlinks or webauthn"))
    }

    @Test func fiveCallsTrailingCommaAtLine17Column14() throws {
        let r = run(["validate", "--json", fixturePath("corpus/aasa/5calls__5calls__static_.well-known_apple-app-site-association")])
        let d = try #require((try r.json()["diagnostics"] as? [[String: Any]])?.first)
        #expect(d["code"] as? String == "AASA203")
        #expect(d["line"] as? Int == 17 && d["column"] as? Int == 14)
        #expect(r.status == 1)
    }

    @Test func textOutputIsCompilerStyle() {
        let path = fixturePath("corpus/aasa/5calls__5calls__static_.well-known_apple-app-site-association")
        let r = run(["validate", path])
        #expect(r.stdout.hasPrefix("\(path):17:14: error[AASA203]: a trailing comma before ']' is not allowed in JSON\n"))
        #expect(r.stdout.contains(" 17 |              ]\n    |              ^\n"))
        #expect(r.stdout.hasSuffix("1 file: 1 error, 0 warnings, 0 infos — failed\n"))
        #expect(!r.stdout.contains("\u{1B}["), "no colour when not a terminal")
    }

    @Test func failOnControlsTheExitStatus() {
        let warnOnly = fixturePath("corpus/aasa/Aharonik1__furnis-app-site-association__apple-app-site-association")
        #expect(run(["validate", warnOnly]).status == 0)
        #expect(run(["validate", "--fail-on", "warning", warnOnly]).status == 1)
        #expect(run(["validate", "--fail-on", "never", fixturePath("corpus/aasa/5calls__5calls__static_.well-known_apple-app-site-association")]).status == 0)
        #expect(run(["validate", "--fail-on", "sometimes", warnOnly]).status == 2)
    }

    // MARK: Bad input: a clear diagnostic or usage error and the right exit status, never a crash.

    @Test func directoryIsAUsageError() {
        let r = run(["validate", fixturePath("corpus")])
        #expect(r.status == 2)
        #expect(r.stderr.contains("is a directory"))
    }

    @Test func missingFileIsAUsageErrorAndOtherFilesAreStillChecked() throws {
        let good = fixturePath("corpus/aasa/Provenance-Emu__provenance-emu.github.io__.well-known_apple-app-site-association")
        let r = run(["validate", "--json", "/nonexistent/aasa.json", good])
        #expect(r.status == 2)
        #expect(r.stderr.contains("/nonexistent/aasa.json: no such file"))
        let json = try r.json()
        #expect((json["unreadable"] as? [String])?.count == 1)
        #expect(json["diagnostics"] != nil)
    }

    @Test func tenMegabyteFileIsAASA107() throws {
        let path = try temporaryFile(Array(repeating: UInt8(ascii: " "), count: 10 * 1_048_576 - 2) + Array("{}".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = run(["validate", "--json", path])
        #expect(r.status == 1)
        let codes = try r.codes()
        #expect(codes == ["AASA107"])
        #expect(r.stdout.contains("10485760 bytes"))
    }

    @Test func deepNestingIsAASA201NotACrash() throws {
        let bytes = Array(repeating: UInt8(ascii: "["), count: 100_000) + Array(repeating: UInt8(ascii: "]"), count: 100_000)
        // A JSON array is Android's statement list unless --kind says otherwise (issue 23).
        let r = run(["validate", "--json", "--kind", "aasa", "-"], stdin: bytes)
        #expect(r.status == 1)
        let all = try #require(try r.json()["diagnostics"] as? [[String: Any]])
        #expect(all.map { $0["code"] as? String } == ["AASA107", "AASA201"], "200,000 bytes is over the size limit too")
        let d = all[1]
        #expect((d["message"] as? String)?.contains("nested deeper than 256") == true)
        #expect(d["line"] as? Int == 1 && d["column"] as? Int == 257)
        let android = run(["validate", "--json", "-"], stdin: bytes)
        #expect(android.status == 1)
        let found = try #require(try android.json()["diagnostics"] as? [[String: Any]])
        #expect(found.map { $0["code"] as? String } == ["DAL201", "DAL107"], "over 131,072 bytes is unusually large for a statement list")
        #expect((found[0]["message"] as? String)?.contains("nested deeper than 256") == true)
        #expect(found[0]["line"] as? Int == 1 && found[0]["column"] as? Int == 257)
    }

    @Test func randomBytesGetAClearDiagnostic() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let r = run(["validate", "--json", "-"], stdin: bytes)
            #expect(r.status == 1)
            let codes = try r.codes()
            #expect(!codes.isEmpty)
            // A first byte `[` (after white space) makes it Android's statement list (issue 23).
            let array = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "[")
            let expected = array ? ["DAL201", "DAL202", "DAL205", "DAL203"] : ["AASA201", "AASA202", "AASA205", "AASA113", "AASA203"]
            #expect(codes.allSatisfy { expected.contains($0) }, "\(codes)")
        }
    }

    @Test func emptyFileIsAASA112() throws {
        let path = try temporaryFile([])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = run(["validate", "--json", path])
        #expect(r.status == 1)
        #expect(try r.codes() == ["AASA112"])
    }

    @Test func unknownOptionSuggestsTheNearest() {
        let r = run(["validate", "--fromat", "json", "x"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("unknown option --fromat"))
        #expect(r.stderr.contains("did you mean --format?"))
    }

    /// `--no-cdn` where the command decides by the CDN copy: the option that does what was
    /// meant (`--origin`), not a nearest spelling; `validate` (no `--origin`) keeps the plain error.
    @Test(arguments: [
        (["match", "example.com", "https://example.com/", "--no-cdn"], true),
        (["coverage", "example.com", "--no-cdn"], true),
        (["validate", "--no-cdn", "x"], false),
    ])
    func noCDNWhereTheCDNDecidesNamesOrigin(args: [String], names: Bool) {
        let r = run(args)
        #expect(r.status == 2)
        #expect(r.stderr.contains("unknown option --no-cdn"))
        #expect(r.stderr.contains("give --origin to use the origin file instead") == names, "\(r.stderr)")
    }

    @Test func helpAndVersion() {
        #expect(run(["--version"]).stdout == "aasa-check \(AASACheck.version)\n")
        let help = run(["validate", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: aasa-check validate"))
        #expect(help.stdout.contains("EXAMPLES:"))
        #expect(run([]).status == 2)
        let overview = run(["--help"])
        #expect(overview.status == 0)
        #expect(overview.stdout.contains("EXAMPLES:\n  # Check a domain"))
        #expect(overview.stdout.contains("aasa-check diff example.com public/.well-known/apple-app-site-association"))
    }

    @Test func explainEveryCode() {
        let list = run(["explain"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("AASA203"))
        let one = run(["explain", "203"])
        #expect(one.stdout.contains("AASA203 (error)"))
        #expect(one.stdout.contains("Failing example:"))
        #expect(run(["explain", "AASA999"]).status == 2)
    }

    /// Before: text cut each example at 600 characters ("<data android:scheme="ht …"), so a
    /// manifest example lost the very element it was about (issue 23, new-user finding 14).
    @Test func explainPrintsEachExampleWhole() throws {
        let text = run(["explain", "DAL627"]).stdout
        let failing = try #require(text.range(of: "Failing example:\n")), passing = try #require(text.range(of: "Passing example:\n"))
        let example = text[failing.upperBound..<passing.lowerBound]
        #expect(example.count > 600)
        #expect(example.contains("android:host=\"example.com\""))
        #expect(example.contains("</manifest>"))
        #expect(!example.contains(" …"))
    }
}

@Suite struct OutputTests {
    @Test func lostOutputIsExitStatusTwoNotACrash() {
        let capture = Capture()
        let console = Console(stdout: { _ in }, stderr: { capture.appendErr($0) }, outputFailed: { true })
        let status = AASACheck.main(["explain", "AASA203"], console: console)
        #expect(status == 2)
        #expect(capture.err.contains("cannot write to standard output"))
    }

    #if os(Linux)
    /// `/dev/full` (Linux) fails every write with ENOSPC.
    @Test func descriptorWriterRecordsFailureInsteadOfTrapping() throws {
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        defer { close(full) }
        let writer = DescriptorWriter(fd: full)
        writer.write("hello")
        #expect(writer.failed)
        writer.write("again")
        #expect(writer.failed)
    }
    #endif

    @Test func lineReaderSkipsLongLinesWholeAndSaysWhich() throws {
        var fds: [Int32] = [0, 0]
        // Close-on-exec: a process another test spawns meanwhile must not hold the write end open.
        try #require(pipe(&fds) == 0)
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        let long = String(repeating: "x", count: LineReader.maxLine + 10)
        let payload = Array("a\r\n\(long)\nlast".utf8)
        let writeEnd = fds[1]
        let writer = Thread {
            payload.withUnsafeBytes { raw in
                var off = 0
                while off < raw.count {
                    let n = write(writeEnd, raw.baseAddress! + off, raw.count - off)
                    if n <= 0 { break }
                    off += n
                }
            }
            close(writeEnd)
        }
        writer.start()
        let reader = LineReader(fd: fds[0])
        #expect(reader.next() == InputLine(text: "a", number: 1))
        // Never cut: the long line is skipped whole and reported with its number.
        #expect(reader.next() == InputLine(text: "", number: 2, tooLong: true))
        #expect(reader.next() == InputLine(text: "last", number: 3))
        #expect(reader.next() == nil)
        close(fds[0])
    }

    @Test func matchStreamsURLsFromStandardInput() {
        let doc = fixturePath("corpus/aasa/AlekseyLupach__Apple-Associated__.well-known_apple-app-site-association")
        let r = run(["match", doc], stdin: Array("/buy/1\n# a comment\n\n/about\n".utf8))
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("/buy/1\n  match    XAUZ4DLS7V.com.curbio.curbio\n"))
        #expect(r.stdout.contains("/about\n  no_match XAUZ4DLS7V.com.curbio.curbio\n"))
        #expect(r.stdout.contains("2 decisions, 1 opens the app"))
    }
}

/// `match` with URLs on standard input: each line decided whole, or refused with its number
/// (issue 10, item 13).
@Suite struct MatchStandardInputTests {
    static let doc = fixturePath("routes/soar-starter-aasa.json")

    @Test func aLineTooLongToReadIsRefusedWithItsNumberAndTheOthersAreDecided() throws {
        let long = "/todos/" + String(repeating: "x", count: LineReader.maxLine)
        let r = run(["match", Self.doc, "--domain", "soar.example"], stdin: Array("/todos/1\n\(long)\n/paywall\n".utf8))
        #expect(r.status == 2)
        #expect(r.stderr == "aasa-check: <stdin>:2: the line is longer than \(LineReader.maxLine) bytes; it is not decided\n")
        #expect(r.stdout.contains("https://soar.example/todos/1\n  match "))
        #expect(r.stdout.contains("https://soar.example/paywall\n  match "))
        #expect(!r.stdout.contains("xxxxxxxxxx"), "no decision on a cut line")
        #expect(r.stdout.contains("2 decisions, 2 open the app"))
        let json = run(["match", Self.doc, "--domain", "soar.example", "--json"], stdin: Array("\(long)\n".utf8))
        #expect(json.status == 2)
        #expect((try json.json()["unreadable"] as? [String]) == ["<stdin>:1: the line is longer than \(LineReader.maxLine) bytes; it is not decided"])
        #expect((try json.json()["matches"] as? [Any])?.isEmpty == true)
    }

    /// A line whose bytes are not UTF-8 is not decided as a repaired URL (U+FFFD in place of the
    /// byte would be a different URL): refused with its line, column and byte, and the other
    /// lines decided; the same for Android's decisions, which read URLs the same way.
    @Test func aLineThatIsNotUTF8IsRefusedWithItsPlaceAndTheOthersAreDecided() throws {
        let input = Array("/todos/1\n/todos/".utf8) + [0xFF] + Array("x\n/paywall\n".utf8)
        let r = run(["match", Self.doc, "--domain", "soar.example"], stdin: input)
        #expect(r.status == 2)
        #expect(r.stderr == "aasa-check: <stdin>:2:8: the byte 0xFF is not UTF-8; the line is not decided (a URL spells such a byte %FF)\n")
        #expect(r.stdout.contains("https://soar.example/todos/1\n  match "))
        #expect(r.stdout.contains("https://soar.example/paywall\n  match "))
        #expect(!r.stdout.contains("\u{FFFD}"), "no decision on a repaired line")
        #expect(r.stdout.contains("2 decisions, 2 open the app"))
        // A truncated sequence at the end of the line, after a byte order mark on line 1: the
        // column counts the line's bytes as given.
        let json = run(["match", Self.doc, "--domain", "soar.example", "--json"], stdin: [0xEF, 0xBB, 0xBF] + Array("/caf".utf8) + [0xC3] + [0x0A])
        #expect(json.status == 2)
        #expect((try json.json()["unreadable"] as? [String]) == ["<stdin>:1:8: the byte 0xC3 is not UTF-8; the line is not decided (a URL spells such a byte %C3)"])
        #expect((try json.json()["matches"] as? [Any])?.isEmpty == true)
        // Valid UTF-8 beyond ASCII is read as it is.
        let accented = run(["match", Self.doc, "--domain", "soar.example", "--json"], stdin: Array("/todos/café\n".utf8))
        #expect(accented.status == 0, "\(accented.stderr)")
        let assetLinks = fixturePath("harness/assetlinks.json")
        let android = run(["match", assetLinks, "--package", "com.aasacheck.shop"], stdin: Array("https://shop.example/product/".utf8) + [0x80] + [0x0A])
        #expect(android.status == 2)
        #expect(android.stderr == "aasa-check: <stdin>:1:30: the byte 0x80 is not UTF-8; the line is not decided (a URL spells such a byte %80)\n")
    }

    /// URLs from a file saved on Windows: the byte order mark before the first is not part of
    /// it, and CR LF ends each line.
    @Test func aByteOrderMarkAndWindowsLineEndsAreNotPartOfTheURLs() throws {
        let r = run(["match", Self.doc, "--domain", "soar.example", "--json"], stdin: Array("\u{FEFF}/todos/1\r\n/paywall\r\n".utf8))
        #expect(r.status == 0, "\(r.stderr)")
        let matches = try #require(try r.json()["matches"] as? [[String: Any]])
        #expect(matches.compactMap { $0["url"] as? String } == ["https://soar.example/todos/1", "https://soar.example/paywall"])
        #expect(matches.allSatisfy { $0["decision"] as? String == "match" })
        // Only the first line's mark is dropped: one later in the input is the user's text.
        let later = run(["match", Self.doc, "--domain", "soar.example"], stdin: Array("/todos/1\n\u{FEFF}/paywall\n".utf8))
        #expect(later.status == 2)
    }

    /// The line reader of `--domains` files and standard input drops the mark on line 1 only,
    /// and a CR before each line feed.
    @Test func theLineReaderDropsAByteOrderMarkOnLineOneAndCRs() throws {
        let path = try temporaryFile(Array("\u{FEFF}example.com\r\n\u{FEFF}x.com\r\nlast.com\r".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_RDONLY)
        #expect(fd >= 0)
        defer { close(fd) }
        let reader = LineReader(fd: fd)
        var lines: [InputLine] = []
        while let line = reader.next() { lines.append(line) }
        #expect(lines == [InputLine(text: "example.com", number: 1), InputLine(text: "\u{FEFF}x.com", number: 2),
                          InputLine(text: "last.com", number: 3)])
    }

    @Test func aLineJustUnderTheLimitIsDecidedWhole() throws {
        let path = "/todos/" + String(repeating: "y", count: LineReader.maxLine - 7)
        #expect(path.utf8.count == LineReader.maxLine)
        let r = run(["match", Self.doc, "--domain", "soar.example", "--json"], stdin: Array("\(path)\r\n".utf8))
        #expect(r.status == 0)
        let matches = try #require(try r.json()["matches"] as? [[String: Any]])
        #expect(matches.count == 1)
        #expect((matches.first?["url"] as? String)?.utf8.count == "https://soar.example".utf8.count + LineReader.maxLine)
        #expect(matches.first?["decision"] as? String == "match")
    }

    @Test func onATerminalItSaysURLsAreReadFromStandardInput() {
        let capture = Capture()
        let console = Console(stdout: { capture.appendOut($0) }, stderr: { capture.appendErr($0) }, stdinIsTerminal: true,
                              readStandardInput: { _ in Array("/todos/1\n".utf8) })
        let status = AASACheck.main(["match", Self.doc, "--domain", "soar.example"], console: console)
        #expect(status == 0)
        #expect(capture.err == "aasa-check match: reading URLs from standard input, one a line; end with Ctrl-D\n")
        // Not on a pipe: nothing on standard error.
        #expect(run(["match", Self.doc, "--domain", "soar.example"], stdin: Array("/todos/1\n".utf8)).stderr.isEmpty)
    }
}
