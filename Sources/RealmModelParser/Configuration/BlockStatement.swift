/// One statement of a migration block's body, as the carrier reads it: its tokens, the statement lists nested in
/// it (the bodies of `if`, `for`, `guard … else`, `switch`, `do`/`catch`, and the closure given to
/// `enumerateObjects` or `forEach`), the names it declares and mentions, and why it cannot run, if so.
struct BlockStatement {
    enum Kind {
        /// `#if`, `#elseif`, `#else`, `#endif` and the rest of their line: kept as written.
        case directive
        /// `case …:` or `default:` in a `switch`: kept as written.
        case caseLabel
        /// Any other statement.
        case code
    }

    /// A statement list nested in a statement.
    struct Body {
        /// The `{` and `}`.
        var open: Int
        var close: Int
        /// The first token of its statements (after a closure's `… in`).
        var start: Int
        /// Names its statements see besides the enclosing ones (`if let x`, `for x in`, a closure's parameters,
        /// a `catch`'s `error`).
        var names: Set<String>
        var isSwitch: Bool
        var statements: [BlockStatement] = []
    }

    var kind: Kind
    /// Token indices `[start, end)`.
    var start: Int
    var end: Int
    var bodies: [Body] = []
    /// Names it declares for the statements after it (`let x = …`, `guard let x`).
    var declares: Set<String> = []
    /// Names it declares for its bodies only (`if let x`, `for x in`): a warning if none is used there.
    var bodyDeclares: Set<String> = []
    /// Names its own tokens (its bodies excluded) mention where a value is read.
    var mentions: Set<String> = []
    /// Why it needs review; `nil`: it runs as written.
    var failure: String?
    /// Whether it is a `guard`: its `else` body must not fall through.
    var isGuard = false
    /// Replacements of its own tokens: byte range → piece.
    var edits: [(range: Range<Int>, piece: CarriedPieceEdit)] = []

    var isActive: Bool { failure == nil }

    /// The names mentioned by it and everything nested in it that runs.
    var activeMentions: Set<String> {
        guard isActive else { return [] }
        return bodies.reduce(into: mentions) { result, body in
            for statement in body.statements { result.formUnion(statement.activeMentions) }
        }
    }

    /// The names mentioned by code kept for review in it (all of it when it is kept for review).
    var reviewedMentions: Set<String> {
        guard isActive else { return allMentions }
        return bodies.reduce(into: []) { result, body in
            for statement in body.statements { result.formUnion(statement.reviewedMentions) }
        }
    }

    private var allMentions: Set<String> {
        bodies.reduce(into: mentions) { result, body in
            for statement in body.statements { result.formUnion(statement.allMentions) }
        }
    }

    /// Whether it or something nested in it is kept for review.
    var containsReview: Bool {
        !isActive || bodies.contains { $0.statements.contains(where: \.containsReview) }
    }
}

/// What an edit of a statement's tokens writes.
enum CarriedPieceEdit {
    case modelType(String)
    case modelClassName(String)
    case enumType(String)
}
