// The realistic large apple-app-site-association file of the benchmarks: deterministic, so
// every run (and every bench that uses it: matching, rule analysis) reads the same rules.
// `aasa-bench generate [--rules N]` writes it.
import Foundation

/// A large retailer's file, as such files are written: a fragment opt-out first, site-wide
/// excludes, then for each locale (`/en-us/`, `/fr-fr/`, …) its sections — literal paths,
/// `*` tails, `?*` segments, fixed-length IDs (`????`), query objects (`"?": {"q": "?*"}`),
/// excludes before the includes they carve out, a few case-insensitive rules — until
/// `rules` rules are written. One `details` entry for two apps.
enum RealisticDocument {
    static let appIDs = ["K7Q2M9XW3P.com.example.shop", "K7Q2M9XW3P.com.example.shop.beta"]

    static let languages = ["en", "fr", "de", "es", "it", "nl", "pt", "sv", "da", "fi", "nb", "pl", "cs", "ja", "ko", "zh"]
    static let regions = ["us", "gb", "ca", "au", "fr", "be", "ch", "de", "at", "es", "mx", "it", "nl", "br", "pt", "se",
                          "dk", "fi", "no", "pl", "cz", "jp", "kr", "cn", "tw", "hk", "sg", "in", "ie", "nz"]

    /// The sections of one locale: each entry is one rule's JSON members, with `L` standing
    /// for the locale.
    static let sectionRules: [String] = [
        #""/": "/L/checkout/*", "exclude": true"#,
        #""/": "/L/account/*", "exclude": true"#,
        #""/": "/L/cart", "exclude": true"#,
        #""/": "/L/help/contact/*", "exclude": true"#,
        #""/": "/L/blog/*/amp", "exclude": true"#,
        #""/": "/L/p/?*/reviews/*""#,
        #""/": "/L/p/?*/*", "?": {"variant": "?*"}"#,
        #""/": "/L/p/?*""#,
        #""/": "/L/product/*""#,
        #""/": "/L/c/*", "?": {"ref": "*"}"#,
        #""/": "/L/category/?*/?*""#,
        #""/": "/L/search", "?": {"q": "?*"}"#,
        #""/": "/L/search/*""#,
        #""/": "/L/deals/????""#,
        #""/": "/L/deals/????/*""#,
        #""/": "/L/brand/?*/products/*""#,
        #""/": "/L/brand/?*""#,
        #""/": "/L/store/*/events/*""#,
        #""/": "/L/store/*""#,
        #""/": "/L/stores/locator", "exclude": true"#,
        #""/": "/L/gift-cards/*""#,
        #""/": "/L/orders/*""#,
        #""/": "/L/lists/?*""#,
        #""/": "/L/registry/*", "?": {"id": "?*"}"#,
        #""/": "/L/compare/*""#,
        #""/": "/L/collections/*""#,
        #""/": "/L/sale/*""#,
        #""/": "/L/new/*""#,
        #""/": "/L/stories/*""#,
        #""/": "/L/blog/*""#,
        #""/": "/L/help/*""#,
        #""/": "/L/Membership/*", "caseSensitive": false"#,
        #""/": "/L/app/*""#,
        #""/": "/L/s/????????""#,
        ##""/": "/L/r/*", "#": "*""##,
        #""/": "/L/track/*", "?": {"order": "?*", "zip": "?????"}"#,
        #""/": "/L/returns/*""#,
        #""/": "/L/video/*""#,
        #""/": "/L/events/*""#,
        #""/": "/L/offers/*""#,
    ]

    /// Rules before every locale's.
    static let siteRules: [String] = [
        ##""#": "no_universal_links", "exclude": true"##,
        #""/": "/api/*", "exclude": true"#,
        #""/": "/static/*", "exclude": true"#,
        #""/": "/assets/*", "exclude": true"#,
        #""/": "/admin/*", "exclude": true"#,
        #""/": "/auth/*", "exclude": true"#,
        #""/": "/legal/*", "exclude": true"#,
        #""/": "*.pdf", "exclude": true"#,
        #""/": "/", "exclude": true"#,
        #""/": "/careers/*", "exclude": true"#,
    ]

    /// Rules after every locale's: the paths without a locale.
    static let tailRules: [String] = [
        #""/": "/p/?*""#,
        #""/": "/product/*""#,
        #""/": "/search", "?": {"q": "?*"}"#,
        #""/": "/deals/*""#,
        #""/": "/s/????????""#,
    ]

    /// The file as JSON text with `rules` components (at least the site-wide ones).
    static func json(rules: Int = 1_600) -> String {
        var components: [String] = siteRules
        let perLocale = sectionRules.count
        var localeIndex = 0
        let all = localeList
        while components.count + tailRules.count < rules {
            let locale = all[localeIndex % all.count] + (localeIndex >= all.count ? "-\(localeIndex / all.count)" : "")
            for rule in sectionRules.prefix(min(perLocale, rules - tailRules.count - components.count)) {
                components.append(rule.replacingLocale(with: locale))
            }
            localeIndex += 1
        }
        components += tailRules.prefix(max(0, rules - components.count))
        let body = components.map { "                {\($0)}" }.joined(separator: ",\n")
        let ids = appIDs.map { "\"\($0)\"" }.joined(separator: ", ")
        return """
        {
            "applinks": {
                "details": [
                    {
                        "appIDs": [\(ids)],
                        "components": [
        \(body)
                        ]
                    }
                ]
            },
            "webcredentials": {"apps": [\(ids)]}
        }

        """
    }

    /// Locales in a fixed order: each region with its likely languages first, then the rest.
    static let localeList: [String] = {
        let primary: [String: String] = [
            "us": "en", "gb": "en", "ca": "en", "au": "en", "fr": "fr", "be": "fr", "ch": "de", "de": "de", "at": "de",
            "es": "es", "mx": "es", "it": "it", "nl": "nl", "br": "pt", "pt": "pt", "se": "sv", "dk": "da", "fi": "fi",
            "no": "nb", "pl": "pl", "cz": "cs", "jp": "ja", "kr": "ko", "cn": "zh", "tw": "zh", "hk": "zh", "sg": "en",
            "in": "en", "ie": "en", "nz": "en",
        ]
        var out = regions.map { "\(primary[$0] ?? "en")-\($0)" }
        for l in languages {
            for r in regions where primary[r] != l { out.append("\(l)-\(r)") }
        }
        return out
    }()
}

extension String {
    /// The rule text with its locale placeholder `/L/` replaced.
    fileprivate func replacingLocale(with locale: String) -> String {
        var out = ""
        var rest = Substring(self)
        while let r = rest.range(of: "/L/") {
            out += rest[..<r.lowerBound] + "/\(locale)/"
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}
