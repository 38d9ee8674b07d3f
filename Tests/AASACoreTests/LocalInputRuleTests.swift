import Testing
@testable import AASACore

/// The one rule every reader of local files asks before reading (issue 22), and what an
/// `.xcconfig` include that is refused or is not an `.xcconfig` becomes.
@Suite struct LocalInputRuleTests {
    typealias T = LocalInputRule.FileType

    /// (path as given, resolved path, type, a directory allowed, refused with a reason starting so)
    static let table: [(String, String?, T, Bool, String?)] = [
        ("/work/app/routes.txt", "/work/app/routes.txt", .regular, false, nil),
        ("routes.txt", nil, .regular, false, nil),
        ("/work/App.app", "/work/App.app", .directory, true, nil),
        ("/work/App.app", "/work/App.app", .directory, false, "is a directory"),
        ("/work/fifo", "/work/fifo", .fifo, false, "is a FIFO (named pipe)"),
        ("/work/fifo", "/work/fifo", .fifo, true, "is a FIFO (named pipe)"),
        ("/dev/zero", "/dev/zero", .characterDevice, false, "is a character device"),
        ("/dev/sda", "/dev/sda", .blockDevice, false, "is a block device"),
        ("/run/x.sock", "/run/x.sock", .socket, false, "is a socket"),
        // /proc and /sys, as given or where links lead; regular files there too.
        ("/proc/self/environ", "/proc/12/environ", .regular, false, "is under /proc, whose"),
        ("/proc", "/proc", .directory, true, "is under /proc, whose"),
        ("/sys/kernel/mm/transparent_hugepage/enabled", nil, .regular, false, "is under /sys, whose"),
        ("/work/env", "/proc/12/environ", .regular, false, "is under /proc (where its symbolic links lead)"),
        // Names that only start like them are other files.
        ("/processes/list.txt", "/processes/list.txt", .regular, false, nil),
        ("/system/routes.txt", "/system/routes.txt", .regular, false, nil),
        ("/work/proc/routes.txt", "/work/proc/routes.txt", .regular, false, nil),
    ]

    @Test(arguments: table.indices)
    func refusal(_ i: Int) {
        let (path, resolved, type, directoryAllowed, expected) = Self.table[i]
        let why = LocalInputRule.refusal(path: path, resolved: resolved, type: type, directoryAllowed: directoryAllowed)
        if let expected {
            #expect(why?.hasPrefix(expected) == true, "\(path): \(why ?? "allowed")")
        } else {
            #expect(why == nil, "\(path): \(why ?? "")")
        }
    }

    @Test func theFindingQuotesNothingOfTheFile() {
        let d = LocalInputRule.finding(path: "/proc/self/environ", namedBy: "aasa-check.json",
                                       reason: LocalInputRule.refusal(path: "/proc/self/environ", resolved: nil, type: .regular)!,
                                       source: .routes)
        #expect(d.code == .aasa116 && d.severity == .error && d.source == .routes)
        #expect(d.file == "/proc/self/environ" && d.target == "aasa-check.json")
        #expect(d.message == "/proc/self/environ, named by aasa-check.json, is under /proc, whose files the kernel makes up as they are "
            + "read (the environment, memory, settings): not read; nothing of it is used or shown")
    }

    /// An include refused, or that is not an `.xcconfig`, defines nothing and is one finding;
    /// the file given itself refused is an error (exit status 2), as before for a missing one.
    @Test func xcconfigIncludesThatAreNotReadDefineNothing() throws {
        let files: [String: BuildSettings.FileRead] = [
            "App.xcconfig": .text("#include \"env\"\n#include \"credentials\"\n#include \"ok.xcconfig\"\n#include? \"none.xcconfig\"\nA = 1\n"),
            "env": .refused("is under /proc, whose files the kernel makes up as they are read (the environment, memory, settings): not read"),
            "credentials": .text("HOME = /root\n[default]\nTOKEN = s3cr3t\n"),
            "ok.xcconfig": .text("HOST = shop.example // the host\n"),
        ]
        var s = BuildSettings()
        try s.add(xcconfig: "App.xcconfig", read: { files[$0] ?? .missing })
        #expect(s.expand("$(HOME)|$(TOKEN)|$(HOST)|$(A)").value == "||shop.example|1")
        #expect(s.findings.map(\.code) == [.aasa116, .aasa116])
        #expect(s.findings.map(\.message) == [
            "env, named by App.xcconfig:1, is under /proc, whose files the kernel makes up as they are read (the environment, memory, "
                + "settings): not read; nothing of it is used or shown",
            "credentials, named by App.xcconfig:2, is not an .xcconfig (line 2 is not a setting, an #include or a comment); nothing of "
                + "it is used or shown",
        ])
        #expect(!s.findings.contains { $0.message.contains("s3cr3t") || $0.message.contains("[default]") })
        // A NUL byte (the environment's separator) makes a file no .xcconfig.
        var nul = BuildSettings()
        try nul.add(xcconfig: "App.xcconfig", read: { $0 == "App.xcconfig" ? .text("#include \"e\"\n") : .text("PATH=/usr/bin\u{0}HOME=/root") })
        #expect(nul.expand("$(PATH)").value == "" && nul.findings.first?.message.contains("line 1 holds a control character") == true)
        // The file given: refused is an error; a line that is not a setting is quoted (it is the user's).
        var given = BuildSettings()
        #expect(throws: BuildSettings.ConfigError(message: "App.xcconfig: is a FIFO (named pipe), which can block or never end: not read")) {
            try given.add(xcconfig: "App.xcconfig", read: { _ in .refused("is a FIFO (named pipe), which can block or never end: not read") })
        }
        #expect(throws: BuildSettings.ConfigError(message: "App.xcconfig:1: not a setting (NAME = value): [default]")) {
            try given.add(xcconfig: "App.xcconfig", read: { _ in .text("[default]\n") })
        }
    }
}
