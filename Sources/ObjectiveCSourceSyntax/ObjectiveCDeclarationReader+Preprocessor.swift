/// Preprocessor lines: `#if` blocks (opened, switched, closed, reported; `#if 0` skipped, include guards no
/// condition) and `#define`s (names, string constants).
extension ObjectiveCDeclarationReader {
    /// Handles the directive at the current token: opens, switches and closes `#if` blocks (skipping `#if 0`),
    /// records `#define`s.
    mutating func handleDirective() {
        guard let token = current, let keyword = token.directiveKeyword else {
            index += 1
            return
        }
        let argument = token.directiveArgument
        index += 1
        switch keyword {
        case "#if", "#ifdef", "#ifndef":
            let condition =
                keyword == "#ifdef" ? "defined(\(argument))" : keyword == "#ifndef" ? "!defined(\(argument))" : argument
            if keyword == "#if", argument == "0" || argument == "false" {
                skipDisabledClause(opening: token)
                return
            }
            let isGuard =
                keyword == "#ifndef" && current?.directiveKeyword == "#define"
                && current.map { $0.directiveArgument.split(separator: " ").first.map(String.init) == argument } == true
            frames.append(
                ConditionFrame(condition: condition, original: condition, line: token.line, isIncludeGuard: isGuard))
        case "#elif", "#else":
            guard let top = frames.popLast() else {
                problem(token.line, .unbalanced, "'\(keyword)' without a matching '#if'")
                return
            }
            if top.enclosesDeclarations, !top.isIncludeGuard { reportConditional(top) }
            let negated = "!(\(top.original))"
            var next = top
            next.condition = keyword == "#else" ? negated : "\(negated) && (\(argument))"
            next.original = keyword == "#else" ? top.original : "\(top.original) || \(argument)"
            next.line = token.line
            next.enclosesDeclarations = false
            frames.append(next)
        case "#endif":
            guard let top = frames.popLast() else {
                problem(token.line, .unbalanced, "'#endif' without a matching '#if'")
                return
            }
            if top.enclosesDeclarations, !top.isIncludeGuard { reportConditional(top) }
        case "#define":
            let parts = argument.split(separator: " ", maxSplits: 1)
            guard let first = parts.first else { return }
            let name = String(first.prefix { $0 != "(" })
            file.definedMacros.insert(name)
            if parts.count == 2 {
                let value = parts[1].trimmingSpaces()
                if value.hasPrefix("@\""), value.hasSuffix("\""), value.count >= 3 {
                    file.stringConstants[name] = Self.unquote(value)
                }
            }
        default:
            return
        }
    }

    private mutating func reportConditional(_ frame: ConditionFrame) {
        problem(
            frame.line, .conditionalCompilation(condition: frame.condition),
            "declarations under '#if \(frame.condition)' are read whether or not the condition holds")
    }

    /// Skips the clause of `#if 0` up to its `#elif`, `#else` (whose clause is then read as unconditional) or
    /// `#endif`.
    private mutating func skipDisabledClause(opening: ObjectiveCToken) {
        var depth = 0
        while let token = current {
            index += 1
            guard let keyword = token.directiveKeyword else { continue }
            switch keyword {
            case "#if", "#ifdef", "#ifndef":
                depth += 1
            case "#endif" where depth == 0:
                return
            case "#endif":
                depth -= 1
            case "#else" where depth == 0, "#elif" where depth == 0:
                // What follows `#else` of `#if 0` always compiles: a guard-like frame that is no condition.
                frames.append(
                    ConditionFrame(condition: "", original: "0", line: token.line, isIncludeGuard: true))
                return
            default:
                continue
            }
        }
        problem(opening.line, .unbalanced, "'#if 0' is never closed with '#endif'")
    }
}
