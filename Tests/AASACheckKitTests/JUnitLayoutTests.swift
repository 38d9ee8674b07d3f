import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import AASACheckKit

/// JUnit suites are written by ``XMLTree`` (issue 22: no `XMLElement` per domain); byte for
/// byte as Foundation's pretty print writes the same element, for hostile and non-ASCII text.
@Suite struct JUnitLayoutTests {
    static func element(_ t: XMLTree) -> XMLElement {
        let e = XMLElement(name: t.name)
        for (k, v) in t.attributes { e.addAttribute(XMLNode.attribute(withName: k, stringValue: v) as! XMLNode) }
        if let text = t.text { e.stringValue = text }
        for c in t.children { e.addChild(element(c)) }
        return e
    }

    static let texts = ["plain", "a<b>&c \"q\" 'a'", "line\nnext\n", "é 日本 😀 ü", "tab\there\rcr", "]]> --> <!-- &amp;", "\u{200B}x"]

    @Test("the same text as XMLElement's pretty print", arguments: texts)
    func sameAsFoundation(text: String) {
        var suite = XMLTree("testsuite", [("name", text), ("tests", "2"), ("failures", "1"), ("errors", "0")])
        var failing = XMLTree("testcase", [("classname", "aasa-check." + text), ("name", text)])
        failing.children.append(XMLTree("failure", [("message", text), ("type", "AASA101")], text: text))
        failing.children.append(XMLTree("system-out", text: text + "\nmore"))
        suite.children.append(failing)
        suite.children.append(XMLTree("testcase", [("classname", "x"), ("name", "passes")]))
        let mine = JUnitRenderer.text(of: suite)
        let foundation = JUnitRenderer.text(of: Self.element(suite))
        #expect(mine == foundation)
    }

    @Test("cleaned text as the renderer writes it", arguments: texts)
    func cleanedSameAsFoundation(text: String) {
        let clean = JUnitRenderer.clean(text)
        var suite = XMLTree("testsuite", [("name", clean)])
        suite.children.append(XMLTree("testcase", [("name", clean)]))
        suite.children[0].children.append(XMLTree("system-out", text: clean))
        #expect(JUnitRenderer.text(of: suite) == JUnitRenderer.text(of: Self.element(suite)))
    }
}
