// seeds: fuzz/seeds/build-settings
import Foundation
@testable import AASACore

/// `.xcconfig` files and `$(NAME)` expansion: the input is an xcconfig (`App.xcconfig`, which
/// may `#include` itself or `B.xcconfig`, the same text), a line `---`, then one text to
/// expand a line; bounded whatever the settings (references to references, `$(inherited)`,
/// cycles, operators).
enum BuildSettingsFuzz: FuzzTarget {
    static let name = "build-settings"

    static func run(_ data: [UInt8]) {
        let text = String(decoding: data, as: UTF8.self)
        let parts = text.components(separatedBy: "\n---\n")
        var settings = BuildSettings()
        settings.configuration = "Release"
        guard (try? settings.add(xcconfig: "App.xcconfig", load: { _ in parts[0] })) != nil else { return }
        for line in (parts.count > 1 ? parts[1] : "$(A)").split(separator: "\n").prefix(64) {
            _ = settings.expand(String(line))
        }
    }
}
