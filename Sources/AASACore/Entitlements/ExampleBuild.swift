/// The examples of the codes that judge a built app's signed entitlements beside something
/// else: its provisioning profile (AASA622), the source entitlements (AASA623, AASA624), the
/// domains `check` is given (AASA621). Each runs the pipeline the commands run
/// (``EntitlementsLinter``, ``SourceAndBuild``, ``CheckedDomain``) on text.

/// Signed entitlements (XML, as `codesign -d --entitlements -` prints them) and the decoded
/// provisioning profile embedded beside them, linted as `entitlements App.ipa` lints a bundle.
public struct SignedBuildExample: KindExample {
    public var signed: String
    public var profile: String

    public init(signed: String, profile: String) {
        self.signed = signed
        self.profile = profile
    }

    public var displayText: String {
        "# the entitlements Payload/App.app is signed with\n" + signed
            + "# Payload/App.app/embedded.mobileprovision, decoded\n" + profile
    }

    public func run() -> [Diagnostic]? {
        guard var file = try? EntitlementsFile.read(Array(signed.utf8), path: "App.ipa:Payload/App.app"),
              let profile = try? EntitlementsFile.read(Array(profile.utf8), path: "App.ipa:Payload/App.app/embedded.mobileprovision")
        else { return nil }
        file.container = .codeSignatureXML
        return EntitlementsLinter.lint(file, profile: profile).diagnostics
    }
}

/// Source entitlements and the entitlements the build is signed with, compared as
/// `entitlements App.entitlements App.ipa` compares them.
public struct SourceAndBuildExample: KindExample {
    public var source: String
    public var signed: String

    public init(source: String, signed: String) {
        self.source = source
        self.signed = signed
    }

    public var displayText: String {
        "# App.entitlements\n" + source + "# the entitlements App.ipa:Payload/App.app is signed with\n" + signed
    }

    public func run() -> [Diagnostic]? {
        guard let source = try? EntitlementsFile.read(Array(source.utf8), path: "App.entitlements"),
              var build = try? EntitlementsFile.read(Array(signed.utf8), path: "App.ipa:Payload/App.app")
        else { return nil }
        build.container = .codeSignatureXML
        let a = EntitlementsLinter.lint(source), b = EntitlementsLinter.lint(build)
        return a.diagnostics + b.diagnostics + SourceAndBuild.compare(source: a, build: b)
    }
}

/// An entitlements file and the domains `check DOMAIN... --entitlements E` is given (host →
/// the file it serves), judged as `check` judges each domain.
public struct CheckedDomainsExample: KindExample {
    public var entitlements: String
    public var appID: String
    /// Host → the apple-app-site-association it serves, in the order checked.
    public var domains: [(String, String)]

    public init(entitlements: String, appID: String, domains: [(String, String)]) {
        self.entitlements = entitlements
        self.appID = appID
        self.domains = domains
    }

    public var displayText: String {
        "# aasa-check check " + domains.map(\.0).joined(separator: " ") + " --entitlements App.entitlements --app-id \(appID)\n"
            + "# App.entitlements\n" + entitlements
            + domains.map { "# https://\($0.0)/.well-known/apple-app-site-association\n\($0.1)\n" }.joined()
    }

    public func run() -> [Diagnostic]? {
        guard let file = try? EntitlementsFile.read(Array(entitlements.utf8), path: "App.entitlements") else { return nil }
        let report = EntitlementsLinter.lint(file, appID: appID)
        var out = report.diagnostics
        for (host, text) in domains {
            let validation = Validator.validate(Array(text.utf8), domain: host)
            out += validation.diagnostics
            guard let document = validation.document else { continue }
            out += CheckedDomain.judge(host: host, apps: [.init(report: report, appIDs: [appID], isMainApp: true)],
                                       document: document, fileLabel: host + "/.well-known/apple-app-site-association")
        }
        return out
    }
}
