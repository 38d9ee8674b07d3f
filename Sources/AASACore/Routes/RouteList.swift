/// What a route is expected to do.
public enum RouteExpectation: String, Sendable {
    /// The URL must open the app.
    case app
    /// The URL must stay on the web.
    case web
}

/// One route of an app's route list (spec `cli.md`, Route list).
public struct RouteSpec: Sendable {
    /// The route as written (`/trail/:id`, `soar:///paywall`, `https://example.com/me`).
    public var text: String
    public var expect: RouteExpectation
    /// 1-based line in the route file.
    public var line: Int
    /// Where the route starts in the route file.
    public var location: SourceLocation
    /// The path with placeholders as written (`/trail/:id`).
    public var path: String
    /// The query without `?`, when the route has one.
    public var query: String?
    public var fragment: String?
    /// The host, for a full `http(s)` URL; `nil` for paths and custom-scheme routes.
    public var host: String?
    /// Placeholder names in order (`id` for `:id` or `{id}`).
    public var placeholders: [String]

    /// The route as a URL on `domain` (placeholders left as written).
    public func url(on domain: String) -> String {
        var s = "https://\(host ?? domain)\(path)"
        if let query { s += "?" + query }
        if let fragment { s += "#" + fragment }
        return s
    }
}

/// A route list that cannot be read: AASA705 for the line it names.
public struct RouteListError: Error, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String
    /// Byte offset of the place in the route file.
    public var offset: Int = 0

    public init(line: Int, column: Int, message: String, offset: Int = 0) {
        self.line = line
        self.column = column
        self.message = message
        self.offset = offset
    }

    public var description: String { "line \(line): \(message)" }

    /// The finding for this error, in `file`.
    public func diagnostic(file: String) -> Diagnostic {
        Diagnostic(code: .aasa705, message: message, hint: "Write one route a line: a path, a full URL or scheme://route, then optionally app or web.",
                   location: SourceLocation(offset: offset, line: line, column: column), source: .routes, file: file)
    }
}

/// A route list as read (``RouteList/read(_:)``).
public struct RouteListReading: Sendable {
    /// The routes, in order.
    public var routes: [RouteSpec]
    /// The entries that cannot be read (AASA705 each).
    public var errors: [RouteListError]
    /// Whether the list is JSON (an entry is an array element) rather than text (a line).
    public var isJSON: Bool
    /// Whether the list as a whole cannot be read (invalid JSON, not a list, not UTF-8 text).
    public var unreadableAsAWhole: Bool

    /// Whether the rules may be judged against the list (AASA704): only a list read whole
    /// and holding routes says which rules no route uses.
    public var judgesRules: Bool { errors.isEmpty && !routes.isEmpty }

    /// AASA705 for each entry that cannot be read, or AASA706 for a list without routes.
    public func diagnostics(file: String) -> [Diagnostic] {
        if !errors.isEmpty { return errors.map { $0.diagnostic(file: file) } }
        guard routes.isEmpty else { return [] }
        let what = isJSON ? "its JSON list is empty" : "it has only comments and blank lines, or nothing"
        return [Diagnostic(code: .aasa706, message: "the route list holds no route: \(what)",
                           hint: "Point --routes at the app's route list: one route a line, such as /todos or https://example.com/me.",
                           source: .routes, file: file)]
    }

    /// One line for standard error when entries cannot be read (exit status 2), else `nil`.
    public func unreadableReason(file: String) -> String? {
        guard let first = errors.first else { return nil }
        if unreadableAsAWhole { return "\(file): \(first.message) (line \(first.line), AASA705)" }
        let n = errors.count
        let noun = isJSON ? (n == 1 ? "entry" : "entries") : (n == 1 ? "line" : "lines")
        return "\(file): the route list has \(n) \(noun) that cannot be read (AASA705)"
    }
}

/// Reads route lists: text (one route a line, `#` comments, optional `app`/`web`) or JSON
/// (`[{"route": "/todos", "expect": "app"}]`, `{"routes": [...]}`, or an array of strings).
///
/// Route forms: a path (`/todos`, `/notifications?route=me`), a full `http(s)` URL, or a
/// custom-scheme URL whose host carries the route (`soar://todos` → `/todos`,
/// `soar:///paywall` → `/paywall`). A placeholder (`:id` or `{id}`) is one whole path segment.
public enum RouteList {
    /// Parses a route list.
    /// - Returns: the routes and the entries that could not be read (AASA705 each); reading
    ///   goes on after a bad entry so every problem is reported at once.
    public static func parse(_ bytes: [UInt8]) -> (routes: [RouteSpec], errors: [RouteListError]) {
        let reading = read(bytes)
        return (reading.routes, reading.errors)
    }

    /// Reads a route list: its routes, the entries that cannot be read, and its form, which
    /// the findings about the list as a whole (AASA705, AASA706) need.
    /// A UTF-8 byte order mark (written by some Windows editors) and CRLF line ends are read
    /// as plain UTF-8 text and LF: the list is the app's, not a file Apple's systems read.
    public static func read(_ bytes: [UInt8]) -> RouteListReading {
        let bomLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let first = bytes.dropFirst(bomLength).first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) })
        if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
            let json = parseJSON(bomLength == 0 ? bytes : Array(bytes.dropFirst(bomLength)), offsetBy: bomLength)
            return RouteListReading(routes: json.routes, errors: json.errors, isJSON: true, unreadableAsAWhole: json.whole)
        }
        let text = parseText(bytes, from: bomLength)
        return RouteListReading(routes: text.routes, errors: text.errors, isJSON: false,
                                unreadableAsAWhole: text.routes.isEmpty && text.errors.count == 1 && text.errors[0].offset == 0
                                    && text.errors[0].message == notText)
    }

    static let notText = "the route list is not UTF-8 text"

    /// - Parameter start: where the text starts (after a byte order mark).
    static func parseText(_ bytes: [UInt8], from start: Int = 0) -> (routes: [RouteSpec], errors: [RouteListError]) {
        if firstInvalidUTF8Offset(bytes) != nil {
            return ([], [RouteListError(line: 1, column: 1, message: notText)])
        }
        var routes: [RouteSpec] = []
        var errors: [RouteListError] = []
        for (i, range) in lineRanges(bytes, from: start).enumerated() {
            let rawLine = Substring(String(decoding: bytes[range], as: UTF8.self))
            let lineNumber = i + 1
            let lineOffset = range.lowerBound
            var words: [Substring] = []
            for word in rawLine.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }) {
                if word.hasPrefix("#") { break }
                words.append(word)
            }
            guard !words.isEmpty else { continue }
            let start = words[0].startIndex
            let column = rawLine.unicodeScalars.distance(from: rawLine.startIndex, to: start) + 1
            let offset = lineOffset + rawLine.utf8.distance(from: rawLine.startIndex, to: start)
            do {
                var expect = RouteExpectation.app
                if words.count >= 2 {
                    guard let e = RouteExpectation(rawValue: words[1].lowercased()) else {
                        throw RouteListError(line: lineNumber, column: column,
                                             message: "after the route, expected app or web, found \"\(words[1])\"", offset: offset)
                    }
                    expect = e
                }
                if words.count > 2 {
                    throw RouteListError(line: lineNumber, column: column,
                                         message: "unexpected \"\(words[2])\" after the expectation; one route a line", offset: offset)
                }
                routes.append(try route(String(words[0]), expect: expect,
                                        at: SourceLocation(offset: offset, line: lineNumber, column: column)))
            } catch let error as RouteListError {
                errors.append(error)
            } catch {}
        }
        return (routes, errors)
    }

    /// The byte ranges of the lines from `start`, without their ends: LF, CRLF (one end, not
    /// two) and a lone CR each end a line.
    static func lineRanges(_ bytes: [UInt8], from start: Int) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var lineStart = start
        var i = start
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0A || b == 0x0D {
                lines.append(lineStart..<i)
                if b == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A { i += 1 }
                lineStart = i + 1
            }
            i += 1
        }
        lines.append(lineStart..<bytes.count)
        return lines
    }

    /// - Returns: `whole` when the list as a whole cannot be read (not JSON, not a list).
    /// - Parameter shift: bytes before `bytes` in the file (a byte order mark), added to offsets.
    static func parseJSON(_ bytes: [UInt8], offsetBy shift: Int = 0) -> (routes: [RouteSpec], errors: [RouteListError], whole: Bool) {
        let parse = StrictJSONParser().parse(bytes)
        if let bad = parse.diagnostics.first(where: { $0.severity == .error }) {
            return ([], [RouteListError(line: bad.location?.line ?? 1, column: bad.location?.column ?? 1,
                                        message: "the route list is not valid JSON: \(bad.message)",
                                        offset: (bad.location?.offset ?? 0) + shift)], true)
        }
        guard let root = parse.root else { return ([], [], false) }
        func location(of offset: Int) -> SourceLocation {
            var loc = parse.sourceMap.location(of: offset)
            loc.offset += shift
            return loc
        }
        let list = root.arrayValue ?? root["routes"]?.arrayValue
        guard let list else {
            let loc = location(of: root.offset)
            return ([], [RouteListError(line: loc.line, column: loc.column,
                                        message: "expected an array of routes or {\"routes\": [...]}", offset: loc.offset)], true)
        }
        var routes: [RouteSpec] = []
        var errors: [RouteListError] = []
        for element in list {
            let loc = location(of: element.offset)
            do {
                if let s = element.stringValue {
                    routes.append(try route(s, expect: .app, at: loc))
                } else if let s = element["route"]?.stringValue {
                    var expect = RouteExpectation.app
                    if let e = element["expect"] {
                        // As the text form reads it: `App` and `WEB` too.
                        guard let v = e.stringValue.flatMap({ RouteExpectation(rawValue: $0.lowercased()) }) else {
                            throw RouteListError(line: loc.line, column: loc.column, message: "\"expect\" must be \"app\" or \"web\"", offset: loc.offset)
                        }
                        expect = v
                    }
                    routes.append(try route(s, expect: expect, at: loc))
                } else {
                    throw RouteListError(line: loc.line, column: loc.column,
                                         message: "expected a route string or {\"route\": \"/path\", \"expect\": \"app\"}", offset: loc.offset)
                }
            } catch let error as RouteListError {
                errors.append(error)
            } catch {}
        }
        return (routes, errors, false)
    }

    /// Reads one route in any of its forms.
    /// - Throws: ``RouteListError`` for text that is none of them.
    public static func route(_ text: String, expect: RouteExpectation, at location: SourceLocation) throws -> RouteSpec {
        let line = location.line
        let column = location.column
        var rest = Substring(text)
        var host: String?
        if let sep = rest.range(of: "://") {
            let scheme = rest[..<sep.lowerBound].lowercased()
            guard !scheme.isEmpty, scheme.first!.isLetter,
                  scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) else {
                throw RouteListError(line: line, column: column, message: "\"\(text)\" is not a path or URL", offset: location.offset)
            }
            rest = rest[sep.upperBound...]
            let authorityEnd = rest.firstIndex(where: { "/?#".contains($0) }) ?? rest.endIndex
            let authority = String(rest[..<authorityEnd])
            rest = rest[authorityEnd...]
            if scheme == "http" || scheme == "https" {
                guard !authority.isEmpty else {
                    throw RouteListError(line: line, column: column, message: "\"\(text)\" has no host", offset: location.offset)
                }
                // The scheme's default port names the same host (`https://example.com:443/x`).
                var name = authority.lowercased()
                let defaultPort = scheme == "http" ? ":80" : ":443"
                if name.hasSuffix(defaultPort) { name.removeLast(defaultPort.count) }
                host = name
            } else if !authority.isEmpty {
                // Custom scheme: the host carries the route (soar://todos → /todos).
                rest = Substring("/" + authority + rest)
            }
        } else if !(rest.hasPrefix("/") || rest.hasPrefix("?")) {
            throw RouteListError(line: line, column: column,
                                 message: "\"\(text)\" is not a route: start it with /, or write a full URL (https://host/path or scheme://route)",
                                 offset: location.offset)
        }
        let (pathPart, query, fragment) = URLParts.splitPathQueryFragment(rest)
        let path = pathPart.isEmpty ? "/" : String(pathPart)
        var placeholders: [String] = []
        for segment in path.split(separator: "/") {
            if let name = placeholderName(segment) {
                guard !name.isEmpty else {
                    throw RouteListError(line: line, column: column, message: "the placeholder \"\(segment)\" in \"\(text)\" has no name", offset: location.offset)
                }
                placeholders.append(name)
            } else if segment.contains("{") || segment.contains("}") || (segment.contains(":") && segment.first == ":") {
                throw RouteListError(line: line, column: column,
                                     message: "\"\(segment)\" in \"\(text)\" is not a placeholder: a placeholder is a whole segment, :name or {name}",
                                     offset: location.offset)
            }
        }
        return RouteSpec(text: text, expect: expect, line: line, location: location, path: path, query: query, fragment: fragment,
                         host: host, placeholders: placeholders)
    }

    /// `id` for a segment `:id` or `{id}`, else `nil`.
    static func placeholderName(_ segment: Substring) -> String? {
        if segment.hasPrefix(":") { return String(segment.dropFirst()) }
        if segment.hasPrefix("{") && segment.hasSuffix("}") && segment.count >= 2 { return String(segment.dropFirst().dropLast()) }
        return nil
    }
}
