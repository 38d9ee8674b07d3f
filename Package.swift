// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "aasa-check",
    // macOS 15: the Synchronization module (Mutex, Atomic). Linux has no minimum.
    platforms: [.macOS(.v15)],
    products: [
        // The core: strict JSON with positions, the document model, validation,
        // rule analysis and Apple-exact URL matching. No I/O.
        .library(name: "AASACore", targets: ["AASACore"]),
        .executable(name: "aasa-check", targets: ["aasa-check"]),
    ],
    targets: [
        .target(name: "AASACore"),
        // libcurl from Debian's libcurl4-openssl-dev; the header holds tiny
        // non-variadic shims around curl_easy_setopt/getinfo/curl_multi_setopt.
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .target(name: "AASANet", dependencies: ["CCurl", "AASACore"]),
        .target(name: "AASACheckKit", dependencies: ["AASACore", "AASANet"]),
        .executableTarget(name: "aasa-check", dependencies: ["AASACheckKit"]),
        // The matching benchmark (scripts/bench-match.sh).
        .executableTarget(name: "aasa-bench", dependencies: ["AASACore"]),
        // The diff benchmark (scripts/bench-diff.sh).
        .executableTarget(name: "aasa-diff-bench", dependencies: ["AASACore"]),
        // The local HTTPS harness (scripts/harness.sh) as the network tests start it.
        .target(name: "HarnessSupport", path: "Tests/HarnessSupport"),
        // FuzzRegressions/: the inputs fuzzing found, read by FuzzRegressionTests and scripts/fuzz.sh.
        .testTarget(name: "AASACoreTests", dependencies: ["AASACore"], exclude: ["FuzzRegressions"]),
        .testTarget(name: "AASACheckKitTests", dependencies: ["AASACheckKit", "AASACore", "HarnessSupport"]),
        .testTarget(name: "AASANetTests", dependencies: ["AASANet", "AASACore", "HarnessSupport"]),
    ]
)
