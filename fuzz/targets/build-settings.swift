// seeds: fuzz/seeds/build-settings
import Foundation
@testable import AASACheckKit
@testable import AASACore

/// `.xcconfig` files and `$(NAME)` expansion: the input is an xcconfig (`App.xcconfig`, which
/// may `#include` itself or `B.xcconfig`, the same text), a line `---`, then one text to
/// expand a line; bounded whatever the settings (references to references, `$(inherited)`,
/// cycles, operators). Then as `entitlements App.entitlements --xcconfig App.xcconfig` reads
/// them from disk, each text an associated domain of the source entitlements, printed in one
/// of the command's formats through the output oracle (FuzzRender).
enum BuildSettingsFuzz: FuzzTarget {
    static let name = "build-settings"
    /// The folder each input's files are written to, removed when the fuzzer exits.
    static let folder: String = {
        let folder = NSTemporaryDirectory() + "aasa-fuzz-xcconfig-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: BuildSettingsFuzz.folder) }
        return folder
    }()

    static func run(_ data: [UInt8]) {
        let text = String(decoding: data, as: UTF8.self)
        let parts = text.components(separatedBy: "\n---\n")
        var settings = BuildSettings()
        settings.configuration = "Release"
        guard (try? settings.add(xcconfig: "App.xcconfig", load: { _ in parts[0] })) != nil else { return }
        let lines = (parts.count > 1 ? parts[1] : "$(A)").split(separator: "\n").prefix(64).map(String.init)
        for line in lines {
            _ = settings.expand(line)
        }

        for name in ["App.xcconfig", "B.xcconfig"] {
            guard (try? Data(parts[0].utf8).write(to: URL(fileURLWithPath: "\(folder)/\(name)"))) != nil else { return }
        }
        func xml(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        }
        let entitlements = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>com.apple.developer.associated-domains</key><array>
            \(lines.map { "<string>applinks:\(xml($0))</string>" }.joined(separator: "\n"))
            </array></dict></plist>
            """
        let path = "\(folder)/App.entitlements"
        guard (try? Data(entitlements.utf8).write(to: URL(fileURLWithPath: path))) != nil else { return }
        var arguments = ParsedArguments()
        arguments.values["--xcconfig"] = ["\(folder)/App.xcconfig"]
        arguments.values["--configuration"] = ["Release"]
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in data { hash = (hash ^ UInt64(b)) &* 0x100_0000_01B3 }
        FuzzRender.check(FuzzRender.format(for: hash, command: "entitlements"), command: "entitlements",
                         limit: FuzzRender.limit(input: data.count + entitlements.utf8.count)) { out, console in
            FuzzRender.entitlements([path], arguments: arguments, out, console)
        }
    }
}
