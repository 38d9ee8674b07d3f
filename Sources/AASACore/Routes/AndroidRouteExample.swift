/// The example input of an Android route code (``CodeExample/custom(_:)``): a statement list
/// served by `example.com` and a route list, judged by ``AndroidRouteCheck`` for a package as
/// `check example.com --routes FILE --package NAME` judges them.
public struct AndroidRouteExample: KindExample {
    /// `https://example.com/.well-known/assetlinks.json`.
    public var list: String
    /// The route list (one route a line, optionally `app` or `web`).
    public var routes: String
    /// `--package`.
    public var package: String

    static func make(list: String, routes: String, package: String = DALSample.package) -> CodeExample {
        .custom(AndroidRouteExample(list: list, routes: routes, package: package))
    }

    public var displayText: String {
        "# https://example.com/.well-known/assetlinks.json\n\(list)\n# routes (--package \(package))\n\(routes)"
    }

    public func run() -> [Diagnostic]? {
        let reading = RouteList.read(Array(routes.utf8))
        let statements = StatementListParser.parse(Array(list.utf8), url: "https://example.com/.well-known/assetlinks.json").statements
        let result = AndroidRouteCheck.run(statements: statements, app: .init(package: package, fingerprints: nil, filters: nil),
                                           host: "example.com", routes: reading.routes, routesFile: "routes")
        return reading.diagnostics(file: "routes") + result.diagnostics
    }
}
