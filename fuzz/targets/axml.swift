// seeds: .build/fuzz/seeds/axml
// dict: axml
@testable import AASACore

/// The manifest readers Android's packages need, on any bytes (issue 23): binary XML (an
/// APK's `AndroidManifest.xml`, when the input starts with a `RES_XML_TYPE` header) or
/// protobuf XML (an `.aab`'s, otherwise), then the manifest model, the App Links summary
/// (`aasa-check apk`'s hosts and paths) and the manifest lint. Seeds: the Fixtures/android
/// manifests compiled by aapt and aapt2 (scripts/make-android-manifests.sh, made by
/// scripts/fuzz.sh) and the manifests of the apksig APKs. Oracle: no crash, hang or blow-up;
/// a refusal names an offset inside the input and a bounded message without raw control
/// characters; a document read keeps the readers' bounds (nesting, elements, attributes);
/// every lint finding passes the shared oracle, and there are at most four per element or
/// attribute read, plus a handful for the document.
enum AXMLFuzz: FuzzTarget {
    static let name = "axml"

    static func run(_ data: [UInt8]) {
        let document: AndroidXMLDocument
        do {
            document = try BinaryXML.looksLikeBinaryXML(data) ? BinaryXML.read(data) : AndroidProtoXML.read(data)
        } catch {
            if let offset = error.offset, offset < 0 || offset > data.count {
                fuzzFailure("refusal at offset \(offset) outside \(data.count) bytes: \(error.message)")
            }
            let d = Diagnostic(code: .dal601, message: "The manifest cannot be read: \(error.description)")
            FuzzOracle.check(d)
            return
        }
        var elements = 0, attributes = 0, depth = 0
        func walk(_ e: AndroidXMLElement, _ level: Int) {
            elements += 1
            attributes += e.attributes.count
            depth = max(depth, level)
            for c in e.children { walk(c, level + 1) }
        }
        walk(document.root, 1)
        if depth > AndroidManifestLimits.maximumDepth { fuzzFailure("a document \(depth) elements deep") }
        if elements > AndroidManifestLimits.maximumElements || attributes > AndroidManifestLimits.maximumAttributes {
            fuzzFailure("\(elements) elements, \(attributes) attributes read")
        }
        let manifest = AndroidManifest(document)
        let app = AndroidApp(file: "AndroidManifest.xml", form: .manifest, manifest: manifest, signatures: nil)
        if app.hosts.count > elements + attributes { fuzzFailure("\(app.hosts.count) hosts from \(elements) elements") }
        let findings = ManifestLint.lint(manifest)
        for d in findings { FuzzOracle.check(d) }
        if findings.count > 4 * (elements + attributes) + 16 {
            fuzzFailure("\(findings.count) findings from \(elements) elements and \(attributes) attributes")
        }
    }
}
