/// Splits Objective-C (and Objective-C++) source into tokens, treating it as untrusted input: comments are dropped,
/// string and character literals are single tokens (so nothing inside them is read as code), preprocessor lines are
/// single ``ObjectiveCToken/Kind/directive`` tokens. It never traps and never stops: an unterminated comment or
/// literal is a problem with its line, and lexing goes on.
///
/// ```swift
/// let lexer = ObjectiveCLexer.tokenize(headerText)
/// for token in lexer.tokens where token.kind == .atKeyword { print(token.line, token.text) }
/// ```
package struct ObjectiveCLexer: Sendable {
    /// The tokens, in source order.
    package private(set) var tokens: [ObjectiveCToken] = []
    /// Problems found, in source order.
    package private(set) var problems: [ObjectiveCProblem] = []

    private let bytes: [UInt8]
    private var position = 0
    private var line = 1
    /// Whether only whitespace (or comments) came before `position` on its line: where a `#` starts a directive.
    private var atLineStart = true

    private init(_ text: String) { bytes = Array(text.utf8) }

    /// Tokenizes `text`.
    package static func tokenize(_ text: String) -> ObjectiveCLexer {
        var lexer = ObjectiveCLexer(text)
        lexer.run()
        return lexer
    }

    private func byte(at index: Int) -> UInt8? { index >= 0 && index < bytes.count ? bytes[index] : nil }

    private func text(_ start: Int, _ end: Int) -> String {
        let lower = max(0, min(start, bytes.count))
        let upper = max(lower, min(end, bytes.count))
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isIdentifierBody(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }

    private mutating func run() {
        while let current = byte(at: position) {
            switch current {
            case UInt8(ascii: "\n"):
                line += 1
                position += 1
                atLineStart = true
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                position += 1
            case UInt8(ascii: "/") where byte(at: position + 1) == UInt8(ascii: "/"):
                skipLineComment()
            case UInt8(ascii: "/") where byte(at: position + 1) == UInt8(ascii: "*"):
                skipBlockComment()
            case UInt8(ascii: "#") where atLineStart:
                lexDirective()
            case UInt8(ascii: "\""):
                lexQuoted(kind: .string, from: position, quote: current)
            case UInt8(ascii: "'"):
                lexQuoted(kind: .character, from: position, quote: current)
            case UInt8(ascii: "@"):
                lexAt()
            default:
                if Self.isIdentifierStart(current) {
                    lexWord(kind: .identifier, from: position)
                } else if Self.isDigit(current)
                    || (current == UInt8(ascii: ".") && byte(at: position + 1).map(Self.isDigit) == true)
                {
                    lexNumber()
                } else {
                    emit(.punctuation, text(position, position + 1))
                    position += 1
                }
            }
        }
    }

    private mutating func emit(_ kind: ObjectiveCToken.Kind, _ text: String, line tokenLine: Int? = nil) {
        tokens.append(ObjectiveCToken(kind: kind, text: text, line: tokenLine ?? line))
        atLineStart = false
    }

    private mutating func skipLineComment() {
        // A line comment ends at the newline (a backslash before it continues it, as in C).
        while let current = byte(at: position), current != UInt8(ascii: "\n") {
            if current == UInt8(ascii: "\\"), byte(at: position + 1) == UInt8(ascii: "\n") {
                line += 1
                position += 1
            }
            position += 1
        }
    }

    private mutating func skipBlockComment() {
        let startLine = line
        position += 2
        while let current = byte(at: position) {
            if current == UInt8(ascii: "*"), byte(at: position + 1) == UInt8(ascii: "/") {
                position += 2
                return
            }
            if current == UInt8(ascii: "\n") { line += 1 }
            position += 1
        }
        problems.append(
            ObjectiveCProblem(
                line: startLine, kind: .unterminatedComment, message: "'/*' comment is never closed with '*/'"))
    }

    /// A preprocessor line: from `#` to the end of the line, continuation lines joined, comments dropped.
    private mutating func lexDirective() {
        let startLine = line
        var result = ""
        var segmentStart = position
        while let current = byte(at: position), current != UInt8(ascii: "\n") {
            if current == UInt8(ascii: "\\"),
                byte(at: position + 1) == UInt8(ascii: "\n")
                    || (byte(at: position + 1) == UInt8(ascii: "\r") && byte(at: position + 2) == UInt8(ascii: "\n"))
            {
                result += text(segmentStart, position) + " "
                position += byte(at: position + 1) == UInt8(ascii: "\r") ? 3 : 2
                line += 1
                segmentStart = position
                continue
            }
            if current == UInt8(ascii: "/"), byte(at: position + 1) == UInt8(ascii: "/") {
                result += text(segmentStart, position)
                skipLineComment()
                segmentStart = position
                break
            }
            if current == UInt8(ascii: "/"), byte(at: position + 1) == UInt8(ascii: "*") {
                result += text(segmentStart, position) + " "
                skipBlockComment()
                segmentStart = position
                continue
            }
            if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") {
                // `#import "Dog.h"`, `#define KEY @"id"`: a literal never hides the end of the line or a comment.
                position = endOfQuoted(from: position, quote: current)
                continue
            }
            position += 1
        }
        result += text(segmentStart, position)
        tokens.append(
            ObjectiveCToken(kind: .directive, text: result.trimmingTrailingWhitespace(), line: startLine))
        atLineStart = false
    }

    /// Where a literal opened by `quote` at `start` ends (after its closing quote, or at the end of the line).
    private func endOfQuoted(from start: Int, quote: UInt8) -> Int {
        var index = start + 1
        while let current = byte(at: index) {
            if current == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if current == quote { return index + 1 }
            if current == UInt8(ascii: "\n") { return index }
            index += 1
        }
        return bytes.count
    }

    private mutating func lexQuoted(kind: ObjectiveCToken.Kind, from start: Int, quote: UInt8) {
        let end = endOfQuoted(from: position, quote: quote)
        if byte(at: end - 1) != quote || end - 1 == position {
            problems.append(
                ObjectiveCProblem(
                    line: line, kind: .unterminatedLiteral,
                    message: "\(kind == .character ? "character" : "string") literal is not closed on its line"))
        }
        emit(kind, text(start, end))
        position = max(end, position + 1)
    }

    private mutating func lexAt() {
        let next = byte(at: position + 1)
        if next == UInt8(ascii: "\"") {
            let start = position
            position += 1
            lexQuoted(kind: .objectString, from: start, quote: UInt8(ascii: "\""))
        } else if let next, Self.isIdentifierStart(next) {
            lexWord(kind: .atKeyword, from: position, skipping: 1)
        } else {
            emit(.punctuation, "@")
            position += 1
        }
    }

    private mutating func lexWord(kind: ObjectiveCToken.Kind, from start: Int, skipping: Int = 0) {
        position += skipping
        while let current = byte(at: position), Self.isIdentifierBody(current) { position += 1 }
        emit(kind, text(start, position))
    }

    private mutating func lexNumber() {
        let start = position
        while let current = byte(at: position) {
            if Self.isIdentifierBody(current) || current == UInt8(ascii: ".") {
                position += 1
            } else if current == UInt8(ascii: "+") || current == UInt8(ascii: "-"),
                let previous = byte(at: position - 1),
                previous == UInt8(ascii: "e") || previous == UInt8(ascii: "E")
                    || previous == UInt8(ascii: "p") || previous == UInt8(ascii: "P")
            {
                position += 1
            } else {
                break
            }
        }
        emit(.number, text(start, position))
    }
}

extension String {
    fileprivate func trimmingTrailingWhitespace() -> String {
        var result = Substring(self)
        while let last = result.last, last == " " || last == "\t" || last == "\r" { result = result.dropLast() }
        return String(result)
    }
}
