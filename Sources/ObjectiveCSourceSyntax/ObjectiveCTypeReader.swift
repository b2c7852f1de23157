/// Reads the types and names of C declarations (`NSString *name`, `RLMArray<Dog *><Dog> *dogs`,
/// `unsigned long long count`, `void (^handler)(void)`), leaving out what does not change the type: nullability and
/// ownership qualifiers (`nullable`, `_Nonnull`, `__strong`, `const`), `IBOutlet`, and trailing annotation macros
/// (`NS_SWIFT_NAME(…)`, `__attribute__((…))`).
package enum ObjectiveCTypeReader {
    /// Qualifiers that say nothing Realm reads; the nullability ones are noted.
    private static let qualifiers: Set<String> = [
        "const", "volatile", "__kindof", "__strong", "__weak", "__unsafe_unretained", "__autoreleasing", "IBOutlet",
        "IBInspectable", "__block", "__covariant", "__contravariant", "restrict", "__restrict", "nonnull", "_Nonnull",
        "__nonnull", "null_unspecified", "_Null_unspecified", "__null_unspecified", "null_resettable",
    ]
    private static let nullable: Set<String> = ["nullable", "_Nullable", "__nullable"]
    /// The words of C's built-in types, which combine (`unsigned long long`).
    private static let cTypeWords: Set<String> = [
        "unsigned", "signed", "long", "short", "int", "char", "double", "float", "_Bool", "void",
    ]

    /// The declarators of a declaration's tokens (after `@property (…)`, before `;`): each name with its type.
    /// Empty when no name can be read.
    package static func declarators(_ tokens: ArraySlice<ObjectiveCToken>) -> [(name: String, type: ObjectiveCType)] {
        let parts = splitAtTopLevelCommas(tokens)
        guard let first = parts.first, let baseEnd = baseEnd(first) else { return [] }
        var result: [(String, ObjectiveCType)] = []
        let base = Array(first[first.startIndex..<baseEnd])
        for (position, part) in parts.enumerated() {
            let written = position == 0 ? first[baseEnd...] : part
            guard let (name, type) = declarator(base[...], written) else { continue }
            result.append((name, type))
        }
        return result
    }

    /// How deep type arguments may nest (`A<B<C<…>>>`) before the rest is left unread: input cannot make the reader
    /// recurse without bound.
    package static let nestingLimit = 32

    /// The type written by `tokens` with no declarator (`NSString *`, `NSInteger`, `RLMInt`).
    package static func type(_ tokens: ArraySlice<ObjectiveCToken>) -> ObjectiveCType {
        type(tokens, depth: 0)
    }

    private static func type(_ tokens: ArraySlice<ObjectiveCToken>, depth: Int) -> ObjectiveCType {
        var type = ObjectiveCType(name: "")
        var words: [String] = []
        var index = tokens.startIndex
        while index < tokens.endIndex {
            let token = tokens[index]
            index += 1
            if token.kind == .identifier {
                if nullable.contains(token.text) {
                    type.isMarkedNullable = true
                } else if !qualifiers.contains(token.text), type.pointers == 0 {
                    // A word after one that is not a C type word replaces it (`RLM_SWIFT_SENDABLE NSString`).
                    if let last = words.last, !(cTypeWords.contains(last) && cTypeWords.contains(token.text)) {
                        words = []
                    }
                    words.append(token.text)
                }
            } else if token.isPunctuation("*") || token.isPunctuation("^") || token.isPunctuation("&") {
                type.pointers += 1
            } else if token.isPunctuation("<") {
                let close = closingAngle(tokens, from: index - 1) ?? tokens.endIndex
                guard depth < nestingLimit else {
                    type.isNestedTooDeeply = true
                    break
                }
                let items = splitAtTopLevelCommas(tokens[index..<min(close, tokens.endIndex)]).map {
                    self.type($0, depth: depth + 1)
                }
                if items.contains(where: \.isNestedTooDeeply) { type.isNestedTooDeeply = true }
                if items.contains(where: { $0.pointers > 0 || !$0.typeArguments.isEmpty || !$0.protocols.isEmpty }) {
                    type.typeArguments += items
                } else {
                    type.protocols += items.map(\.name)
                }
                index = min(close + 1, tokens.endIndex)
            } else if token.bracketDepthChange != 0 || token.isPunctuation(":") {
                type.isBlockFunctionOrArray = true
            }
        }
        type.name = words.joined(separator: " ")
        return type
    }

    /// The declaration written back on one line (`NSString *name`, `RLMArray<Dog *><Dog> *dogs`).
    package static func text(of tokens: ArraySlice<ObjectiveCToken>) -> String {
        var result = ""
        var previous: ObjectiveCToken?
        for token in tokens {
            if let previous {
                let noSpaceAfter = ["(", "<", "*", "[", "^"].contains(previous.text) && previous.kind == .punctuation
                let noSpaceBefore =
                    [")", ">", ",", "]", "<", "("].contains(token.text) && token.kind == .punctuation
                let spaceBeforeParen = token.isPunctuation("(") && previous.kind != .identifier
                if !noSpaceAfter && (!noSpaceBefore || spaceBeforeParen) || previous.isPunctuation(",") {
                    result += " "
                }
            }
            result += token.text
            previous = token
        }
        return result
    }

    // MARK: - Parts

    /// Where the type specifiers of the first declarator end: before its `*`s and name (or its `(^name)`).
    private static func baseEnd(_ tokens: ArraySlice<ObjectiveCToken>) -> Int? {
        let trimmed = withoutTrailingAnnotations(tokens)
        guard !trimmed.isEmpty else { return nil }
        // A block or function pointer: `void (^name)(…)`, `int (*name)(…)`.
        if let open = trimmed.firstIndex(where: { $0.isPunctuation("(") }),
            open + 1 < trimmed.endIndex, trimmed[open + 1].isPunctuation("^") || trimmed[open + 1].isPunctuation("*")
        {
            return open
        }
        // The name is the last identifier (before `[…]` of a C array); the `*`s before it belong to the declarator.
        var end = trimmed.endIndex
        if let last = trimmed.last, last.isPunctuation("]"),
            let open = trimmed.lastIndex(where: { $0.isPunctuation("[") })
        {
            end = open
        }
        guard end > trimmed.startIndex, trimmed[end - 1].kind == .identifier else { return nil }
        var start = end - 1
        while start > trimmed.startIndex, isDeclaratorToken(trimmed[start - 1]) { start -= 1 }
        return start
    }

    /// `*`s and the qualifiers between them (`* _Nullable`, `* const`), which belong to a declarator.
    private static func isDeclaratorToken(_ token: ObjectiveCToken) -> Bool {
        token.isPunctuation("*")
            || (token.kind == .identifier && (qualifiers.contains(token.text) || nullable.contains(token.text)))
    }

    /// One declarator (`*name`, `name`, `(^name)(void)`, `name[4]`) over the shared specifiers `base`.
    private static func declarator(
        _ base: ArraySlice<ObjectiveCToken>, _ tokens: ArraySlice<ObjectiveCToken>
    ) -> (String, ObjectiveCType)? {
        let trimmed = withoutTrailingAnnotations(tokens)
        var type = self.type(base)
        if let open = trimmed.firstIndex(where: { $0.isPunctuation("(") }) {
            // `(^name)(…)` / `(*name)(…)`: the name is the identifier inside the first parentheses.
            guard let name = trimmed[open...].first(where: { $0.kind == .identifier && !qualifiers.contains($0.text) })
            else { return nil }
            type.isBlockFunctionOrArray = true
            return (name.text, type)
        }
        var end = trimmed.endIndex
        if let last = trimmed.last, last.isPunctuation("]"),
            let open = trimmed.lastIndex(where: { $0.isPunctuation("[") })
        {
            end = open
            type.isBlockFunctionOrArray = true
        }
        guard end > trimmed.startIndex, trimmed[end - 1].kind == .identifier else { return nil }
        for token in trimmed[trimmed.startIndex..<(end - 1)] {
            if token.isPunctuation("*") { type.pointers += 1 }
            if token.kind == .identifier, nullable.contains(token.text) { type.isMarkedNullable = true }
        }
        return (trimmed[end - 1].text, type)
    }

    /// `tokens` without the annotation macros after the declarator (`NS_SWIFT_NAME(x)`, `__attribute__((…))`,
    /// `NS_REFINED_FOR_SWIFT`).
    private static func withoutTrailingAnnotations(_ tokens: ArraySlice<ObjectiveCToken>)
        -> ArraySlice<ObjectiveCToken>
    {
        var result = tokens
        while let last = result.last {
            if last.isPunctuation(")"), let open = openingParenthesis(result, closing: result.endIndex - 1),
                open > result.startIndex, result[open - 1].kind == .identifier,
                isAnnotationMacro(result[open - 1].text)
            {
                result = result[result.startIndex..<(open - 1)]
            } else if last.kind == .identifier, isAnnotationMacro(last.text), result.count >= 2,
                result[result.endIndex - 2].kind == .identifier
            {
                result = result.dropLast()
            } else {
                return result
            }
        }
        return result
    }

    /// A macro-shaped name (`NS_SWIFT_NAME`, `__attribute__`, `RLM_SWIFT_SENDABLE`): upper case with an
    /// underscore, or starting with `__`.
    private static func isAnnotationMacro(_ name: String) -> Bool {
        if name.hasPrefix("__") { return true }
        return name.contains("_") && name.allSatisfy { $0.isUppercase || $0.isNumber || $0 == "_" }
    }

    private static func openingParenthesis(_ tokens: ArraySlice<ObjectiveCToken>, closing: Int) -> Int? {
        var depth = 0
        var index = closing
        while index >= tokens.startIndex {
            if tokens[index].isPunctuation(")") { depth += 1 }
            if tokens[index].isPunctuation("(") {
                depth -= 1
                if depth == 0 { return index }
            }
            index -= 1
        }
        return nil
    }

    private static func closingAngle(_ tokens: ArraySlice<ObjectiveCToken>, from open: Int) -> Int? {
        var depth = 0
        var index = open
        while index < tokens.endIndex {
            if tokens[index].isPunctuation("<") { depth += 1 }
            if tokens[index].isPunctuation(">") {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return nil
    }

    private static func splitAtTopLevelCommas(_ tokens: ArraySlice<ObjectiveCToken>) -> [ArraySlice<ObjectiveCToken>] {
        var parts: [ArraySlice<ObjectiveCToken>] = []
        var depth = 0
        var start = tokens.startIndex
        for index in tokens.indices {
            let token = tokens[index]
            if token.isPunctuation("<") || token.bracketDepthChange > 0 { depth += 1 }
            if token.isPunctuation(">") || token.bracketDepthChange < 0 { depth = max(0, depth - 1) }
            if depth == 0, token.isPunctuation(",") {
                parts.append(tokens[start..<index])
                start = index + 1
            }
        }
        parts.append(tokens[start..<tokens.endIndex])
        return parts
    }
}
