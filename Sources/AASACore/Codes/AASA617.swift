extension CodeDoc {
    static let aasa617 = CodeDoc(
        code: .aasa617, severity: .error,
        title: "The slices of a universal binary carry different entitlements",
        why: """
            A universal executable holds one slice per architecture, each with its own code \
            signature and entitlements; a device runs one slice (Apple: Building a universal macOS \
            binary; TN3125 Inside Code Signing). When the slices' entitlements differ, which domains \
            the app claims depends on the device, and a check of one slice proves nothing about the \
            other. Found by the executable reader; reported once per executable, naming the \
            architectures, the keys that differ and the associated domains only one of them has.
            """,
        fix: "Sign the universal executable once, after `lipo`, with one entitlements file.",
        failing: .executable(ExampleExecutable(
            summary: "a universal executable whose x86_64 slice lists one more domain than its arm64 slice",
            slices: [
                .init(arch: "arm64", entitlements: ExampleExecutable.plist(["applinks:soarstarter.com"]),
                      sealed: ExampleExecutable.bytes(hex: "7d19a0e050ca369ec92bd78f2c8d2cc0263e3cdf8d80d35a8a41a7e386289cc8")),
                .init(arch: "x86_64", entitlements: ExampleExecutable.plist(["applinks:soarstarter.com", "applinks:www.soarstarter.com"]),
                      sealed: ExampleExecutable.bytes(hex: "593f5cabd21f1d55d3d2697ee5a016ab8bd58d7090dd8466f4869a1a5da21f69")),
            ])),
        passing: .executable(ExampleExecutable(
            summary: "the same universal executable, both slices signed with the same entitlements",
            slices: [
                .init(arch: "arm64", entitlements: ExampleExecutable.plist(["applinks:soarstarter.com"]),
                      sealed: ExampleExecutable.bytes(hex: "7d19a0e050ca369ec92bd78f2c8d2cc0263e3cdf8d80d35a8a41a7e386289cc8")),
                .init(arch: "x86_64", entitlements: ExampleExecutable.plist(["applinks:soarstarter.com"]),
                      sealed: ExampleExecutable.bytes(hex: "7d19a0e050ca369ec92bd78f2c8d2cc0263e3cdf8d80d35a8a41a7e386289cc8")),
            ])))
}

extension DiagnosticCode {
    /// AASA617: see ``CodeDoc/aasa617``.
    public static let aasa617 = DiagnosticCode(rawValue: "AASA617")
}
