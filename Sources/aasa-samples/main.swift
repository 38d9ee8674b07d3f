import Foundation
import SampleSupport

// aasa-samples DIR [PROFILE]       writes the sample apps of entitlements-samples/apps into DIR
// aasa-samples --bench-ipa MB OUT  writes an .ipa whose executable has MB megabytes of code
let args = Array(CommandLine.arguments.dropFirst())
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(("aasa-samples: " + message + "\n").utf8))
    exit(2)
}
do {
    if args.first == "--bench-ipa" {
        guard args.count == 3, let mb = Int(args[1]) else { fail("usage: aasa-samples --bench-ipa MB OUT.ipa") }
        try SampleSet.benchmarkIPA(megabytes: mb, to: args[2])
        exit(0)
    }
    guard let dir = args.first else { fail("usage: aasa-samples DIR [PROFILE.mobileprovision]") }
    let profile = args.count > 1 ? [UInt8](try Data(contentsOf: URL(fileURLWithPath: args[1]))) : nil
    var index = "| File | What it is |\n|---|---|\n"
    for (name, bytes, what) in SampleSet.executables() {
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/" + name))
        index += "| `\(name)` | \(what) |\n"
    }
    let app = SampleSet.app(profile: profile)
    try SampleArchive.writeDirectory(app.files(under: ""), to: dir)
    try SampleArchive.writeZip(app.files(under: "Payload"), to: dir + "/SoarStarterSwift.ipa")
    try SampleArchive.writeDirectory(app.files(under: "Products/Applications"), to: dir + "/SoarStarterSwift.xcarchive")
    print(index, terminator: "")
} catch {
    fail("\(error)")
}
