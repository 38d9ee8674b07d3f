/// Rewrites XML text, byte for byte in place, so that FoundationXML's event parser (`XMLParser`)
/// on Linux can read it without crashing, for the property list locator and the sitemap reader.
///
/// swift-corelibs-foundation hands several libxml2 SAX callbacks' C strings to Swift as
/// non-optional pointers, and libxml2 passes `NULL` for some of them: the process then dies in
/// `strlen`. Measured with Swift 6.3 (found by fuzzing, issue 17):
/// - a processing instruction without data, `<?ab?>` (libxml2 passes `NULL` data; `<?ab ?>`
///   passes an empty string);
/// - declarations of a DOCTYPE's internal subset: `<!ATTLIST a b CDATA #IMPLIED>` (no default
///   value), `<!NOTATION n SYSTEM "x">` and `<!ENTITY u SYSTEM "x" NDATA n>` (no public ID), and
///   an entity whose replacement text holds such an instruction (`<!ENTITY e "&#60;?a?>">`).
///
/// The rewrite, which never touches text content, attribute values, comments or CDATA:
/// - an instruction with data (its target followed by a space: `<?xml version="1.0"?>`,
///   `<?xml-stylesheet href="s.xsl"?>`) is left as it is;
/// - an instruction without data loses the last character of its target to a space
///   (`<?ab?>` → `<?a ?>`; two when what is left would be the reserved `xml`), so it has
///   data; `<?a?>`, one character, becomes spaces; `<?xml?>`, which libxml2 reports as an
///   error for the reserved name, keeps an error (that of no name: `<?   ?>`). aasa-check
///   reads no instruction, so none of this changes a result;
/// - a target longer than ``longestHeldTarget`` bytes loses its second character instead;
/// - the internal subset of a DOCTYPE (between `[` and `]`) becomes spaces, line ends kept: its
///   declarations are never read, and an entity it declares is then undefined (an XML error where
///   it is used, never a crash; ``blankedSubset`` tells a reader to say why). Apple's property
///   lists and sitemaps have none.
///
/// Streaming: ``feed(_:)`` takes the text in chunks of any size and returns the bytes it is sure
/// of, holding back the start of an instruction whose fate depends on what follows (at most
/// ``longestHeldTarget`` bytes of target and four more); ``finish()`` returns the rest. What
/// comes out is as long as what went in, each byte at its offset, so line and column numbers
/// stay those of the original text (a blanked multi-byte character counts as many columns as
/// it had bytes; the locator confirms every position against the rewritten text). Time linear in the text, memory constant.
struct XMLParserGuard {
    private enum State {
        /// Character data, or inside a tag: looking for `<`.
        case text
        /// After `<!` and `matched` bytes of `--`, `[CDATA[` or `DOCTYPE` (`kind` is its first
        /// byte, or 0 before it).
        case bang(kind: UInt8, matched: Int)
        /// In a comment, after `dashes` consecutive `-`.
        case comment(dashes: Int)
        /// In a CDATA section, after `brackets` consecutive `]`.
        case cdata(brackets: Int)
        /// In an instruction's data, `question` when the last byte was `?`.
        case instruction(question: Bool)
        /// In a DOCTYPE before its internal subset, within a quoted literal or not.
        case doctype(quote: UInt8?)
        /// In the internal subset: within a literal, within a comment (`dashes` `-` seen), or
        /// `opening` bytes of `<!--` matched.
        case subset(quote: UInt8?, inComment: Bool, dashes: Int, opening: Int)
    }

    private var state = State.text
    /// Whether a DOCTYPE's internal subset held something that was blanked (its declarations
    /// are then unknown to the parser: an entity it declares is undeclared where it is used).
    private(set) var blankedSubset = false
    /// Bytes held back: the start of an instruction, from its `<`, read again with the next chunk.
    private var held: [UInt8] = []

    /// The whole text rewritten at once.
    static func rewritten(_ bytes: [UInt8]) -> [UInt8] {
        var guardian = XMLParserGuard()
        var out = guardian.feed(bytes)
        out += guardian.finish()
        return out
    }

    /// The next chunk of text: returns the bytes that are ready, rewritten (fewer than given
    /// when an instruction's start is held back, more when held bytes are given out).
    mutating func feed(_ chunk: [UInt8]) -> [UInt8] {
        var buffer = held.isEmpty ? chunk : held + chunk
        held = []
        let ready = process(&buffer, final: false)
        if ready < buffer.count { held = Array(buffer[ready...]) }
        return ready == buffer.count ? buffer : Array(buffer[..<ready])
    }

    /// The held-back bytes at the end of the text (an instruction cut off by the end, which
    /// libxml2 reports as an error and never hands over).
    mutating func finish() -> [UInt8] {
        var buffer = held
        held = []
        _ = process(&buffer, final: true)
        return buffer
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
    private static let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">"), question = UInt8(ascii: "?")
    private static let comment: [UInt8] = Array("--".utf8), cdata: [UInt8] = Array("[CDATA[".utf8)
    private static let doctype: [UInt8] = Array("DOCTYPE".utf8)

    /// The bytes of a UTF-8 character from its first byte (1 for a byte that cannot start one).
    private static func width(_ lead: UInt8) -> Int {
        lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
    }

    /// Rewrites `buffer` from its start; returns how many bytes are final (the rest must be
    /// read again after more text, unless `final`).
    private mutating func process(_ buffer: inout [UInt8], final: Bool) -> Int {
        let end = buffer.count
        var i = 0
        while i < end {
            switch state {
            case .text:
                // Most of a file: find the next `<` in bulk.
                guard let lt = buffer[i...].firstIndex(of: Self.lt) else { return end }
                guard lt + 1 < end else { return final ? end : lt }
                switch buffer[lt + 1] {
                case Self.question:
                    switch decideInstruction(&buffer, at: lt, final: final) {
                    case .later: return lt
                    case .resume(let next): i = next
                    }
                case UInt8(ascii: "!"):
                    state = .bang(kind: 0, matched: 0)
                    i = lt + 2
                default:
                    i = lt + 1
                }
            case .bang(let kind, let matched):
                let b = buffer[i]
                let word: [UInt8]
                switch kind == 0 ? b : kind {
                case UInt8(ascii: "-"): word = Self.comment
                case UInt8(ascii: "["): word = Self.cdata
                case UInt8(ascii: "D"): word = Self.doctype
                default: state = .text; continue
                }
                guard b == word[matched] else { state = .text; continue }
                i += 1
                if matched + 1 < word.count {
                    state = .bang(kind: word[0], matched: matched + 1)
                } else {
                    state = word == Self.comment ? .comment(dashes: 0) : word == Self.cdata ? .cdata(brackets: 0) : .doctype(quote: nil)
                }
            case .comment(let dashes):
                let b = buffer[i]
                i += 1
                state = b == Self.gt && dashes >= 2 ? .text : .comment(dashes: b == UInt8(ascii: "-") ? dashes + 1 : 0)
            case .cdata(let brackets):
                let b = buffer[i]
                i += 1
                state = b == Self.gt && brackets >= 2 ? .text : .cdata(brackets: b == UInt8(ascii: "]") ? brackets + 1 : 0)
            case .instruction(let question):
                let b = buffer[i]
                i += 1
                state = b == Self.gt && question ? .text : .instruction(question: b == Self.question)
            case .doctype(let quote):
                let b = buffer[i]
                i += 1
                if let quote {
                    if b == quote { state = .doctype(quote: nil) }
                } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                    state = .doctype(quote: b)
                } else if b == UInt8(ascii: "[") {
                    state = .subset(quote: nil, inComment: false, dashes: 0, opening: 0)
                } else if b == Self.gt {
                    state = .text
                }
            case .subset(let quote, let inComment, let dashes, let opening):
                let b = buffer[i]
                if quote == nil, !inComment, b == UInt8(ascii: "]") {
                    // The subset's end: `]`, then spaces and `>`, read as the DOCTYPE's rest.
                    state = .doctype(quote: nil)
                    i += 1
                    continue
                }
                if !Self.isSpace(b) {
                    buffer[i] = 0x20
                    blankedSubset = true
                }
                i += 1
                if let quote {
                    state = .subset(quote: b == quote ? nil : quote, inComment: false, dashes: 0, opening: 0)
                } else if inComment {
                    let closes = b == Self.gt && dashes >= 2
                    state = .subset(quote: nil, inComment: !closes, dashes: b == UInt8(ascii: "-") ? dashes + 1 : 0, opening: 0)
                } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                    state = .subset(quote: b, inComment: false, dashes: 0, opening: 0)
                } else {
                    let opener = Array("<!--".utf8)
                    let next = b == opener[opening] ? opening + 1 : (b == Self.lt ? 1 : 0)
                    state = next == opener.count ? .subset(quote: nil, inComment: true, dashes: 0, opening: 0)
                                                 : .subset(quote: nil, inComment: false, dashes: 0, opening: next)
                }
            }
        }
        return end
    }

    private enum Decision {
        /// Not enough bytes yet: hold from the `<` on.
        case later
        /// Decided (and rewritten): go on at this index in the state set.
        case resume(Int)
    }

    /// Most bytes of an instruction's target held back to see what follows it.
    static let longestHeldTarget = 256

    /// Decides the instruction whose `<` is at `lt` (its `?` follows), rewriting its target.
    private mutating func decideInstruction(_ buffer: inout [UInt8], at lt: Int, final: Bool) -> Decision {
        let end = buffer.count
        let target = lt + 2
        // The target, as far as a space or `?` (libxml2's name may end sooner, at a byte no
        // name holds: it then wants a space and reads data, an error but never a crash).
        var j = target
        while j < end, j - target < Self.longestHeldTarget, !Self.isSpace(buffer[j]), buffer[j] != Self.question { j += 1 }
        if j - target == Self.longestHeldTarget {
            // A long target: its second character becomes a space, whatever follows.
            let second = target + Self.width(buffer[target])
            var k = second
            while k < min(j, second + Self.width(buffer[second])) { buffer[k] = 0x20; k += 1 }
            state = .instruction(question: false)
            return .resume(k)
        }
        guard j + 1 < end else {
            if !final { return .later }
            state = .text
            return .resume(target)
        }
        if j == target {
            // No target (`<??`, `<? `): libxml2 reports an error and reads on as content.
            state = .text
            return .resume(target)
        }
        if Self.isSpace(buffer[j]) {
            state = .instruction(question: false)
            return .resume(j + 1)
        }
        guard buffer[j + 1] == Self.gt else {
            state = .instruction(question: true)
            return .resume(j + 1)
        }
        // `<?target?>`: no data.
        if Self.isXML(buffer[target..<j]) {
            // `<?xml?>`: libxml2's error for the reserved name stays an error, that of no name.
            for k in target..<j { buffer[k] = 0x20 }
        } else {
            var cut = Self.lastCharacter(in: buffer, from: target, to: j)
            if cut > target, Self.isXML(buffer[target..<cut]) { cut = Self.lastCharacter(in: buffer, from: target, to: cut) }
            // `<?a?>`: one character and nothing else, read by no one: spaces.
            for k in (cut == target ? lt...(j + 1) : cut...(j - 1)) { buffer[k] = 0x20 }
        }
        state = .text
        return .resume(j + 2)
    }

    /// Whether a target is `xml` in any case (reserved: libxml2 reports an error for it).
    private static func isXML(_ name: ArraySlice<UInt8>) -> Bool {
        name.count == 3 && name.elementsEqual("xml".utf8) { $0 | 0x20 == $1 }
    }

    /// Where the last UTF-8 character of `from..<to` starts.
    private static func lastCharacter(in buffer: [UInt8], from: Int, to: Int) -> Int {
        var k = to - 1
        while k > from, buffer[k] & 0xC0 == 0x80 { k -= 1 }
        return k
    }
}
