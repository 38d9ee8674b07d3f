extension CodeDoc {
    /// The codes of Android's `assetlinks.json`, dynamic rules, APKs and App Bundles (`DAL`,
    /// Digital Asset Links), in numeric order (spec `diagnostics.md`, "Other document kinds";
    /// severities from `assetlinks-reference.md`). A new code is one new file in this folder
    /// plus its line here.
    public static let dal: [CodeDoc] = [
    ]
}
