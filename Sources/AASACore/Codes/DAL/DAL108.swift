extension CodeDoc {
    /// The response took more than 5 s. Reported by AssetLinksServing.
    static let dal108 = CodeDoc(
        code: .dal108, severity: .warning,
        title: "The response took more than 5 s",
        why: "Android's reference verifier gives up after 5 s to connect and 5 s to read; Google's limit is unpublished. A slow answer at install time can leave the host unverified.",
        fix: "Serve the file statically, from a cache or CDN close to the edge.",
        failing: AssetLinksExample.site(AssetLinksSiteExample(main: .assetLinks(DALSample.good), timeMs: 7_200)),
        passing: AssetLinksExample.site(AssetLinksSiteExample(main: .assetLinks(DALSample.good), timeMs: 120)))
}

extension DiagnosticCode {
    /// DAL108: see ``CodeDoc/dal108``.
    public static let dal108 = DiagnosticCode(rawValue: "DAL108")
}
