/// Splits Swift source into tokens, skipping whitespace and comments (which are collected separately).
///
/// Handles what real model files contain: nested block comments, string literals of every kind (single-line,
/// multi-line, raw `#"…"#` with any number of `#`, interpolations that themselves contain strings and comments),
/// backticked identifiers, numeric literals with underscores and exponents, and `#` directives.
/// Malformed input (an unterminated string or comment) never stops the lexer: it reports a problem and goes on.
package struct Lexer {
    private let bytes: [UInt8]
    private var position = 0
    private var line = 1
    private var sawNewline = true
    package private(set) var tokens: [Token] = []
    package private(set) var comments: [Comment] = []
    /// The indices in `comments` of the comments on each line (filled at the end of the run).
    package private(set) var commentsByLine: [Int: [Int]] = [:]
    /// Where the line of the last emitted token starts, and how far the search for it got: columns are found by
    /// scanning forward once, never back (tokens are emitted in order), so lexing stays linear in the input.
    private var columnLineStart = 0
    private var columnScanned = 0
    /// How deeply string interpolations are nested at the moment; beyond `interpolationLimit` a quote inside an
    /// interpolation no longer opens a nested literal (the scan would otherwise recurse without bound).
    private var interpolationDepth = 0
    private static let interpolationLimit = 32
    /// Problems found, with the line they start on.
    package private(set) var problems: [(line: Int, message: String)] = []

    package init(_ source: String) {
        bytes = Array(source.utf8)
    }

    /// Lexes the whole source.
    package static func tokenize(_ source: String) -> Lexer {
        var lexer = Lexer(source)
        lexer.run()
        return lexer
    }

    /// The source text between two byte offsets (clamped to the source).
    package func text(from start: Int, to end: Int) -> String {
        let lower = max(0, min(start, bytes.count))
        let upper = max(lower, min(end, bytes.count))
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    /// The text of the source line that holds byte `offset`, without its line break (clamped to the source).
    package func lineText(containing offset: Int) -> String {
        let clamped = max(0, min(offset, bytes.count))
        var start = clamped
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = clamped
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return text(from: start, to: end)
    }

    private func byte(at index: Int) -> UInt8? {
        index >= 0 && index < bytes.count ? bytes[index] : nil
    }

    private mutating func run() {
        defer {
            for (index, comment) in comments.enumerated() { commentsByLine[comment.line, default: []].append(index) }
        }
        while let current = byte(at: position) {
            switch current {
            case UInt8(ascii: "\n"):
                line += 1
                sawNewline = true
                position += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                position += 1
            case UInt8(ascii: "/") where byte(at: position + 1) == UInt8(ascii: "/"):
                lexLineComment()
            case UInt8(ascii: "/") where byte(at: position + 1) == UInt8(ascii: "*"):
                lexBlockComment()
            case UInt8(ascii: "\""):
                lexString(hashCount: 0, start: position)
            case UInt8(ascii: "#"):
                lexPound()
            case UInt8(ascii: "`"):
                lexBacktickIdentifier()
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                lexNumber()
            case UInt8(ascii: "$"):
                lexIdentifier()
            default:
                if Self.isIdentifierStart(current) {
                    lexIdentifier()
                } else if Self.punctuation.contains(current) {
                    emit(.punctuation, from: position, to: position + 1)
                    position += 1
                } else {
                    lexOperator()
                }
            }
        }
    }

    private static let punctuation: Set<UInt8> = Set("{}()[],:;@".utf8)
    private static let operatorCharacters: Set<UInt8> = Set("/=-+!*%<>&|^~?.".utf8)

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    private static func isIdentifierBody(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    private mutating func emit(
        _ kind: Token.Kind, from start: Int, to end: Int, text: String? = nil, line startLine: Int? = nil
    ) {
        tokens.append(
            Token(
                kind: kind, text: text ?? self.text(from: start, to: end), line: startLine ?? line, start: start,
                end: end,
                startsLine: sawNewline, column: column(of: start)))
        sawNewline = false
    }

    private mutating func column(of offset: Int) -> Int {
        while columnScanned < offset && columnScanned < bytes.count {
            if bytes[columnScanned] == UInt8(ascii: "\n") { columnLineStart = columnScanned + 1 }
            columnScanned += 1
        }
        return offset - columnLineStart + 1
    }

    private mutating func lexLineComment() {
        let start = position
        while let current = byte(at: position), current != UInt8(ascii: "\n") { position += 1 }
        comments.append(Comment(text: text(from: start, to: position), line: line))
    }

    private mutating func lexBlockComment() {
        let start = position
        let startLine = line
        var depth = 0
        while let current = byte(at: position) {
            if current == UInt8(ascii: "/") && byte(at: position + 1) == UInt8(ascii: "*") {
                depth += 1
                position += 2
            } else if current == UInt8(ascii: "*") && byte(at: position + 1) == UInt8(ascii: "/") {
                depth -= 1
                position += 2
                if depth == 0 { break }
            } else {
                if current == UInt8(ascii: "\n") {
                    line += 1
                    sawNewline = true
                }
                position += 1
            }
        }
        if depth > 0 { problems.append((startLine, "unterminated block comment")) }
        comments.append(Comment(text: text(from: start, to: position), line: startLine))
    }

    private mutating func lexIdentifier() {
        let start = position
        position += 1
        while let current = byte(at: position), Self.isIdentifierBody(current) || current == UInt8(ascii: "$") {
            position += 1
        }
        emit(.identifier, from: start, to: position)
    }

    private mutating func lexBacktickIdentifier() {
        let start = position
        position += 1
        while let current = byte(at: position), current != UInt8(ascii: "`"), current != UInt8(ascii: "\n") {
            position += 1
        }
        if byte(at: position) == UInt8(ascii: "`") {
            emit(.identifier, from: start, to: position + 1, text: text(from: start + 1, to: position))
            position += 1
        } else {
            problems.append((line, "unterminated backtick identifier"))
            emit(.identifier, from: start, to: position, text: text(from: start + 1, to: position))
        }
    }

    private mutating func lexNumber() {
        let start = position
        var isFloat = false
        let isHex = byte(at: position) == UInt8(ascii: "0") && byte(at: position + 1) == UInt8(ascii: "x")
        position += isHex ? 2 : 1
        while let current = byte(at: position) {
            if Self.isIdentifierBody(current) {
                let isExponent =
                    isHex
                    ? (current == UInt8(ascii: "p") || current == UInt8(ascii: "P"))
                    : (current == UInt8(ascii: "e") || current == UInt8(ascii: "E"))
                if isExponent {
                    isFloat = true
                    if let sign = byte(at: position + 1), sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
                        position += 1
                    }
                }
                position += 1
            } else if current == UInt8(ascii: "."), let next = byte(at: position + 1),
                next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9")
            {
                isFloat = true
                position += 1
            } else {
                break
            }
        }
        emit(isFloat ? .floatLiteral : .integerLiteral, from: start, to: position)
    }

    private mutating func lexOperator() {
        let start = position
        let first = bytes[position]
        position += 1
        // `<`, `>`, `?`, `!`, `=` and `.` stand alone so types such as `List<List<Int>>?` split correctly;
        // `->`, `==`, `...` and friends are still recognised as one operator.
        if first == UInt8(ascii: "-") && byte(at: position) == UInt8(ascii: ">") {
            position += 1
        } else if first == UInt8(ascii: ".") {
            while byte(at: position) == UInt8(ascii: ".") { position += 1 }
        } else if first == UInt8(ascii: "=") && byte(at: position) == UInt8(ascii: "=") {
            while byte(at: position) == UInt8(ascii: "=") { position += 1 }
        } else if !"<>?!=".utf8.contains(first), Self.operatorCharacters.contains(first) {
            while let current = byte(at: position), Self.operatorCharacters.contains(current),
                !"<>?!.".utf8.contains(current)
            {
                if current == UInt8(ascii: "/"), let next = byte(at: position + 1),
                    next == UInt8(ascii: "/") || next == UInt8(ascii: "*")
                {
                    break
                }
                position += 1
            }
        }
        let kind: Token.Kind = first == UInt8(ascii: ".") && position == start + 1 ? .punctuation : .operator
        emit(kind, from: start, to: position)
    }

    private mutating func lexPound() {
        let start = position
        var hashes = 0
        while byte(at: position + hashes) == UInt8(ascii: "#") { hashes += 1 }
        if byte(at: position + hashes) == UInt8(ascii: "\"") {
            lexString(hashCount: hashes, start: start)
            return
        }
        position += 1
        while let current = byte(at: position), Self.isIdentifierBody(current) { position += 1 }
        emit(.poundKeyword, from: start, to: position)
    }

    /// Lexes a string literal whose opening quote follows `hashCount` `#` characters starting at `start`.
    private mutating func lexString(hashCount: Int, start: Int) {
        let startLine = line
        let wasNewline = sawNewline
        position = start + hashCount
        let end = scanStringBody(hashCount: hashCount)
        position = end
        sawNewline = wasNewline
        emit(.stringLiteral, from: start, to: end, line: startLine)
    }

    /// Scans a string literal from its opening quote at `position`; returns the offset after its closing delimiter.
    /// Counts lines; reports unterminated literals and ends them at the line end (single-line) or end of input.
    private mutating func scanStringBody(hashCount: Int) -> Int {
        let isMultiline = byte(at: position + 1) == UInt8(ascii: "\"") && byte(at: position + 2) == UInt8(ascii: "\"")
        let quoteLength = isMultiline ? 3 : 1
        let startLine = line
        var index = position + quoteLength
        while let current = byte(at: index) {
            if current == UInt8(ascii: "\\") && hashesFollow(index + 1, count: hashCount) {
                let afterEscape = index + 1 + hashCount
                if byte(at: afterEscape) == UInt8(ascii: "("), interpolationDepth < Self.interpolationLimit {
                    interpolationDepth += 1
                    index = scanInterpolation(from: afterEscape + 1)
                    interpolationDepth -= 1
                } else {
                    if byte(at: afterEscape) == UInt8(ascii: "\n") { line += 1 }
                    index = afterEscape + 1
                }
                continue
            }
            if current == UInt8(ascii: "\"") {
                var quotes = 1
                if isMultiline {
                    quotes =
                        byte(at: index + 1) == UInt8(ascii: "\"") && byte(at: index + 2) == UInt8(ascii: "\"") ? 3 : 0
                }
                if quotes == quoteLength && hashesFollow(index + quoteLength, count: hashCount) {
                    return index + quoteLength + hashCount
                }
                index += 1
                continue
            }
            if current == UInt8(ascii: "\n") {
                if !isMultiline {
                    problems.append((startLine, "unterminated string literal"))
                    return index
                }
                line += 1
            }
            index += 1
        }
        problems.append((startLine, "unterminated string literal"))
        return bytes.count
    }

    private func hashesFollow(_ index: Int, count: Int) -> Bool {
        for offset in 0..<count where byte(at: index + offset) != UInt8(ascii: "#") { return false }
        return true
    }

    /// Skips an interpolation body after `\(`, which may itself hold strings, comments and parentheses;
    /// returns the offset after its closing `)`.
    private mutating func scanInterpolation(from start: Int) -> Int {
        var depth = 1
        var index = start
        while let current = byte(at: index) {
            switch current {
            case UInt8(ascii: "("):
                depth += 1
                index += 1
            case UInt8(ascii: ")"):
                depth -= 1
                index += 1
                if depth == 0 { return index }
            case UInt8(ascii: "\n"):
                line += 1
                index += 1
            case UInt8(ascii: "\""), UInt8(ascii: "#"):
                var hashes = 0
                while byte(at: index + hashes) == UInt8(ascii: "#") { hashes += 1 }
                if byte(at: index + hashes) == UInt8(ascii: "\"") {
                    let saved = position
                    position = index + hashes
                    index = scanStringBody(hashCount: hashes)
                    position = saved
                } else {
                    index += max(hashes, 1)
                }
            case UInt8(ascii: "/") where byte(at: index + 1) == UInt8(ascii: "*"):
                var commentDepth = 0
                while let inner = byte(at: index) {
                    if inner == UInt8(ascii: "/") && byte(at: index + 1) == UInt8(ascii: "*") {
                        commentDepth += 1
                        index += 2
                    } else if inner == UInt8(ascii: "*") && byte(at: index + 1) == UInt8(ascii: "/") {
                        commentDepth -= 1
                        index += 2
                        if commentDepth == 0 { break }
                    } else {
                        if inner == UInt8(ascii: "\n") { line += 1 }
                        index += 1
                    }
                }
            default:
                index += 1
            }
        }
        return bytes.count
    }
}
