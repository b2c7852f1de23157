import RealmSchema
import SwiftDataCodegen
import SwiftSourceSyntax

/// Members Realm does not persist, kept with their source text for review.
extension ClassExtractor {
    func member(_ declaration: Declaration, owner: DeclaredType, rule: String? = nil) -> SourceMember {
        let (name, kind, start, end, line): (String, SourceMember.Kind, Int, Int, Int)
        switch declaration {
        case .variable(let variable):
            let isComputed = !variable.isStored
            (name, kind, start, end, line) = (
                variable.name, isComputed ? .computedProperty : .ignoredProperty, variable.start, variable.end,
                variable.line
            )
        case .function(let function):
            let functionKind: SourceMember.Kind =
                switch function.keyword {
                case "init": .initializer
                case "subscript": .subscript
                case "func": .method
                default: .other
                }
            (name, kind, start, end, line) = (function.name, functionKind, function.start, function.end, function.line)
        case .type(let nested):
            (name, kind, start, end, line) = (nested.name, .nestedType, nested.start, nested.end, nested.line)
        case .other(let keyword, let otherName, let otherLine, let otherStart, let otherEnd):
            (name, kind, start, end, line) = (
                otherName ?? keyword, keyword == "typealias" ? .nestedType : .other, otherStart, otherEnd, otherLine
            )
        case .enumCase(let enumCase):
            (name, kind, start, end, line) = ("case", .other, 0, 0, enumCase.line)
        case .conditional(let block):
            (name, kind, start, end, line) = ("#if", .other, 0, 0, block.line)
        }
        return SourceMember(
            name: name, kind: kind, sourceText: owner.source.text(from: start, to: end),
            sourceLocation: SourceLocation(file: owner.file, line: line), exclusionRule: rule)
    }

    /// The contents of a simple string literal (`"id"` → `id`, `#"id"#` → `id`).
    static func unquote(_ literal: String) -> String {
        var text = Substring(literal)
        while text.first == "#" && text.last == "#" && text.count >= 2 { text = text.dropFirst().dropLast() }
        if text.hasPrefix("\"\"\"") && text.hasSuffix("\"\"\"") && text.count >= 6 {
            return String(text.dropFirst(3).dropLast(3))
        }
        if text.first == "\"" && text.last == "\"" && text.count >= 2 { return String(text.dropFirst().dropLast()) }
        return String(text)
    }
}

extension Declaration {
    /// The line the declaration starts on.
    var line: Int {
        switch self {
        case .type(let declaration): declaration.line
        case .variable(let declaration): declaration.line
        case .function(let declaration): declaration.line
        case .enumCase(let declaration): declaration.line
        case .conditional(let block): block.line
        case .other(_, _, let line, _, _): line
        }
    }
}
