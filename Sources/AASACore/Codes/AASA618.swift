extension CodeDoc {
    static let aasa618 = CodeDoc(
        code: .aasa618, severity: .error,
        title: "An entry becomes empty or malformed once build settings are expanded",
        why: """
            Xcode expands `$(NAME)` and `${NAME}` in entitlement values when it signs the app, with \
            the target's build settings for the configuration built; an undefined setting becomes \
            the empty string, without a warning (Apple: Build settings reference; Xcode Help, \
            Configure the build settings of a target). An entry such as `applinks:$(LINK_HOST)` with \
            `LINK_HOST` unset for Release ships as `applinks:`, which claims no domain. Found when \
            settings are given (`--xcconfig`, `--build-setting`); reported on the entry, naming the \
            settings that are undefined or whose value breaks it.
            """,
        fix: "Define the setting for every configuration that ships (in the .xcconfig), or write the domain itself.",
        failing: .entitlementsWithSettings(
            associatedDomainsPlist(["applinks:$(LINK_HOST)"]), settings: ["OTHER_HOST": "soarstarter.com"]),
        passing: .entitlementsWithSettings(
            associatedDomainsPlist(["applinks:$(LINK_HOST)"]), settings: ["LINK_HOST": "soarstarter.com"]))
}

extension DiagnosticCode {
    /// AASA618: see ``CodeDoc/aasa618``.
    public static let aasa618 = DiagnosticCode(rawValue: "AASA618")
}
