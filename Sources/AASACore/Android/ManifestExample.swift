/// The example input of a manifest code (``CodeExample/custom(_:)``): a source manifest (or a
/// file's raw bytes, in any form) linted as the manifest check does (``ManifestLint``).
public struct ManifestExample: KindExample {
    /// The manifest's bytes.
    public var bytes: [UInt8]
    /// Shown by `explain`: the text, or a hex summary of binary bytes.
    public var shown: String
    public var options: ManifestLint.Options

    /// A source manifest.
    public static func source(_ text: String, options: ManifestLint.Options = .init()) -> CodeExample {
        .custom(ManifestExample(bytes: Array(text.utf8), shown: text, options: options))
    }

    /// Raw bytes (a binary or protobuf manifest).
    public static func bytes(_ bytes: [UInt8]) -> CodeExample {
        .custom(ManifestExample(bytes: bytes, shown: "# AndroidManifest.xml (binary)\n" + Hex.bytes(bytes.prefix(48)) + (bytes.count > 48 ? " …" : ""),
                                options: .init()))
    }

    public var displayText: String { shown.hasPrefix("#") ? shown : "# AndroidManifest.xml\n" + shown }

    public func run() -> [Diagnostic]? { ManifestLint.lint(bytes: bytes, options: options) }
}

/// Manifests for the examples of the manifest codes.
enum ManifestSample {
    /// A `<data>` element.
    static func data(_ attributes: String) -> String { "<data \(attributes) />" }

    /// An intent filter: `autoVerify`, action VIEW, the categories (DEFAULT and BROWSABLE by
    /// default) and the `<data>` elements.
    static func filter(_ data: [String], autoVerify: Bool = true, categories: [String] = ["DEFAULT", "BROWSABLE"], extra: String = "") -> String {
        var lines = ["            <intent-filter\(autoVerify ? " android:autoVerify=\"true\"" : "")\(extra)>",
                     "                <action android:name=\"android.intent.action.VIEW\" />"]
        lines += categories.map { "                <category android:name=\"android.intent.category.\($0)\" />" }
        lines += data.map { "                " + $0 }
        lines.append("            </intent-filter>")
        return lines.joined(separator: "\n")
    }

    /// A manifest with one activity holding `filters`.
    static func manifest(_ filters: [String], minimum: Int? = 31, target: Int? = 34, exported: String? = "true", tools: Bool = false) -> String {
        let sdk = minimum == nil && target == nil ? "" : "\n    <uses-sdk" + (minimum.map { " android:minSdkVersion=\"\($0)\"" } ?? "")
            + (target.map { " android:targetSdkVersion=\"\($0)\"" } ?? "") + " />"
        return """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android"\(tools ? " xmlns:tools=\"http://schemas.android.com/tools\"" : "") package="com.example.shop">\(sdk)
            <application>
                <activity android:name=".LinkActivity"\(exported.map { " android:exported=\"\($0)\"" } ?? "")>
        \(filters.joined(separator: "\n"))
                </activity>
            </application>
        </manifest>
        """
    }

    /// The App Links filter for `example.com` done right.
    static let goodFilter = filter([data("android:scheme=\"https\" android:host=\"example.com\"")])
    /// A clean manifest: minSdk 31, target 34, one App Links filter.
    static let good = ManifestExample.source(manifest([goodFilter]))
    /// A clean manifest with these `<data>` elements in the App Links filter.
    static func with(_ data: [String], minimum: Int? = 31, target: Int? = 34) -> CodeExample {
        ManifestExample.source(manifest([filter(data)], minimum: minimum, target: target))
    }
}
