/// Reads the declarations of one Objective-C file (`.h`, `.m`, `.mm`) from its tokens: `@interface` blocks with their
/// `@property` declarations, `@implementation` blocks with their methods, protocols, `typedef`s and string constants.
///
/// Source is untrusted input: the reader never traps and always makes progress. Whatever it cannot follow (an
/// unbalanced bracket, a missing `@end`, a macro it cannot expand, declarations under `#if`) becomes an
/// ``ObjectiveCProblem`` with its line, and reading goes on. Both branches of an `#if` are read (the condition is
/// recorded on what they declare, and reported); `#if 0` blocks and include guards are not conditions.
///
/// ```swift
/// let file = ObjectiveCDeclarationReader.read(headerText)
/// for interface in file.interfaces { print(interface.name, interface.properties.map(\.name)) }
/// ```
package struct ObjectiveCDeclarationReader {
    let tokens: [ObjectiveCToken]
    var index = 0
    var file = ObjectiveCFile()
    /// The `#if` blocks open at the current token, outermost first.
    var frames: [ConditionFrame] = []

    /// One open `#if` block.
    struct ConditionFrame {
        /// The condition of the clause being read, as written (`DEBUG`, `defined(X)`, `!(DEBUG)`).
        var condition: String
        /// The condition as the `#if` line wrote it, for `#elif`/`#else` clauses.
        var original: String
        var line: Int
        /// An include guard (`#ifndef Dog_h` + `#define Dog_h`): not a condition.
        var isIncludeGuard: Bool
        /// Whether a declaration that matters (an interface, property or method) was read under it.
        var enclosesDeclarations = false
    }

    private init(_ lexer: ObjectiveCLexer) {
        tokens = lexer.tokens
        file.problems = lexer.problems
    }

    /// Reads `text`.
    /// - Parameter text: The file's contents.
    /// - Returns: Its declarations and every problem found, in line order; never throws, whatever the input.
    package static func read(_ text: String) -> ObjectiveCFile {
        var reader = ObjectiveCDeclarationReader(ObjectiveCLexer.tokenize(text))
        reader.readFile()
        for frame in reader.frames where !frame.isIncludeGuard {
            reader.file.problems.append(
                ObjectiveCProblem(
                    line: frame.line, kind: .unbalanced,
                    message: "'#if \(frame.original)' is never closed with '#endif'"))
        }
        reader.file.problems.sort { $0.line < $1.line }
        return reader.file
    }

    var current: ObjectiveCToken? { index < tokens.count ? tokens[index] : nil }

    func peek(_ offset: Int) -> ObjectiveCToken? {
        let target = index + offset
        return target >= 0 && target < tokens.count ? tokens[target] : nil
    }

    /// The conditions of the open `#if` blocks (include guards left out), outermost first; marks them as enclosing
    /// a declaration.
    mutating func activeConditions() -> [String] {
        var result: [String] = []
        for position in frames.indices where !frames[position].isIncludeGuard {
            frames[position].enclosesDeclarations = true
            result.append(frames[position].condition)
        }
        return result
    }

    private mutating func readFile() {
        while let token = current {
            let before = index
            switch token.kind {
            case .directive:
                handleDirective()
            case .atKeyword:
                switch token.text {
                case "@interface": readInterface()
                case "@implementation": readImplementation()
                case "@protocol": readProtocol()
                case "@end":
                    problem(token.line, .unbalanced, "'@end' without an '@interface', '@implementation' or '@protocol'")
                    index += 1
                default: index += 1
                }
            case .identifier where token.text == "typedef":
                readTypedef()
            case .identifier
            where token.text == "extern" && peek(1)?.kind == .string && peek(2)?.isPunctuation("{") == true:
                // `extern "C" {` (Objective-C++ headers): its declarations are read as the file's; its `}` is
                // passed over below.
                index += 3
            case .identifier where token.text == "RLM_COLLECTION_TYPE" || token.text == "RLM_ARRAY_TYPE":
                if peek(1)?.isPunctuation("(") == true, let name = peek(2), name.kind == .identifier,
                    peek(3)?.isPunctuation(")") == true
                {
                    file.protocols[name.text] = token.line
                    index += 4
                } else {
                    index += 1
                }
            case .identifier where peek(1)?.isPunctuation("=") == true && peek(2)?.kind == .objectString:
                if let value = peek(2), peek(3)?.isPunctuation(";") == true || peek(3)?.isPunctuation(",") == true {
                    file.stringConstants[token.text] = Self.unquote(value.text)
                }
                index += 3
            case .punctuation where token.text == "{" || token.text == "(" || token.text == "[":
                skipBalanced()
            default:
                index += 1
            }
            if index == before { index += 1 }
        }
    }

    // MARK: - Declarations

    private mutating func readInterface() {
        guard let (start, nameToken) = classKeywordAndName() else { return }
        var interface = ObjectiveCInterface(name: nameToken.text, line: start.line, conditions: activeConditions())
        if current?.isPunctuation("<") == true { _ = angleGroup() }  // `@interface Box<T>`: type parameters.
        if current?.isPunctuation(":") == true {
            index += 1
            if let superclass = current, superclass.kind == .identifier {
                interface.superclass = superclass.text
                index += 1
                // `: RLMObject<Parameter>` type arguments of the superclass are not protocols, but a list after
                // them is: both come as angle groups.
            }
        } else if current?.isPunctuation("(") == true {
            index += 1
            var category = ""
            while let token = current, !token.isPunctuation(")"), token.kind == .identifier {
                category += token.text
                index += 1
            }
            if current?.isPunctuation(")") == true { index += 1 }
            interface.category = category
        }
        while current?.isPunctuation("<") == true {
            interface.protocols = angleGroup().filter { !$0.contains("*") }
        }
        if current?.isPunctuation("{") == true { skipBalanced() }
        readMembers(into: &interface)
        file.interfaces.append(interface)
    }

    private mutating func readMembers(into interface: inout ObjectiveCInterface) {
        while let token = current {
            let before = index
            switch token.kind {
            case .directive:
                handleDirective()
            case .atKeyword where token.text == "@end":
                index += 1
                return
            case .atKeyword where token.text == "@interface" || token.text == "@implementation":
                problem(interface.line, .unbalanced, "'@interface \(interface.name)' is never closed with '@end'")
                return
            case .atKeyword where token.text == "@property":
                interface.properties += readProperty()
            case .punctuation where token.text == "-" || token.text == "+":
                skipToSemicolon()
            case .punctuation where token.text == "{" || token.text == "(" || token.text == "[":
                skipBalanced()
            case .identifier where peek(1)?.isPunctuation("(") == true:
                if !Self.isKnownAnnotationMacro(token.text) {
                    problem(
                        token.line, .unexpandedMacro(name: token.text),
                        "macro '\(token.text)(…)' in '@interface \(interface.name)' cannot be expanded; what it "
                            + "declares is not read")
                }
                index += 1
                skipBalanced()
            default:
                index += 1
            }
            if index == before { index += 1 }
        }
        problem(interface.line, .unbalanced, "'@interface \(interface.name)' is never closed with '@end'")
    }

    private mutating func readProtocol() {
        guard let start = current else { return }
        index += 1
        guard let name = current, name.kind == .identifier else { return }
        index += 1
        // `@protocol Dog;` and `@protocol A, B;` are forward declarations.
        if current?.isPunctuation(";") == true || current?.isPunctuation(",") == true {
            skipToSemicolon()
            return
        }
        file.protocols[name.text] = start.line
        while let token = current {
            index += 1
            if token.kind == .atKeyword, token.text == "@end" { return }
            if token.kind == .directive {
                index -= 1
                handleDirective()
            }
        }
        problem(start.line, .unbalanced, "'@protocol \(name.text)' is never closed with '@end'")
    }

    private mutating func readTypedef() {
        guard let start = current else { return }
        index += 1
        if let macro = current, Self.enumMacros.contains(macro.text), peek(1)?.isPunctuation("(") == true {
            index += 2
            var typeTokens: [ObjectiveCToken] = []
            while let token = current, !token.isPunctuation(","), !token.isPunctuation(")") {
                typeTokens.append(token)
                index += 1
            }
            if current?.isPunctuation(",") == true, let name = peek(1), name.kind == .identifier {
                file.typedefs[name.text] = ObjectiveCTypeReader.type(typeTokens[...])
            }
            skipToSemicolon()
            return
        }
        if current?.isIdentifier("enum") == true {
            index += 1
            if current?.kind == .identifier { index += 1 }
            var underlying = ObjectiveCType(name: "int")
            if current?.isPunctuation(":") == true {
                index += 1
                var typeTokens: [ObjectiveCToken] = []
                while let token = current, !token.isPunctuation("{"), !token.isPunctuation(";") {
                    typeTokens.append(token)
                    index += 1
                }
                underlying = ObjectiveCTypeReader.type(typeTokens[...])
            }
            if current?.isPunctuation("{") == true { skipBalanced() }
            if let name = current, name.kind == .identifier { file.typedefs[name.text] = underlying }
            skipToSemicolon()
            return
        }
        let collected = tokensBeforeSemicolon()
        if current?.isPunctuation(";") == true { index += 1 }
        // `typedef NSInteger DogID;`, `typedef NSString * Name;`: a plain alias (not a struct, block or function).
        guard let name = collected.last, name.kind == .identifier, collected.count >= 2,
            !collected.contains(where: { $0.text == "(" || $0.text == "{" || $0.text == "[" })
        else {
            if collected.isEmpty { problem(start.line, .unreadableDeclaration, "'typedef' without a declaration") }
            return
        }
        file.typedefs[name.text] = ObjectiveCTypeReader.type(collected.dropLast()[...])
    }

    // MARK: - Helpers

    mutating func problem(_ line: Int, _ kind: ObjectiveCProblem.Kind, _ message: String) {
        file.problems.append(ObjectiveCProblem(line: line, kind: kind, message: message))
    }

    /// Skips the bracketed run opened at the current token (`{`, `(`, `[`), nested brackets included; a run never
    /// closed is a problem and ends at the end of the file (or at an `@end`, which no bracket hides).
    mutating func skipBalanced() {
        guard let open = current else { return }
        var depth = 0
        while let token = current {
            if token.kind == .atKeyword,
                token.text == "@end" || token.text == "@implementation"
                    || token.text == "@interface", depth > 0
            {
                problem(open.line, .unbalanced, "'\(open.text)' is never closed")
                return
            }
            depth += token.bracketDepthChange
            index += 1
            if depth <= 0 { return }
        }
        problem(open.line, .unbalanced, "'\(open.text)' is never closed")
    }

    /// Skips to just after the next `;` outside brackets (or to an `@end`, which it leaves).
    /// Reads `@interface Name` or `@implementation Name` from the keyword on: both tokens, the reader after the name;
    /// `nil`, with a problem reported, when no name follows.
    mutating func classKeywordAndName() -> (keyword: ObjectiveCToken, name: ObjectiveCToken)? {
        guard let keyword = current else { return nil }
        index += 1
        guard let name = current, name.kind == .identifier else {
            problem(keyword.line, .unreadableDeclaration, "'\(keyword.text)' without a class name")
            return nil
        }
        index += 1
        return (keyword, name)
    }

    /// The tokens from here to the `;` that ends the declaration at this bracket depth (or an `@` keyword or
    /// directive, which no declaration holds), leaving the reader on that token.
    mutating func tokensBeforeSemicolon() -> [ObjectiveCToken] {
        var collected: [ObjectiveCToken] = []
        var depth = 0
        while let token = current {
            if depth == 0, token.isPunctuation(";") { break }
            if token.kind == .atKeyword || token.kind == .directive { break }
            depth += token.bracketDepthChange
            collected.append(token)
            index += 1
        }
        return collected
    }

    mutating func skipToSemicolon() {
        while let token = current {
            if token.kind == .atKeyword, token.text == "@end" { return }
            if token.isPunctuation(";") {
                index += 1
                return
            }
            if token.bracketDepthChange > 0 {
                skipBalanced()
            } else {
                index += 1
            }
        }
    }

    /// Reads the `<…>` group at the current token as its comma-separated items, each written back as text.
    mutating func angleGroup() -> [String] {
        index += 1
        var items: [String] = []
        var item = ""
        var depth = 0
        while let token = current {
            index += 1
            if token.isPunctuation("<") { depth += 1 }
            if token.isPunctuation(">") {
                if depth == 0 { break }
                depth -= 1
            }
            if depth == 0, token.isPunctuation(",") {
                items.append(item)
                item = ""
                continue
            }
            if token.kind == .atKeyword || token.isPunctuation("{") || token.isPunctuation(";") {
                index -= 1
                break
            }
            item += token.text
        }
        if !item.isEmpty { items.append(item) }
        return items
    }

    /// `NS_ENUM` and its kin: `typedef NS_ENUM(NSInteger, Kind) { … };`.
    private static let enumMacros: Set<String> = [
        "NS_ENUM", "NS_OPTIONS", "NS_CLOSED_ENUM", "NS_ERROR_ENUM", "CF_ENUM", "CF_OPTIONS", "CF_CLOSED_ENUM",
    ]

    /// Apple's and Realm's annotation macros (availability, Swift names, deprecation, attributes), which declare
    /// nothing.
    static func isKnownAnnotationMacro(_ name: String) -> Bool {
        let prefixes = [
            "NS_", "API_", "DEPRECATED", "__", "RLM_", "UI_", "CF_", "OBJC_", "AVAILABLE", "IOS_", "MAC_", "TV_",
            "WATCH_", "UNAVAILABLE", "SWIFT_", "FOUNDATION_",
        ]
        return prefixes.contains { name.hasPrefix($0) }
    }

    /// The contents of a string literal as written (`@"id"`, `"id"`), escapes kept.
    package static func unquote(_ literal: String) -> String {
        var text = Substring(literal)
        if text.hasPrefix("@") { text = text.dropFirst() }
        if text.hasPrefix("\"") { text = text.dropFirst() }
        if text.hasSuffix("\"") { text = text.dropLast() }
        return String(text)
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
