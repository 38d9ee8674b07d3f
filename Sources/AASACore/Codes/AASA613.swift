extension CodeDoc {
    static let aasa613 = CodeDoc(
        code: .aasa613, severity: .warning,
        title: "An unresolved build variable in an entry",
        why: """
            Entitlement files may hold Xcode build variables such as `$(PRODUCT_BUNDLE_IDENTIFIER)` or \
            `${associatedDomain}`, where Apple asks for a fully qualified domain (Apple: Associated \
            Domains Entitlement). Whether the signed entitlement gets a real domain depends on a build \
            setting aasa-check cannot see; an undefined variable expands to nothing and the entry \
            claims no domain. The entry is reported as unresolved, not judged as a host.
            """,
        fix: """
            Xcode expands `$(NAME)` in entitlement values when it signs, and an undefined setting becomes \
            empty. Give aasa-check the settings (`--xcconfig FILE` with `--configuration NAME`, or \
            `--build-setting NAME=VALUE`) so the entry is checked as it will be signed, or check the \
            built app (`.app`, `.ipa`, `.xcarchive`) or its `.xcent`.
            """,
        failing: .entitlements(associatedDomainsPlist(["appclips:${associatedDomain}"])),
        passing: .entitlements(associatedDomainsPlist(["appclips:clip.soarstarter.com"])))
}

extension DiagnosticCode {
    /// AASA613: see ``CodeDoc/aasa613``.
    public static let aasa613 = DiagnosticCode(rawValue: "AASA613")
}
