import SwiftSourceSyntax

/// Deciding, statement by statement, what runs as written.
extension MigrationBlockCarrier {
    /// What reading one statement's own tokens found.
    struct TokenCheck {
        var mentions: Set<String> = []
        var failure: String?
        var edits: [(range: Range<Int>, piece: CarriedPieceEdit)] = []
        /// Names declared by statements kept for review, for a clearer reason.
        var disabled: Set<String> = []

        mutating func fail(_ reason: String) {
            if failure == nil { failure = reason }
        }
    }

    /// Checks `statements` in order with the names `scope` holds, then their bodies; a statement's declarations
    /// join the scope of the statements after it when it runs.
    /// - Returns: Why a `case` label among `statements` cannot run as written (it names what the generated file
    ///   lacks): a label cannot be disabled alone, so the statement whose body holds it is kept for review.
    @discardableResult
    func check(
        _ statements: inout [BlockStatement], scope outer: Set<String>, disabled outerDisabled: Set<String> = [],
        forced: [Int: String], depth: Int
    ) -> String? {
        var scope = outer
        var disabled = outerDisabled
        var labelFailure: String?
        for index in statements.indices {
            var statement = statements[index]
            switch statement.kind {
            case .directive:
                continue
            case .caseLabel:
                let label = statement.start..<statement.end
                let bindings = patternBindings(label)
                let found = checkTokens(
                    [label], scope: scope.union(statement.declares), disabled: disabled, skipping: Set(bindings),
                    depth: depth)
                if labelFailure == nil, let failure = found.failure {
                    labelFailure = "its `case` at line \(run[statement.start]?.line ?? 0) \(failure)"
                }
                scope.formUnion(statement.declares)
                continue
            case .code:
                break
            }
            let first = run[statement.start]?.text ?? ""
            let header = headerRanges(statement)
            let bindings = header.flatMap(patternBindings)
            let names = Set(bindings.compactMap { run[$0]?.text })
            switch first {
            case "if", "while", "for": statement.bodyDeclares = names
            case "guard":
                statement.declares = names
                statement.isGuard = true
            case "let", "var": statement.declares = names
            default: break
            }
            let found = checkTokens(
                header, scope: scope.union(names), disabled: disabled, skipping: Set(bindings), depth: depth)
            statement.mentions = found.mentions
            statement.failure = found.failure ?? forced[statement.start]
            statement.edits = found.edits
            if statement.isActive {
                for body in statement.bodies.indices {
                    var bodyScope = scope.union(statement.bodies[body].names)
                    if first != "guard" { bodyScope.formUnion(statement.bodyDeclares) }
                    let labelFailure = check(
                        &statement.bodies[body].statements, scope: bodyScope, disabled: disabled, forced: forced,
                        depth: depth + 1)
                    if statement.failure == nil, let labelFailure { statement.failure = labelFailure }
                }
                // The `else` leaves the scope with its last statement, which must still run.
                let exits = statement.bodies.allSatisfy { body in
                    body.statements.last(where: { $0.kind == .code })?.isActive ?? true
                }
                if statement.isGuard, !exits {
                    statement.failure = "its `else` must leave the scope, and the statement that does needs review"
                }
            }
            if statement.isActive {
                scope.formUnion(statement.declares)
            } else {
                disabled.formUnion(statement.declares)
            }
            statements[index] = statement
        }
        return labelFailure
    }

    /// The statement's own tokens: all of it but its bodies (and a closure body's parameter list).
    func headerRanges(_ statement: BlockStatement) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = statement.start
        for body in statement.bodies.sorted(by: { $0.open < $1.open }) {
            if body.open > start { ranges.append(start..<body.open) }
            start = max(start, body.close + 1)
        }
        if statement.end > start { ranges.append(start..<statement.end) }
        return ranges
    }

    /// Reads the tokens of `ranges`: every name must be one the generated file has.
    func checkTokens(
        _ ranges: [Range<Int>], scope: Set<String>, disabled: Set<String>, skipping: Set<Int>, depth: Int
    ) -> TokenCheck {
        var result = TokenCheck(disabled: disabled)
        for range in ranges { checkRange(range, scope: scope, skipping: skipping, depth: depth, into: &result) }
        return result
    }

    private func checkRange(
        _ range: Range<Int>, scope: Set<String>, skipping: Set<Int>, depth: Int, into result: inout TokenCheck
    ) {
        guard depth < Self.depthLimit else { return result.fail("it nests too deeply to be read") }
        var index = range.lowerBound
        while index < range.upperBound, let token = run[index] {
            // A closure inside the expression: its parameters and locals are names within it.
            if token.isPunctuation("{"), let close = run.partner(of: index), close < range.upperBound {
                let header = ClosureHeader(open: index, in: run)
                let inner = header.bodyStart..<close
                let bindings = patternBindings(inner)
                let names = Set(header.names).union(bindings.compactMap { run[$0]?.text })
                checkRange(
                    inner, scope: scope.union(names), skipping: skipping.union(bindings), depth: depth + 1,
                    into: &result)
                index = close + 1
                continue
            }
            switch token.kind {
            case .stringLiteral where token.text.contains("\\"):
                checkInterpolations(of: token, scope: scope, depth: depth, into: &result)
            case .identifier where !skipping.contains(index):
                index = checkIdentifier(at: index, scope: scope, into: &result)
            default:
                break
            }
            index += 1
        }
    }

    /// The code of each interpolation in a string literal, read as code with the same names.
    private func checkInterpolations(of token: Token, scope: Set<String>, depth: Int, into result: inout TokenCheck) {
        let bytes = Array(token.text.utf8)
        for segment in StringInterpolations.segments(of: bytes) {
            let lexed = Lexer.tokenize(String(decoding: bytes[segment], as: UTF8.self))
            let nested = MigrationBlockCarrier(
                run: TokenRun(lexed.tokens), lexer: lexed, file: file, models: models, enums: enums,
                migrationName: migrationName, versionName: versionName, base: base + token.start + segment.lowerBound)
            var found = TokenCheck(disabled: result.disabled)
            nested.checkRange(
                0..<lexed.tokens.count, scope: scope, skipping: [], depth: depth + 1, into: &found)
            result.mentions.formUnion(found.mentions)
            result.edits += found.edits
            if let failure = found.failure { result.fail(failure) }
        }
    }

    /// Reads the name at `index`; returns the index of the last token it read.
    private func checkIdentifier(at index: Int, scope: Set<String>, into result: inout TokenCheck) -> Int {
        guard let token = run[index] else { return index }
        let name = token.text
        if run.isPunctuation(index - 1, ".") {
            checkMember(at: index, into: &result)
            return index
        }
        if name.hasPrefix("$") { return index }
        if ["self", "Self", "super"].contains(name) {
            result.fail(
                "`\(name)` is the app type the block was written in, which the generated function does not have")
            return index
        }
        if Self.keywords.contains(name) || isArgumentLabel(at: index) { return index }
        result.mentions.insert(name)
        if scope.contains(name) { return index }
        if models.contains(name) { return checkModel(at: index, into: &result) }
        if enums.contains(name) {
            result.edits.append((bytes(index..<(index + 1)), .enumType(name)))
            return index
        }
        if Self.knownNames.contains(name) { return index }
        if result.disabled.contains(name) {
            result.fail("`\(name)` is declared by code that needs review")
        } else {
            result.fail(Self.reason(forUnknown: name))
        }
        return index
    }

    /// `Person.className()` and `Person.self` (`String(describing: Person.self)`) name the Realm class; an enum
    /// of the models nested in it (`Track.Kind`) is its generated enum; anything else of the model class (its
    /// initializer, static members, a cast to it) is the Realm object type, which a migration does not have.
    private func checkModel(at index: Int, into result: inout TokenCheck) -> Int {
        guard let name = run[index]?.text else { return index }
        if run.isPunctuation(index + 1, "."), let member = run[index + 2] {
            if member.isIdentifier("className"), run.isPunctuation(index + 3, "("), run.isPunctuation(index + 4, ")") {
                result.edits.append((bytes(index..<(index + 1)), .modelType(name)))
                return index
            }
            if member.isIdentifier("self") {
                let described =
                    run.isIdentifier(index - 4, "String") && run.isPunctuation(index - 3, "(")
                    && run.isIdentifier(index - 2, "describing") && run.isPunctuation(index - 1, ":")
                    && run.isPunctuation(index + 3, ")")
                if described {
                    result.edits.append((bytes((index - 4)..<(index + 4)), .modelClassName(name)))
                    return index + 3
                }
                result.edits.append((bytes(index..<(index + 1)), .modelType(name)))
                return index
            }
            let nested = "\(name).\(member.text)"
            if enums.contains(nested) {
                result.edits.append((bytes(index..<(index + 3)), .enumType(nested)))
                return index + 2
            }
        }
        result.fail(
            "it uses the Realm model class `\(name)` itself; a migration reads and writes MigrationObjects, by class name"
        )
        return index
    }

    /// A member: of the migration, it must be in the migration API; of anything, not Realm API the mirror lacks.
    private func checkMember(at index: Int, into result: inout TokenCheck) {
        guard let name = run[index]?.text else { return }
        var receiver = index - 2
        while run.isOperator(receiver, "?") || run.isOperator(receiver, "!") { receiver -= 1 }
        if migrationName != "_", run.isIdentifier(receiver, migrationName), !run.isPunctuation(receiver - 1, ".") {
            if Self.migrationMembers.contains(name) { return }
            if name == "oldSchema" || name == "newSchema" {
                return result.fail(
                    "`\(migrationName).\(name)` is RealmSwift's `Schema`, whose API (`objectSchema`, subscripts) the "
                        + "migration's schema does not mirror")
            }
            return result.fail("`\(migrationName).\(name)` is not in the migration API")
        }
        if Self.realmOnlyMembers.contains(name) {
            return result.fail("`.\(name)` is Realm API the migration's objects and collections do not have")
        }
        if let label = Self.realmOnlyCalls[name], run.isPunctuation(index + 1, "("), run.isIdentifier(index + 2, label),
            run.isPunctuation(index + 3, ":")
        {
            return result.fail("`\(name)(\(label):)` is Realm API the migration's collections do not have")
        }
        if name == "filter", run.isPunctuation(index + 1, "("), run[index + 2]?.kind == .stringLiteral {
            return result.fail("`filter(\"…\")` is a Realm query, which the migration's collections do not have")
        }
    }

    /// Whether the name at `index` labels an argument or a tuple element (`ofType:` in a call, not a dictionary
    /// key).
    private func isArgumentLabel(at index: Int) -> Bool {
        guard run.isPunctuation(index + 1, ":") else { return false }
        if run.isPunctuation(index - 1, "(") { return true }
        guard run.isPunctuation(index - 1, ",") else { return false }
        var cursor = index - 1
        while cursor >= 0, index - cursor < 4096, let token = run[cursor] {
            if token.bracketDepthChange < 0, let partner = run.partner(of: cursor) {
                cursor = partner - 1
                continue
            }
            if token.bracketDepthChange > 0 { return token.isPunctuation("(") }
            cursor -= 1
        }
        return false
    }

    /// The byte range of the tokens `range`, in the file's bytes.
    func bytes(_ range: Range<Int>) -> Range<Int> {
        let start = run[range.lowerBound]?.start ?? 0
        let end = run[range.upperBound - 1]?.end ?? start
        return (base + start)..<(base + max(start, end))
    }
}
