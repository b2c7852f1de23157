import ObjectiveCSourceSyntax

/// Where the Objective-C lexer's tokens are: their UTF-8 byte offsets and columns, found again on their lines (the
/// lexer keeps lines only). A token that cannot be found on its line (a directive's joined continuation lines) is
/// placed where the search stopped, never out of the text.
struct ObjectiveCSourceMap: Sendable {
    private let bytes: [UInt8]
    /// The byte offset where each line starts (line 1 at index 0).
    private let lineStarts: [Int]
    /// The byte offset of each token.
    let starts: [Int]
    /// The byte offset after each token.
    let ends: [Int]

    /// Maps `tokens`, lexed from `text`.
    init(text: String, tokens: [ObjectiveCToken]) {
        let bytes = Array(text.utf8)
        var lineStarts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(offset + 1) }
        var starts: [Int] = []
        var ends: [Int] = []
        starts.reserveCapacity(tokens.count)
        ends.reserveCapacity(tokens.count)
        var cursor = 0
        var cursorLine = 0
        for token in tokens {
            let lineIndex = min(max(token.line - 1, 0), lineStarts.count - 1)
            if lineIndex != cursorLine || cursor < lineStarts[lineIndex] {
                cursorLine = lineIndex
                cursor = lineStarts[lineIndex]
            }
            let lineEnd = lineIndex + 1 < lineStarts.count ? lineStarts[lineIndex + 1] : bytes.count
            let needle = Array(token.text.utf8)
            let found = Self.find(needle, in: bytes, from: cursor, before: lineEnd)
            let start = found ?? cursor
            let end = found.map { min($0 + needle.count, bytes.count) } ?? cursor
            starts.append(start)
            ends.append(end)
            cursor = end
        }
        self.bytes = bytes
        self.lineStarts = lineStarts
        self.starts = starts
        self.ends = ends
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int, before end: Int) -> Int? {
        guard !needle.isEmpty, start >= 0, end <= bytes.count, end - start >= needle.count else { return nil }
        var position = start
        while position + needle.count <= end {
            if bytes[position] == needle[0], bytes[position..<(position + needle.count)].elementsEqual(needle) {
                return position
            }
            position += 1
        }
        return nil
    }

    /// The 1-based column (UTF-8 bytes) of token `index`.
    func column(ofToken index: Int) -> Int {
        guard starts.indices.contains(index) else { return 1 }
        let start = starts[index]
        let lineStart = lineStarts.last { $0 <= start } ?? 0
        return start - lineStart + 1
    }

    /// The text of 1-based `line`, without its line break.
    func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The source text from token `first` through token `last`, with its byte range.
    func range(fromToken first: Int, throughToken last: Int) -> RealmAuditSourceRange {
        guard starts.indices.contains(first), ends.indices.contains(last) else {
            return RealmAuditSourceRange(text: "", startOffset: 0, endOffset: 0)
        }
        let start = starts[first]
        let end = max(start, ends[last])
        return RealmAuditSourceRange(
            text: String(decoding: bytes[start..<end], as: UTF8.self), startOffset: start, endOffset: end)
    }
}
