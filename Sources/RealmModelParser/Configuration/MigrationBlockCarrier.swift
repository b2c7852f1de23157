import SwiftDataCodegen
import SwiftSourceSyntax

/// Carries a migration block's body over as the app wrote it: statements whose every name the generated
/// `RealmSchemaUpgrade.swift` defines (the migration API, the body's own locals, Swift and Foundation, the models'
/// `className()`) run as written; any other statement — a call into other app code, `self`, I/O, Realm API outside
/// the migration API (`Realm()`, `realm.objects`) — is kept verbatim for review, disabled, with the reason.
///
/// The code compiled against RealmSwift, whose migration API the generated code's mirrors, so what decides is the
/// names a statement uses and the members the mirror lacks. A declaration whose names only disabled code uses is
/// disabled too (it would warn), as is a `guard` whose `else` lost a statement (it must not fall through); a `case`
/// left without statements gets a `break`.
struct MigrationBlockCarrier {
    let run: TokenRun
    let lexer: Lexer
    let file: String
    /// The Realm classes of the models, as the body names them.
    let models: Set<String>
    /// The enums of the models, qualified as the body names them (`Genre`, `Track.Kind`).
    let enums: Set<String>
    /// The body's names for the migration and the old schema version (`$0`/`$1` for a closure without a list).
    let migrationName: String
    let versionName: String
    /// Where `run`'s byte offsets start in the file (an interpolation's code is lexed on its own).
    var base = 0

    /// How deep statements and interpolations may nest before the rest is kept for review whole.
    static let depthLimit = 48

    /// The pieces of the body between the tokens `start` and `end` (exclusive; `end` is the closing brace), whose
    /// text runs from byte `textStart` to byte `textEnd`.
    func carry(start: Int, end: Int, textStart: Int, textEnd: Int) -> [CarriedMigrationBlock.Piece] {
        let parsed = split(start..<end, isSwitch: false, depth: 0)
        let parameters = Set([migrationName, versionName].filter { $0 != "_" })
        // Disabling a statement can leave another one without its declaration or its use: check again with those
        // disabled too, until nothing changes.
        var forced: [Int: String] = [:]
        var statements = parsed
        for _ in 0..<64 {
            statements = parsed
            check(&statements, scope: parameters, forced: forced, depth: 0)
            let more = prune(statements).filter { forced[$0.key] == nil }
            guard !more.isEmpty else { break }
            forced.merge(more) { first, _ in first }
        }
        return pieces(of: statements, textStart: textStart, textEnd: textEnd)
    }

    // MARK: Statements

    /// The statements of the tokens `range`, with their nested bodies.
    func split(_ range: Range<Int>, isSwitch: Bool, depth: Int) -> [BlockStatement] {
        var statements: [BlockStatement] = []
        var index = range.lowerBound
        while index < range.upperBound {
            guard let token = run[index] else { break }
            if token.isPunctuation(";") {
                index += 1
                continue
            }
            let start = index
            if token.kind == .poundKeyword, ["#if", "#elseif", "#else", "#endif"].contains(token.text) {
                index += 1
                while index < range.upperBound, let next = run[index], !next.startsLine { index += 1 }
                statements.append(BlockStatement(kind: .directive, start: start, end: index))
                continue
            }
            if isSwitch, token.isIdentifier("case") || token.isIdentifier("default") {
                index = caseLabelEnd(from: index, limit: range.upperBound)
                var label = BlockStatement(kind: .caseLabel, start: start, end: index)
                label.declares = patternNames(start..<index)
                statements.append(label)
                continue
            }
            index = statementEnd(from: index, limit: range.upperBound)
            var statement = BlockStatement(kind: .code, start: start, end: max(index, start + 1))
            index = statement.end
            if depth < Self.depthLimit { statement.bodies = bodies(of: statement, depth: depth) }
            statements.append(statement)
        }
        return statements
    }

    /// The end (exclusive) of the statement starting at `start`.
    private func statementEnd(from start: Int, limit: Int) -> Int {
        var index = start
        while index < limit, let token = run[index] {
            if index > start {
                if token.isPunctuation(";") { return index }
                if token.startsLine, !run.continuesExpression(at: index) { return index }
            }
            if token.bracketDepthChange > 0 {
                guard let partner = run.partner(of: index), partner < limit else { return limit }
                index = partner + 1
                continue
            }
            index += 1
        }
        return min(index, limit)
    }

    /// After the `:` that ends a `case …:` or `default:` label.
    private func caseLabelEnd(from start: Int, limit: Int) -> Int {
        var index = start + 1
        while index < limit, let token = run[index] {
            if token.isPunctuation(":") { return index + 1 }
            if token.bracketDepthChange > 0, let partner = run.partner(of: index), partner < limit {
                index = partner + 1
                continue
            }
            index += 1
        }
        return limit
    }

    private static let controlKeywords: Set<String> = [
        "if", "guard", "for", "while", "switch", "repeat", "do", "defer",
    ]
    /// Calls whose trailing closure returns nothing, so its statements can be disabled one by one.
    private static let statementClosures: Set<String> = ["enumerateObjects", "forEach"]

    /// The statement lists nested in `statement`: the braces of a control statement, or the trailing closure of
    /// `enumerateObjects` / `forEach`.
    private func bodies(of statement: BlockStatement, depth: Int) -> [BlockStatement.Body] {
        guard let first = run[statement.start] else { return [] }
        var result: [BlockStatement.Body] = []
        if Self.controlKeywords.contains(first.text) && first.kind == .identifier {
            var index = statement.start
            var afterCatch = false
            while index < statement.end, let token = run[index] {
                guard token.isPunctuation("{") || token.bracketDepthChange > 0,
                    let close = run.partner(of: index), close < statement.end
                else {
                    if token.isIdentifier("catch") { afterCatch = true }
                    index += 1
                    continue
                }
                if token.isPunctuation("{") {
                    var body = BlockStatement.Body(
                        open: index, close: close, start: index + 1, names: [],
                        isSwitch: first.text == "switch" && result.isEmpty)
                    if afterCatch {
                        body.names.insert("error")
                        body.names.formUnion(patternNames(statement.start..<index))
                        afterCatch = false
                    }
                    body.statements = split((index + 1)..<close, isSwitch: body.isSwitch, depth: depth + 1)
                    result.append(body)
                }
                index = close + 1
            }
            return result
        }
        // `migration.enumerateObjects(ofType: …) { oldObject, newObject in … }`: the statement's last brace.
        guard let last = run[statement.end - 1], last.isPunctuation("}"), let open = run.partner(of: statement.end - 1),
            open > statement.start
        else { return [] }
        let callee = run.isPunctuation(open - 1, ")") ? run.partner(of: open - 1).map { $0 - 1 } : open - 1
        guard let callee, let name = run[callee], Self.statementClosures.contains(name.text),
            run.isPunctuation(callee - 1, "."), !["let", "var", "return"].contains(first.text)
        else { return [] }
        let header = ClosureHeader(open: open, in: run)
        var body = BlockStatement.Body(
            open: open, close: statement.end - 1, start: header.bodyStart,
            names: Set(header.names.filter { $0 != "_" }), isSwitch: false)
        if header.inToken == nil { body.names.formUnion(["$0", "$1"]) }
        body.statements = split(header.bodyStart..<(statement.end - 1), isSwitch: false, depth: depth + 1)
        return [body]
    }

    /// The names a `case` pattern or a declaration binds: after `let`/`var` (a name, or those in the tuple or
    /// enum pattern that follows).
    func patternNames(_ range: Range<Int>) -> Set<String> {
        Set(patternBindings(range).compactMap { run[$0]?.text })
    }

    /// The tokens of the names bound in `range` (see ``patternNames(_:)``), and those of a `for … in` loop's
    /// variables.
    func patternBindings(_ range: Range<Int>) -> [Int] {
        var bindings: [Int] = []
        var index = range.lowerBound
        if run.isIdentifier(index, "for") {
            var cursor = index + 1
            while cursor < range.upperBound, let token = run[cursor], !token.isIdentifier("in") {
                if token.kind == .identifier, !["case", "let", "var", "_"].contains(token.text),
                    !run.isPunctuation(cursor - 1, ".")
                {
                    bindings.append(cursor)
                }
                cursor += 1
            }
            return bindings
        }
        while index < range.upperBound {
            guard run.isIdentifier(index, "let") || run.isIdentifier(index, "var") else {
                index += 1
                continue
            }
            var next = index + 1
            if run.isPunctuation(next, ".") { next += 2 }  // `let .some(x)`
            if let token = run[next], token.kind == .identifier, !run.isPunctuation(next + 1, "(") {
                if token.text != "_" { bindings.append(next) }
            } else {
                let open = run.isPunctuation(next, "(") ? next : next + 1
                if run.isPunctuation(open, "("), let close = run.partner(of: open), close < range.upperBound {
                    for inner in (open + 1)..<close {
                        guard let token = run[inner], token.kind == .identifier, !run.isPunctuation(inner - 1, "."),
                            !run.isPunctuation(inner + 1, ":"), token.text != "_"
                        else { continue }
                        bindings.append(inner)
                    }
                    next = close
                }
            }
            index = next + 1
        }
        return bindings
    }
}
