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
        // libpsl (Debian libpsl-dev) answers registrable domains from the Public Suffix List
        // compiled into the library (no file is read): the label budget of WebAuthn's related
        // origins and the RP ID's public-suffix check (webauthn-reference.md §3.4, §4).
        .systemLibrary(name: "CPSL", pkgConfig: "libpsl", providers: [.apt(["libpsl-dev"]), .brew(["libpsl"])]),
        .target(name: "AASACore", dependencies: ["CPSL"]),
        // SplitMix64, the deterministic generator of the benchmarks and the tests (not shipped).
        .target(name: "SplitMix"),
        // libcurl from Debian's libcurl4-openssl-dev; the header holds tiny
        // non-variadic shims around curl_easy_setopt/getinfo/curl_multi_setopt.
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .target(name: "AASANet", dependencies: ["CCurl", "AASACore"]),
        // zlib (Debian zlib1g-dev; in the macOS SDK too) inflates the members of .ipa, .apk and
        // .aab archives (whose directories Core reads) and gzip-compressed sitemaps; the header
        // holds tiny shims around the inflateInit2/deflateInit2 macros. libcrypto (Debian
        // libssl-dev) computes the hashes code signatures seal; macOS has CommonCrypto.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // Reading built apps from disk: files by seeking, .app/.xcarchive directories, zip
        // archives' members, gzip files, hashes. Everything it reads is judged by AASACore.
        .target(name: "AASAArtifacts", dependencies: [
            "AASACore", "CZlib",
            .target(name: "CCrypto", condition: .when(platforms: [.linux])),
        ]),
        .target(name: "AASACheckKit", dependencies: ["AASACore", "AASANet", "AASAArtifacts"]),
        .executableTarget(name: "aasa-check", dependencies: ["AASACheckKit"]),
        // The matching benchmark (scripts/bench-match.sh).
        .executableTarget(name: "aasa-bench", dependencies: ["AASACore", "SplitMix"]),
        // The diff benchmark (scripts/bench-diff.sh).
        .executableTarget(name: "aasa-diff-bench", dependencies: ["AASACore"]),
        // The local HTTPS harness (scripts/harness.sh) as the network tests start it.
        .target(name: "HarnessSupport", path: "Tests/HarnessSupport"),
        // Builds signed executables, bundles and archives for the tests and the samples
        // (scripts/make-sample-apps.sh).
        .target(name: "SampleSupport", dependencies: ["AASAArtifacts"], path: "Tests/SampleSupport"),
        // Writes the sample apps of entitlements-samples/apps and the benchmark's large .ipa
        // (scripts/make-sample-apps.sh, scripts/bench-entitlements.sh).
        .executableTarget(name: "aasa-samples", dependencies: ["SampleSupport", "AASACore"]),
        // FuzzRegressions/: the inputs fuzzing found, read by FuzzRegressionTests and scripts/fuzz.sh.
        .testTarget(name: "AASACoreTests", dependencies: ["AASACore", "AASAArtifacts", "SampleSupport", "SplitMix"],
                    exclude: ["FuzzRegressions"]),
        .testTarget(name: "AASAArtifactsTests", dependencies: ["AASAArtifacts", "AASACore", "SampleSupport"]),
        .testTarget(name: "AASACheckKitTests", dependencies: ["AASACheckKit", "AASACore", "HarnessSupport", "SampleSupport", "SplitMix"]),
        .testTarget(name: "AASANetTests", dependencies: ["AASANet", "AASACore", "HarnessSupport"]),
    ]
)
