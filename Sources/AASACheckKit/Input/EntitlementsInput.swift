import AASAArtifacts
import AASACore
import Foundation

/// Reading what `entitlements` and `--entitlements` are given, by content, not by name: an
/// entitlements file, `.xcent` or provisioning profile; a signed Mach-O executable (thin or
/// universal); an `.app` or `.xcarchive` directory; an `.ipa` (issue 12). `--profile` takes a
/// profile only.
enum EntitlementsInput {
    /// An entitlements file or profile that cannot be read, and why.
    struct Unreadable: Error {
        var message: String
        /// The file as reports name it.
        var subject: String
    }

    /// Reads and parses one entitlements file or profile (`-` for standard input).
    /// - Returns: the file, and its bytes when it is an XML property list (for source lines).
    /// - Throws: ``Unreadable`` saying why it cannot be read.
    static func read(_ path: String, console: Console) throws(Unreadable) -> (EntitlementsFile, [UInt8]?) {
        try parse(try readInput(path, console: console), label: path == "-" ? "<stdin>" : path)
    }

    /// The bytes of `path` (`-` for standard input), up to the entitlements cap and one more.
    static func readInput(_ path: String, console: Console) throws(Unreadable) -> InputFile.Contents {
        let label = path == "-" ? "<stdin>" : path
        do {
            return try InputFile.read(path, limit: EntitlementsFile.maxBytes, kind: .entitlements, console: console)
        } catch let error as UsageError {
            throw Unreadable(message: error.message, subject: label)
        } catch {
            throw Unreadable(message: "\(SafeText.escape(label)): \(error)", subject: label)
        }
    }

    /// Parses bytes read by ``readInput(_:console:)`` as an entitlements file or profile.
    static func parse(_ input: InputFile.Contents, label: String) throws(Unreadable) -> (EntitlementsFile, [UInt8]?) {
        if input.stoppedAtLimit {
            throw Unreadable(message: "\(SafeText.value(label)): " + input.tooLarge("the file") + " for entitlements and profiles", subject: label)
        }
        do {
            let file = try EntitlementsFile.read(input.bytes, path: label)
            return (file, file.container == .xmlPropertyList ? input.bytes : nil)
        } catch {
            throw Unreadable(message: "\(SafeText.escape(label)): \(error)", subject: label)
        }
    }

    /// Reads one file; one that cannot be read is an unreadable input of `out`.
    static func read(_ path: String, into out: RunOutput, console: Console) -> EntitlementsFile? {
        do {
            let (file, bytes) = try read(path, console: console)
            if let bytes { out.source(file.path ?? "<stdin>", bytes) }
            return file
        } catch {
            out.unreadable(error.message, subject: error.subject)
            return nil
        }
    }

    /// Everything one input holds.
    struct Loaded {
        /// One per file, bundle and slice.
        var subjects: [EntitlementsSubject] = []
        /// Findings about the containers (AASA612, AASA616, AASA617, AASA619).
        var diagnostics: [Diagnostic] = []
        /// Parts that cannot be read, with the input they belong to (exit status 2).
        var unreadable: [Unreadable] = []
        /// XML bytes by label, for excerpts.
        var sources: [String: [UInt8]] = [:]
        /// What the input was: `entitlements`, `executable`, `app`, `ipa`, `xcarchive`…
        var kind = "entitlements"
    }

    /// Reads one input of any kind the commands take.
    /// - Parameter namedBy: the configuration file that names the input, when it is not a
    ///   command-line argument: then an input that yields nothing (refused by ``LocalFile``, not
    ///   entitlements, a profile or a built app) is one finding in ``Loaded/diagnostics``
    ///   (AASA116) that quotes nothing of it, instead of unreadable parts (exit status 2).
    static func load(_ path: String, namedBy: String?, console: Console, now: Date) -> Loaded {
        var loaded = load(path, console: console, now: now)
        guard let namedBy, loaded.subjects.isEmpty, !loaded.unreadable.isEmpty else { return loaded }
        let reason: String
        do {
            try LocalFile.check(path, directoryAllowed: true)
            reason = "is not entitlements, a provisioning profile or a built app"
        } catch {
            reason = error.reason
        }
        loaded.unreadable = []
        loaded.sources = [:]
        loaded.diagnostics.append(LocalInputRule.finding(path: path, namedBy: namedBy, reason: reason, source: .entitlements))
        return loaded
    }

    /// Reads one input of any kind the commands take.
    static func load(_ path: String, console: Console, now: Date) -> Loaded {
        var loaded = Loaded()
        let label = path == "-" ? "<stdin>" : path
        // Standard input: read up to the entitlements cap (an executable or archive is read by
        // seeking, which needs a regular file or a directory; a small executable is read from
        // memory, an archive is refused with what to do). A path is a regular file or a
        // directory: a FIFO, a device, /proc or /sys is refused by ArtifactReader (LocalFile).
        if path == "-" {
            do throws(Unreadable) {
                let input = try readInput(path, console: console)
                switch ContainerFormat.detect(Array(input.bytes.prefix(8))) {
                case .machO, .fat:
                    // An executable through a pipe (`<(unzip -p App.ipa …)`): read from memory
                    // when it fits the cap a pipe is read up to.
                    guard !input.stoppedAtLimit else {
                        throw Unreadable(message: "\(SafeText.value(label)): " + input.tooLarge("the executable") + " that standard "
                            + "input or a pipe is read up to; give the executable's path, which is read in place", subject: label)
                    }
                    let machO: MachOFile
                    do { machO = try MachOFile.read(MemorySource(input.bytes, name: label)) } catch {
                        throw Unreadable(message: SafeText.escape("\(label): \(error)"), subject: label)
                    }
                    take(SignedEntitlements.read(machO, file: label, bundle: nil, digest: Digests.compute),
                         kind: machO.isUniversal ? "universal executable" : "executable", label: label, into: &loaded)
                case .zip:
                    throw Unreadable(message: "\(SafeText.value(label)): a zip archive through standard input or a pipe; an .ipa "
                        + "is read in place, member by member: give its path", subject: label)
                default:
                    let (file, bytes) = try parse(input, label: label)
                    loaded.subjects = [EntitlementsSubject(source: .init(file: label), file: file)]
                    if let bytes { loaded.sources[label] = bytes }
                }
            } catch {
                loaded.unreadable.append(error)
            }
            return loaded
        }
        do {
            switch try ArtifactReader.read(path: path, label: label, now: now) {
            case .entitlements(let file, let xml):
                loaded.subjects = [EntitlementsSubject(source: .init(file: label), file: file)]
                if let xml { loaded.sources[label] = xml }
            case .builtApp(let reading, let kind):
                take(reading, kind: kind, label: label, into: &loaded)
            }
        } catch {
            loaded.unreadable.append(Unreadable(message: SafeText.escape(error.message), subject: label))
        }
        return loaded
    }

    /// A built app's bundles and slices, findings and unreadable parts, as `loaded`'s.
    private static func take(_ reading: BuiltAppReading, kind: String, label: String, into loaded: inout Loaded) {
        loaded.kind = kind
        loaded.subjects = reading.subjects
        loaded.diagnostics = reading.diagnostics
        loaded.unreadable = reading.unreadable.map { Unreadable(message: SafeText.escape($0), subject: label) }
        if reading.subjects.isEmpty, reading.unreadable.isEmpty {
            loaded.unreadable.append(Unreadable(message: "\(SafeText.escape(label)): holds no signed executable", subject: label))
        }
    }
}

/// `--xcconfig FILE`, `--configuration NAME` and `--build-setting NAME=VALUE`: build settings
/// to expand `$(NAME)` in source entitlements with (issue 12).
enum BuildSettingsInput {
    static let specs: [OptionSpec] = [
        OptionSpec("--xcconfig", value: "FILE", repeatable: true,
                   help: "Build settings (.xcconfig, #include followed) to expand $(NAME) in source entitlements with; repeatable, later files win."),
        OptionSpec("--configuration", value: "NAME", help: "The configuration whose [config=NAME] settings apply (Release, Debug…)."),
        OptionSpec("--build-setting", value: "NAME=VALUE", repeatable: true, help: "A build setting, above the .xcconfig files; repeatable."),
    ]

    /// Largest `.xcconfig` read, in bytes.
    static let xcconfigLimit = 1 << 20

    /// An `.xcconfig` file's text, read as ``LocalFile`` allows (a regular file; a FIFO, a
    /// device, `/proc` or `/sys` is refused before a byte is read) and up to ``xcconfigLimit``.
    static func xcconfigText(_ path: String) -> BuildSettings.FileRead {
        let opened: LocalFile.Opened
        do {
            opened = try LocalFile.open(path)
        } catch {
            return error.cause == .missing ? .missing : .refused(error.reason)
        }
        guard let bytes = try? opened.read(upTo: xcconfigLimit + 1, path: path) else { return .refused("cannot be read") }
        guard bytes.count <= xcconfigLimit else {
            return .refused("is larger than \(xcconfigLimit.grouped) bytes, more than an .xcconfig is read")
        }
        return .text(String(decoding: bytes, as: UTF8.self))
    }

    /// The settings given, or `nil` when none are (then `$(NAME)` stays unresolved, AASA613).
    /// Includes not read (refused, or not an `.xcconfig`) are ``BuildSettings/findings``
    /// (AASA116), which the command reports.
    /// `AppIdentifierPrefix` and `TeamIdentifierPrefix` come from `appID` or `profile` when no
    /// setting defines them (Xcode sets them when it signs: `PREFIX.`).
    /// - Throws: ``UsageError`` for an unreadable `.xcconfig` or a malformed `--build-setting`.
    static func parse(_ arguments: ParsedArguments, appID: String?, profile: ProvisioningProfile?, console: Console) throws
        -> BuildSettings?
    {
        let files = arguments.all("--xcconfig"), values = arguments.all("--build-setting")
        guard !files.isEmpty || !values.isEmpty else {
            if arguments.value("--configuration") != nil {
                throw UsageError("--configuration chooses among the settings of --xcconfig files; give one")
            }
            return nil
        }
        var settings = BuildSettings()
        settings.configuration = arguments.value("--configuration")
        for file in files {
            do {
                try settings.add(xcconfig: file, read: xcconfigText)
            } catch {
                throw UsageError("--xcconfig \(SafeText.escape(error.message))")
            }
        }
        for spec in values {
            guard let eq = spec.firstIndex(of: "="), eq != spec.startIndex,
                  spec[..<eq].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
            else {
                throw UsageError("--build-setting takes NAME=VALUE (NAME of letters, digits and _); got \(SafeText.escape(spec))")
            }
            settings.set(String(spec[..<eq]), String(spec[spec.index(after: eq)...]))
        }
        let prefix = appID.map { AppIdentity(appID: $0, origin: .argument).prefix } ?? profile?.appIDPrefix
        if let prefix, settings.matching("AppIdentifierPrefix").isEmpty {
            settings.set("AppIdentifierPrefix", prefix + ".", origin: appID != nil ? "--app-id" : "the profile")
        }
        if let team = profile?.teamIdentifiers.first ?? prefix, settings.matching("TeamIdentifierPrefix").isEmpty {
            settings.set("TeamIdentifierPrefix", team + ".", origin: "signing")
        }
        return settings
    }
}
