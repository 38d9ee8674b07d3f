import AASACore
import Foundation

/// Reads what `aasa-check entitlements FILE` (and `check --entitlements FILE`) is given, by its
/// bytes rather than its name (issue 12): an entitlements file, `.xcent` or provisioning profile;
/// a signed Mach-O executable, thin or universal; an `.app` or `.xcarchive` directory; an
/// `.ipa`. Files are read by seeking (``FileSource``), archives by streaming (``ZipTree``);
/// everything read is judged by AASACore.
public enum ArtifactReader {
    /// What an input turned out to be.
    public enum Reading: Sendable {
        /// An entitlements file or profile, with its bytes when it is an XML property list
        /// (for source excerpts).
        case entitlements(EntitlementsFile, xml: [UInt8]?)
        /// A built app: its bundles' signed entitlements and the containers' findings.
        case builtApp(BuiltAppReading, kind: String)
    }

    /// Why an input could not be read at all (exit status 2).
    public struct Unreadable: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Reads the input at `path`.
    /// - Parameters:
    ///   - label: how reports name it (the path as given).
    ///   - now: the time provisioning profiles' expiry is judged against.
    /// - Throws: ``Unreadable`` saying why, naming the input: missing, refused by
    ///   ``LocalInputRule`` (a FIFO, a device, `/proc`, `/sys`), or not readable as any kind.
    public static func read(path: String, label: String, now: Date) throws(Unreadable) -> Reading {
        // A FIFO, a device, /proc or /sys: refused before a byte is read (``LocalFile``).
        let kind: LocalInputRule.FileType
        do { kind = try LocalFile.check(path, directoryAllowed: true) } catch {
            throw Unreadable(message: "\(label): \(error.reason)")
        }
        if kind == .directory {
            let tree = DirectoryTree(root: path, name: label)
            let layout: AppBundles.Layout?
            do { layout = try AppBundles.layout(of: tree) } catch { throw Unreadable(message: "\(label): \(error)") }
            guard let layout, layout != .ipa else {
                throw Unreadable(message: "\(label): is a directory that holds no app; give an .app or .xcarchive directory, "
                    + "an .ipa, an executable, or an .entitlements, .xcent or .mobileprovision file")
            }
            return .builtApp(AppBundles.read(tree, layout: layout, file: label, digest: Digests.compute, now: now),
                             kind: layout == .app ? "app" : "xcarchive")
        }
        let source: FileSource
        let head: [UInt8]
        do {
            source = try FileSource(path: path, name: label)
            head = try source.head()
        } catch {
            throw Unreadable(message: "\(label): \(error)")
        }
        switch ContainerFormat.detect(head) {
        case .machO, .fat:
            do {
                let machO = try MachOFile.read(source)
                return .builtApp(SignedEntitlements.read(machO, file: label, bundle: nil, digest: Digests.compute),
                                 kind: machO.isUniversal ? "universal executable" : "executable")
            } catch {
                throw Unreadable(message: "\(label): \(error)")
            }
        case .zip:
            do {
                let tree = try ZipTree(path: path, name: label)
                guard let layout = try AppBundles.layout(of: tree), layout != .app else {
                    throw ContainerError.unsupported("a zip archive without Payload/*.app: not an .ipa")
                }
                return .builtApp(AppBundles.read(tree, layout: layout, file: label, digest: Digests.compute, now: now),
                                 kind: "ipa")
            } catch {
                throw Unreadable(message: "\(label): \(error)")
            }
        default:
            guard source.size <= EntitlementsFile.maxBytes else {
                throw Unreadable(message: "\(label): the file is \(source.size) bytes, over the limit of "
                    + "\(EntitlementsFile.maxBytes) bytes for entitlements and profiles")
            }
            do {
                let bytes = try source.read(0..<source.size)
                let file = try EntitlementsFile.read(bytes, path: label)
                return .entitlements(file, xml: file.container == .xmlPropertyList ? bytes : nil)
            } catch {
                throw Unreadable(message: "\(label): \(error)")
            }
        }
    }
}
