/// ANSI styling, used only when asked for (a terminal, no `NO_COLOR`, no `--no-color`).
public struct Style: Sendable {
    public let enabled: Bool

    public init(enabled: Bool) { self.enabled = enabled }

    func wrap(_ s: String, _ code: String) -> String { enabled ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
    public func bold(_ s: String) -> String { wrap(s, "1") }
    public func dim(_ s: String) -> String { wrap(s, "2") }
    public func red(_ s: String) -> String { wrap(s, "31") }
    public func yellow(_ s: String) -> String { wrap(s, "33") }
    public func green(_ s: String) -> String { wrap(s, "32") }
    public func cyan(_ s: String) -> String { wrap(s, "36") }
}
