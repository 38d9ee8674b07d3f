import AASACore

/// Reading an entitlements file, `.xcent` or provisioning profile (`entitlements`,
/// `--entitlements`, `--profile`).
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
        let label = path == "-" ? "<stdin>" : path
        do {
            let input = try InputFile.read(path, limit: EntitlementsFile.maxBytes, kind: .entitlements, console: console)
            if input.stoppedAtLimit {
                throw Unreadable(message: "\(SafeText.value(label)): " + input.tooLarge("the file") + " for entitlements and profiles", subject: label)
            }
            let file = try EntitlementsFile.read(input.bytes, path: label)
            return (file, file.container == .xmlPropertyList ? input.bytes : nil)
        } catch let error as Unreadable {
            throw error
        } catch let error as UsageError {
            throw Unreadable(message: error.message, subject: label)
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
}
