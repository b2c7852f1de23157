/// A `--exclude` pattern: `*` matches within one path component, `**` across components, `?` one character.
///
/// A pattern without `/` matches any component of the path (`Pods`, `*.generated.swift`); a pattern with `/` matches
/// the whole path relative to the input folder (`App/Generated/**`).
///
/// ```swift
/// PathGlob("Generated/**").matches("Generated/Models/Track.swift") // true
/// PathGlob("*.pb.swift").matches("Proto/Track.pb.swift")            // true
/// ```
public struct PathGlob: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as given.
    public var description: String
    private let pattern: [Character]

    /// Creates a glob from its text.
    public init(_ pattern: String) {
        description = pattern
        var text = Substring(pattern)
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        while text.hasSuffix("/") { text = text.dropLast() }
        self.pattern = Array(text)
    }

    /// Whether `relativePath` (components separated by `/`) or, for a pattern without `/`, one of its components
    /// matches.
    public func matches(_ relativePath: String) -> Bool {
        let path = Array(relativePath)
        if !pattern.contains("/") {
            return relativePath.split(separator: "/").contains { Self.match(pattern[...], Array($0)[...]) }
        }
        return Self.match(pattern[...], path[...])
    }

    /// Iterative matching with backtracking to the last star: linear in practice, never recursive.
    private static func match(_ pattern: ArraySlice<Character>, _ text: ArraySlice<Character>) -> Bool {
        var p = pattern.startIndex
        var t = text.startIndex
        var star: (pattern: Int, text: Int, crossesSlash: Bool)?
        while t < text.endIndex {
            if p < pattern.endIndex, pattern[p] == "*" {
                let isDouble = p + 1 < pattern.endIndex && pattern[p + 1] == "*"
                p += isDouble ? 2 : 1
                // `**/` also matches no folder at all.
                if isDouble, p < pattern.endIndex, pattern[p] == "/" { p += 1 }
                star = (p, t, isDouble)
                continue
            }
            if p < pattern.endIndex, pattern[p] == "?" ? text[t] != "/" : pattern[p] == text[t] {
                p += 1
                t += 1
                continue
            }
            guard let last = star, last.crossesSlash || text[last.text] != "/" else { return false }
            star = (last.pattern, last.text + 1, last.crossesSlash)
            p = last.pattern
            t = last.text + 1
        }
        while p < pattern.endIndex, pattern[p] == "*" { p += 1 }
        return p == pattern.endIndex
    }
}
