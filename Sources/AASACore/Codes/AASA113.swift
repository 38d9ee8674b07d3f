extension CodeDoc {
    /// An HTML page where the JSON should be. Reported by ``Validator``.
    static let aasa113 = CodeDoc(
        code: .aasa113, severity: .error,
        title: "The body is an HTML page, not JSON (typical of a single-page-app fallback)",
        why: "Single-page apps and some hosts answer every unknown path with index.html and status 200, so the file URL looks reachable but serves no JSON.",
        fix: "Exclude /.well-known/apple-app-site-association from the fallback rewrite and make sure the file is deployed.",
        failing: .document("<!DOCTYPE html>\n<html><head><title>My App</title></head><body><div id=\"root\"></div></body></html>"),
        passing: .document(#"{"applinks": {"details": [{"appIDs": ["K7Q2M9XW3P.com.example.app"], "components": [{"/": "/*"}]}]}}"#))
}

extension DiagnosticCode {
    /// AASA113: see ``CodeDoc/aasa113``.
    public static let aasa113 = DiagnosticCode(rawValue: "AASA113")
}
