/// A value of the subset of YAML that project descriptions (XcodeGen's `project.yml`) use: block and flow
/// mappings and sequences of plain or quoted scalars. Anchors, tags and multi-line scalars are read as plain text.
package indirect enum YAMLValue: Sendable, Equatable {
    case scalar(String)
    case sequence([YAMLValue])
    case mapping([(key: String, value: YAMLValue)])

    package static func == (left: YAMLValue, right: YAMLValue) -> Bool {
        switch (left, right) {
        case (.scalar(let a), .scalar(let b)): a == b
        case (.sequence(let a), .sequence(let b)): a == b
        case (.mapping(let a), .mapping(let b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        default: false
        }
    }

    /// The value of `key` in a mapping.
    package subscript(key: String) -> YAMLValue? {
        if case .mapping(let entries) = self { return entries.first { $0.key == key }?.value }
        return nil
    }

    /// The scalar's text.
    package var scalar: String? {
        if case .scalar(let text) = self { return text }
        return nil
    }

    /// The elements of a sequence; a lone value as a sequence of one.
    package var elements: [YAMLValue] {
        switch self {
        case .sequence(let values): values
        case .scalar(let text) where text.isEmpty: []
        default: [self]
        }
    }

    /// The entries of a mapping, in order.
    package var entries: [(key: String, value: YAMLValue)] {
        if case .mapping(let entries) = self { return entries }
        return []
    }
}

/// Reads ``YAMLValue``s. Never throws: text it cannot place becomes scalars or is skipped, and nesting is bounded.
package enum SimpleYAML {
    private struct Line {
        var indent: Int
        var text: Substring
    }

    /// The document `text` holds.
    package static func parse(_ text: String) -> YAMLValue {
        var lines: [Line] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let content = withoutComment(raw.drop { $0 == "\r" })
            let indent = content.prefix { $0 == " " }.count
            let trimmed = content.dropFirst(indent).trimmingSpace
            if trimmed.isEmpty || trimmed == "---" || trimmed == "..." { continue }
            lines.append(Line(indent: indent, text: trimmed))
        }
        var index = 0
        let indent = lines.first?.indent ?? 0
        return block(&index, &lines, indent: indent, depth: 0)
    }

    private static func block(_ index: inout Int, _ lines: inout [Line], indent: Int, depth: Int) -> YAMLValue {
        guard index < lines.count, depth < 64 else { return .scalar("") }
        if lines[index].text.hasPrefix("- ") || lines[index].text == "-" {
            var values: [YAMLValue] = []
            while index < lines.count, lines[index].indent == indent,
                lines[index].text.hasPrefix("- ") || lines[index].text == "-"
            {
                let rest = lines[index].text.dropFirst().trimmingSpace
                if rest.isEmpty {
                    index += 1
                    let inner = index < lines.count ? lines[index].indent : indent
                    values.append(inner > indent ? block(&index, &lines, indent: inner, depth: depth + 1) : .scalar(""))
                } else {
                    // `- key: value` opens a mapping whose other keys sit at the item's content indent.
                    let contentIndent = indent + (lines[index].text.count - rest.count)
                    if mappingKey(rest) != nil {
                        lines[index] = Line(indent: contentIndent, text: rest)
                        values.append(block(&index, &lines, indent: contentIndent, depth: depth + 1))
                    } else {
                        values.append(scalarOrFlow(rest))
                        index += 1
                    }
                }
            }
            return .sequence(values)
        }
        var entries: [(key: String, value: YAMLValue)] = []
        while index < lines.count, lines[index].indent == indent, let (key, rest) = mappingKey(lines[index].text) {
            index += 1
            if rest.isEmpty || rest.hasPrefix("|") || rest.hasPrefix(">") || rest.hasPrefix("&") {
                let nested =
                    index < lines.count
                    && (lines[index].indent > indent
                        || (lines[index].indent == indent && lines[index].text.hasPrefix("- ")))
                let inner = nested ? lines[index].indent : indent
                entries.append((key, nested ? block(&index, &lines, indent: inner, depth: depth + 1) : .scalar("")))
            } else {
                entries.append((key, scalarOrFlow(rest)))
            }
        }
        // Lines indented deeper than the mapping that no key opened are skipped.
        while index < lines.count, lines[index].indent > indent { index += 1 }
        return .mapping(entries)
    }

    /// `key: rest` when the line starts a mapping entry.
    private static func mappingKey(_ text: Substring) -> (String, Substring)? {
        var inQuote: Character?
        var position = text.startIndex
        while position < text.endIndex {
            let character = text[position]
            if let quote = inQuote {
                if character == quote { inQuote = nil }
            } else if character == "\"" || character == "'" {
                inQuote = character
            } else if character == "[" || character == "{" {
                return nil
            } else if character == ":" {
                let after = text.index(after: position)
                if after == text.endIndex || text[after] == " " {
                    let key = unquoted(text[..<position].trimmingSpace)
                    return (key, text[after...].trimmingSpace)
                }
            }
            position = text.index(after: position)
        }
        return nil
    }

    private static func scalarOrFlow(_ text: Substring) -> YAMLValue {
        var index = text.startIndex
        return flow(text, &index, depth: 0)
    }

    /// A flow collection (`[a, b]`, `{key: value}`) or a scalar, from `index`.
    private static func flow(_ text: Substring, _ index: inout Substring.Index, depth: Int) -> YAMLValue {
        skipSpaces(text, &index)
        guard index < text.endIndex, depth < 64 else { return .scalar("") }
        let opening = text[index]
        guard opening == "[" || opening == "{" else {
            let start = index
            var inQuote: Character?
            while index < text.endIndex {
                let character = text[index]
                if let quote = inQuote {
                    if character == quote { inQuote = nil }
                } else if character == "\"" || character == "'" {
                    inQuote = character
                } else if depth > 0, [",", "]", "}"].contains(character) {
                    break
                }
                index = text.index(after: index)
            }
            return .scalar(unquoted(text[start..<index].trimmingSpace))
        }
        index = text.index(after: index)
        var values: [YAMLValue] = []
        var entries: [(key: String, value: YAMLValue)] = []
        let closing: Character = opening == "[" ? "]" : "}"
        while index < text.endIndex {
            skipSpaces(text, &index)
            guard index < text.endIndex else { break }
            if text[index] == closing {
                index = text.index(after: index)
                break
            }
            if text[index] == "," {
                index = text.index(after: index)
                continue
            }
            if opening == "{" {
                let keyStart = index
                while index < text.endIndex, text[index] != ":", text[index] != ",", text[index] != closing {
                    index = text.index(after: index)
                }
                let key = unquoted(text[keyStart..<index].trimmingSpace)
                if index < text.endIndex, text[index] == ":" {
                    index = text.index(after: index)
                    entries.append((key, flow(text, &index, depth: depth + 1)))
                } else {
                    entries.append((key, .scalar("")))
                }
            } else {
                values.append(flow(text, &index, depth: depth + 1))
            }
        }
        return opening == "[" ? .sequence(values) : .mapping(entries)
    }

    private static func skipSpaces(_ text: Substring, _ index: inout Substring.Index) {
        while index < text.endIndex, text[index] == " " { index = text.index(after: index) }
    }

    private static func unquoted(_ text: Substring) -> String {
        if text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first {
            return String(text.dropFirst().dropLast())
        }
        return String(text)
    }

    /// The line without a `#` comment (one at the start or after a space, outside quotes).
    private static func withoutComment(_ line: Substring) -> Substring {
        var inQuote: Character?
        var previous: Character = " "
        var position = line.startIndex
        while position < line.endIndex {
            let character = line[position]
            if let quote = inQuote {
                if character == quote { inQuote = nil }
            } else if character == "\"" || character == "'" {
                inQuote = character
            } else if character == "#", previous == " " || previous == "\t" {
                return line[..<position]
            }
            previous = character
            position = line.index(after: position)
        }
        return line
    }
}

extension Substring {
    fileprivate var trimmingSpace: Substring {
        let start = drop { $0 == " " || $0 == "\t" }
        var end = start.endIndex
        while end > start.startIndex {
            let before = start.index(before: end)
            guard start[before] == " " || start[before] == "\t" else { break }
            end = before
        }
        return start[start.startIndex..<end]
    }
}
