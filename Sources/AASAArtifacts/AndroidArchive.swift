import AASACore

/// An Android package read from disk: an `.apk` or an Android App Bundle (`.aab`), told apart by
/// its members (`AndroidManifest.xml` at the root, or `base/manifest/AndroidManifest.xml`), with
/// its signing certificates (``APKSignatures``, Core) — read in place, never extracted.
///
/// The zip reader's bounds apply (``ZipTree``); the JAR signature's files are read up to
/// ``JARSignature/maxBlockBytes`` each, the APK Signing Block up to ``APKSigningBlock/maxBytes``;
/// nothing else is inflated, so a 200 MB APK costs its central directory, its signing block and
/// a few kilobytes of `META-INF/`.
public struct AndroidArchive: Sendable {
    /// The members.
    public let tree: ZipTree
    /// `.apk` or `.appBundle`.
    public let container: APKSignatures.Container
    /// The signatures and what devices verify.
    public let signatures: APKSignatures

    /// Where the manifest is: `AndroidManifest.xml` (binary XML) in an APK,
    /// `base/manifest/AndroidManifest.xml` (protobuf XML) in a bundle.
    public var manifestPath: String {
        container == .apk ? "AndroidManifest.xml" : "base/manifest/AndroidManifest.xml"
    }

    /// Reads the package at `path`.
    /// - Parameter name: how messages name it (the path as given).
    /// - Throws: ``ContainerError`` when it is not a readable zip archive, or holds neither manifest.
    public init(path: String, name: String? = nil) throws(ContainerError) {
        try self.init(tree: try ZipTree(path: path, name: name ?? path))
    }

    /// Reads the package whose members are `tree`.
    public init(tree: ZipTree) throws(ContainerError) {
        self.tree = tree
        if tree.directory.entry("AndroidManifest.xml") != nil {
            container = .apk
        } else if tree.directory.entry("base/manifest/AndroidManifest.xml") != nil {
            container = .appBundle
        } else {
            throw .unsupported("\(tree.name) is a zip archive without AndroidManifest.xml or base/manifest/AndroidManifest.xml: "
                + "not an APK or App Bundle")
        }
        signatures = APKSignatures.read(archive: tree.source, directory: tree.directory, container: container,
                                        file: { (member: String) throws(ContainerError) -> [UInt8] in
                                            try tree.readAll(member, limit: JARSignature.maxBlockBytes, what: member)
                                        }, digest: Digests.compute)
    }
}
