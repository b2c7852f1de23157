import SwiftDataCodegen
import SwiftSourceSyntax

/// What follows from disabling statements, and the body written out in pieces.
extension MigrationBlockCarrier {
    /// The statements to disable because others are: a `let` whose names only disabled code uses, a `var` that
    /// disabled code uses at all (it would be written but never read, or never mutated), a loop or `if let` whose
    /// names only disabled code in its body uses; by first token, with the reason.
    func prune(_ statements: [BlockStatement]) -> [Int: String] {
        var result: [Int: String] = [:]
        for (index, statement) in statements.enumerated() where statement.kind == .code && statement.isActive {
            for body in statement.bodies { result.merge(prune(body.statements)) { first, _ in first } }
            let later = statements[(index + 1)...]
            if !statement.declares.isEmpty {
                let active = later.reduce(into: Set<String>()) { $0.formUnion($1.activeMentions) }
                let reviewed = later.reduce(into: Set<String>()) { $0.formUnion($1.reviewedMentions) }
                let isVariable = run.isIdentifier(statement.start, "var")
                if !statement.declares.isDisjoint(with: reviewed),
                    isVariable || statement.declares.isDisjoint(with: active)
                {
                    result[statement.start] =
                        isVariable
                        ? "it declares a variable that code needing review uses"
                        : "what it declares is used only by code that needs review"
                }
            }
            if !statement.bodyDeclares.isEmpty {
                let inside = statement.bodies.flatMap(\.statements)
                let active = inside.reduce(into: Set<String>()) { $0.formUnion($1.activeMentions) }
                let reviewed = inside.reduce(into: Set<String>()) { $0.formUnion($1.reviewedMentions) }
                if statement.bodyDeclares.isDisjoint(with: active), !statement.bodyDeclares.isDisjoint(with: reviewed) {
                    result[statement.start] = "what it binds is used only by code that needs review"
                }
            }
        }
        return result
    }

    /// The body from byte `textStart` to `textEnd` as pieces: code as written, the edits of running statements,
    /// and the disabled statements.
    func pieces(of statements: [BlockStatement], textStart: Int, textEnd: Int) -> [CarriedMigrationBlock.Piece] {
        var edits: [(range: Range<Int>, pieces: [CarriedMigrationBlock.Piece])] = []
        collect(statements, isSwitch: false, into: &edits)
        edits.sort { $0.range.lowerBound < $1.range.lowerBound }
        var pieces: [CarriedMigrationBlock.Piece] = []
        var position = textStart
        for edit in edits where edit.range.lowerBound >= position && edit.range.upperBound <= textEnd {
            if edit.range.lowerBound > position {
                pieces.append(.code(lexer.text(from: position, to: edit.range.lowerBound)))
            }
            pieces += edit.pieces
            position = edit.range.upperBound
        }
        if textEnd > position { pieces.append(.code(lexer.text(from: position, to: textEnd))) }
        return pieces
    }

    private func collect(
        _ statements: [BlockStatement], isSwitch: Bool,
        into edits: inout [(range: Range<Int>, pieces: [CarriedMigrationBlock.Piece])]
    ) {
        for statement in statements where statement.kind == .code {
            guard let failure = statement.failure else {
                for edit in statement.edits { edits.append((edit.range, [piece(edit.piece)])) }
                for body in statement.bodies { collect(body.statements, isSwitch: body.isSwitch, into: &edits) }
                continue
            }
            edits.append(review(statement, reason: failure))
        }
        guard isSwitch else { return }
        // A `case` whose statements are all disabled needs one that runs.
        var section: [BlockStatement] = []
        for statement in statements + [BlockStatement(kind: .caseLabel, start: 0, end: 0)] {
            guard statement.kind == .caseLabel else {
                if statement.kind == .code { section.append(statement) }
                continue
            }
            if let last = section.last, section.allSatisfy({ !$0.isActive }) {
                let end = bytes(last.start..<last.end).upperBound
                let indentation = Self.leadingWhitespace(linePrefix(of: last.start))
                edits.append((end..<end, [.code("\n\(indentation)break")]))
            }
            section = []
        }
    }

    private func piece(_ edit: CarriedPieceEdit) -> CarriedMigrationBlock.Piece {
        switch edit {
        case .modelType(let name): .modelType(name)
        case .modelClassName(let name): .modelClassName(name)
        case .enumType(let name): .enumType(name)
        }
    }

    /// A disabled statement, on lines of its own.
    private func review(_ statement: BlockStatement, reason: String)
        -> (range: Range<Int>, pieces: [CarriedMigrationBlock.Piece])
    {
        let range = bytes(statement.start..<statement.end)
        let prefix = linePrefix(of: statement.start)
        let indentation = Self.leadingWhitespace(prefix)
        let reviewed = CarriedMigrationBlock.ReviewedStatement(
            text: lexer.text(from: range.lowerBound, to: range.upperBound), reason: reason,
            location: SourceLocation(file: file, line: run[statement.start]?.line ?? 1),
            lastLine: run[statement.end - 1]?.line ?? 1, indentation: indentation)
        var pieces: [CarriedMigrationBlock.Piece] = []
        if prefix != indentation { pieces.append(.code("\n" + indentation)) }
        pieces.append(.review(reviewed))
        let rest = lexer.text(from: range.upperBound, to: range.upperBound + 512).prefix { $0 != "\n" }
        if rest.contains(where: { !$0.isWhitespace }) { pieces.append(.code("\n" + indentation)) }
        return (range, pieces)
    }

    /// The text of the token's line before it.
    private func linePrefix(of index: Int) -> String {
        guard let token = run[index] else { return "" }
        return lexer.text(from: base + token.start - (token.column - 1), to: base + token.start)
    }

    static func leadingWhitespace(_ text: String) -> String {
        String(text.prefix { $0 == " " || $0 == "\t" })
    }
}
