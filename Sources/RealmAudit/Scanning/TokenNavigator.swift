import SwiftSourceSyntax

/// Moves around one file's tokens: matching brackets, call argument labels, the start and end of a member chain.
/// Every lookup is bounds-checked; an unbalanced bracket has no partner and is treated as running to the end.
struct TokenNavigator {
    let tokens: [Token]
    /// For each bracket token, the index of its partner (`-1` when unbalanced or not a bracket).
    let partner: [Int]

    init(tokens: [Token]) {
        var partner = [Int](repeating: -1, count: tokens.count)
        var open: [Int] = []
        for (index, token) in tokens.enumerated() where token.kind == .punctuation {
            switch token.text {
            case "(", "[", "{":
                open.append(index)
            case ")", "]", "}":
                let opener = Self.opener(of: token.text)
                // A closer pairs with the nearest opener of its kind; openers left above it were never closed.
                if let match = open.lastIndex(where: { tokens[$0].text == opener }) {
                    partner[index] = open[match]
                    partner[open[match]] = index
                    open.removeSubrange(match...)
                }
            default:
                break
            }
        }
        self.tokens = tokens
        self.partner = partner
    }

    private static func opener(of closer: String) -> String {
        switch closer {
        case ")": "("
        case "]": "["
        default: "{"
        }
    }

    subscript(_ index: Int) -> Token? { index >= 0 && index < tokens.count ? tokens[index] : nil }

    /// The partner of the bracket at `index`, or `nil`.
    func partner(of index: Int) -> Int? {
        guard index >= 0, index < partner.count, partner[index] >= 0 else { return nil }
        return partner[index]
    }

    /// The index after the bracketed run opened at `index` (the end of the file when it is never closed).
    func after(_ index: Int) -> Int { partner(of: index).map { $0 + 1 } ?? tokens.count }

    /// Whether the token at `index` is the identifier `word`.
    func isIdentifier(_ index: Int, _ word: String) -> Bool { self[index]?.isIdentifier(word) == true }

    func isPunctuation(_ index: Int, _ text: String) -> Bool { self[index]?.isPunctuation(text) == true }

    /// The comma-separated parts between the brackets at `open` and `close`, as token ranges (an empty part
    /// included): commas inside nested brackets, and inside generic arguments (`Result<Note, Error>`, which are not
    /// brackets to the navigator), do not separate.
    func commaSeparatedParts(inside open: Int, _ close: Int) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = open + 1
        var index = open + 1
        var angles = 0
        while index <= close {
            if let token = self[index], token.kind == .operator, token.text != "->" {
                angles += token.text.count { $0 == "<" } - token.text.count { $0 == ">" }
            }
            if index == close || (angles <= 0 && isPunctuation(index, ",")) {
                parts.append(start..<max(start, index))
                start = index + 1
            }
            if index != open, let partner = partner(of: index), partner > index {
                index = partner
            } else {
                index += 1
            }
        }
        return parts
    }

    /// Whether the token at `index` is an opening `(` glued to the token before it (a call, not a tuple).
    func isCallParenthesis(_ index: Int) -> Bool {
        guard let open = self[index], open.isPunctuation("("), let before = self[index - 1] else { return false }
        return before.end == open.start
    }

    /// The argument labels of the call whose `(` is at `open` (`_` for an unlabelled argument), in order.
    func labels(ofCallAt open: Int) -> [String] {
        guard isPunctuation(open, "(") else { return [] }
        let close = partner(of: open) ?? tokens.count
        var labels: [String] = []
        var index = open + 1
        var argumentStart = true
        while index < close, let token = self[index] {
            if argumentStart {
                if token.kind == .identifier, isPunctuation(index + 1, ":") {
                    labels.append(token.text)
                } else {
                    labels.append("_")
                }
                argumentStart = false
            }
            if token.isPunctuation(",") { argumentStart = true }
            if let partner = partner(of: index), partner > index, token.kind == .punctuation {
                index = partner + 1
                continue
            }
            index += 1
        }
        return labels
    }

    /// The first token of the first argument of the call at `open`, skipping its label.
    func firstArgument(ofCallAt open: Int) -> Int? {
        guard isPunctuation(open, "("), let first = self[open + 1], !first.isPunctuation(")") else { return nil }
        if first.kind == .identifier, isPunctuation(open + 2, ":") { return open + 3 }
        return open + 1
    }

    /// The last token of the argument labelled `label` of the call whose `(` is at `open`; for `_`, of the unlabelled
    /// argument at `position`.
    func argumentEnd(labelled label: String, at position: Int, ofCallAt open: Int) -> Int? {
        guard isPunctuation(open, "("), let close = partner(of: open) else { return nil }
        var argument = 0
        var start = open + 1
        var index = open + 1
        while index <= close {
            if index == close || isPunctuation(index, ",") {
                if index > start {
                    let isLabelled = self[start]?.kind == .identifier && isPunctuation(start + 1, ":")
                    let matches =
                        label == "_"
                        ? !isLabelled && argument == position : isLabelled && self[start]?.text == label
                    if matches { return index - 1 }
                }
                argument += 1
                start = index + 1
            }
            if let partner = partner(of: index), partner > index { index = partner }
            index += 1
        }
        return nil
    }

    /// The first token of the member chain that ends with the `.` at `dot`: `self.realm` in
    /// `self.realm.objects(…)`, `Realm` in `try! Realm().objects(…)`.
    func chainStart(beforeDot dot: Int) -> Int {
        var index = dot - 1
        var start = dot
        while let token = self[index] {
            if token.kind == .identifier {
                start = index
                guard isPunctuation(index - 1, "."), self[index - 2] != nil else { break }
                index -= 2
            } else if token.isPunctuation(")") || token.isPunctuation("]") || token.isPunctuation("}"),
                let open = partner(of: index)
            {
                start = open
                index = open - 1
                if let callee = self[index], callee.kind == .identifier, callee.end == tokens[open].start { continue }
                break
            } else if token.isOperator("?") || token.isOperator("!") {
                index -= 1
            } else {
                break
            }
        }
        return start
    }

    /// Query steps with a closure parameter (`where { }`, and Swift's `filter { }` and `sorted { }`).
    private static let closureSteps: Set<String> = ["where", "filter", "sorted"]

    /// The name and labels of one call step at `name` (`sorted(byKeyPath:)`, `first`, `where(_:)` for a trailing
    /// closure), and the index after it (postfix `?`/`!` skipped).
    func step(at name: Int) -> (text: String, next: Int) {
        guard let token = self[name] else { return ("", name + 1) }
        var text = token.text
        var index = name + 1
        var hasArguments = false
        if isCallParenthesis(index) {
            text += "(" + labels(ofCallAt: index).map { "\($0):" }.joined() + ")"
            hasArguments = !isPunctuation(index + 1, ")")
            index = after(index)
        }
        // Only steps that take a closure take a trailing one, and not after other arguments (Realm's `sorted` and
        // `filter` take none with them): after `objects(…)`, `first` or `sorted(byKeyPath: "name")`, a `{` opens the
        // body of the `if`/`guard`/`while`/`for` whose condition the chain is (`for a in r.sorted(byKeyPath: "b") {`).
        if isPunctuation(index, "{"), Self.closureSteps.contains(token.text), !hasArguments {
            if !text.hasSuffix(")") { text += "(_:)" }
            index = after(index)
        }
        while self[index]?.isOperator("?") == true || self[index]?.isOperator("!") == true { index += 1 }
        return (text, index)
    }
}
