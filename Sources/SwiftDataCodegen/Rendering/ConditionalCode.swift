import RealmSchema

/// Writes generated code whose pieces exist only under the source's `#if` clauses, with the clauses as written.
///
/// Two shapes: `write` puts each piece under its own clauses, sharing one `#if … #elseif … #else … #endif` between
/// neighbours from the same block (declarations, `append` statements); `variants` writes one whole piece per
/// combination of clauses, for what Swift cannot split with `#if` (an `init`'s parameter list, a call's arguments,
/// one `#Index` macro).
enum ConditionalCode {
    /// How many combinations `variants` writes at most; beyond it, the remaining blocks are not told apart (reported).
    static let maximumVariants = 64

    /// Writes `items` in order, each under its clauses; `separated` puts a blank line between neighbouring pieces
    /// (not at the start or end of a clause).
    static func write<Item>(
        _ items: [Item], clauses: (Item) -> [SourceCondition.Clause], separated: Bool = false,
        into writer: inout CodeWriter, _ body: (Item, inout CodeWriter) -> Void
    ) {
        write(items.map { ($0, clauses($0)) }, depth: 0, separated: separated, into: &writer, body)
    }

    private static func write<Item>(
        _ items: [(Item, [SourceCondition.Clause])], depth: Int, separated: Bool, into writer: inout CodeWriter,
        _ body: (Item, inout CodeWriter) -> Void
    ) {
        var index = 0
        while index < items.count {
            if separated && index > 0 { writer.line() }
            let (item, clauses) = items[index]
            guard depth < clauses.count else {
                body(item, &writer)
                index += 1
                continue
            }
            // Neighbours from blocks that read the same share one `#if`.
            let clause = clauses[depth]
            var end = index
            while end < items.count, depth < items[end].1.count, items[end].1[depth].conditions == clause.conditions {
                end += 1
            }
            let group = items[index..<end]
            let lastUsed = group.map { $0.1[depth].index }.max() ?? 0
            for branch in 0...max(0, lastUsed) {
                writer.line(directive(clause.conditions, branch))
                writer.indented { writer in
                    write(
                        group.filter { $0.1[depth].index == branch }, depth: depth + 1, separated: separated,
                        into: &writer, body)
                }
            }
            writer.line("#endif")
            index = end
        }
    }

    /// `#if c`, `#elseif c` or `#else` for clause `branch` of a block whose clauses have `conditions`.
    private static func directive(_ conditions: [String?], _ branch: Int) -> String {
        let condition = conditions.indices.contains(branch) ? conditions[branch] : nil
        if branch == 0 { return "#if \(condition ?? "true")" }
        return condition.map { "#elseif \($0)" } ?? "#else"
    }

    /// Writes `leaf` once per combination of the clauses `items` sit under, each under `#if`s that select it, with
    /// the items present in that combination. Items with no clauses are in every combination; with none
    /// conditional, `leaf` is written once, as is.
    /// - Returns: `false` when there were more than `maximumVariants` combinations, so some were merged.
    @discardableResult
    static func variants<Item>(
        _ items: [Item], clauses: (Item) -> [SourceCondition.Clause], into writer: inout CodeWriter,
        _ leaf: ([Item], inout CodeWriter) -> Void
    ) -> Bool {
        var complete = true
        variants(
            items.map { ($0, clauses($0)) }, decided: [:], budget: maximumVariants, complete: &complete,
            into: &writer, leaf)
        return complete
    }

    /// `decided`: a block's conditions → the clause chosen (`nil`: none of them, the block has no `#else`). Blocks
    /// are told apart by their conditions, not their place: two blocks that read the same take the same clause in
    /// every build.
    private static func variants<Item>(
        _ items: [(Item, [SourceCondition.Clause])], decided: [[String?]: Int?], budget: Int,
        complete: inout Bool, into writer: inout CodeWriter, _ leaf: ([Item], inout CodeWriter) -> Void
    ) {
        let possible = items.filter { _, clauses in
            clauses.allSatisfy { clause in decided[clause.conditions].map { $0 == clause.index } ?? true }
        }
        let open = possible.lazy.flatMap(\.1).first { decided[$0.conditions] == nil }
        guard let open else {
            leaf(possible.map(\.0), &writer)
            return
        }
        let branches: [Int?] = Array(open.conditions.indices) + (open.blockHasElse ? [] : [nil])
        guard branches.count <= budget else {
            complete = false
            leaf(possible.map(\.0), &writer)
            return
        }
        let written = branches.map { branch in
            var next = decided
            next[open.conditions] = .some(branch)
            var body = CodeWriter()
            variants(possible, decided: next, budget: budget / branches.count, complete: &complete, into: &body, leaf)
            return body
        }
        // The branches cover every case (`#else` or the added "none"): the same code in each needs no `#if`.
        if let first = written.first, written.allSatisfy({ $0.text == first.text }) {
            writer.append(first)
            return
        }
        for (branch, body) in zip(branches, written) {
            writer.line(branch.map { directive(open.conditions, $0) } ?? "#else")
            writer.indented { writer in writer.append(body) }
        }
        writer.line("#endif")
    }

    /// One element of an array a computed property returns: written by `write(prefix, suffix, writer)`.
    struct Element {
        var condition: SourceCondition?
        var write: (_ prefix: String, _ suffix: String, _ writer: inout CodeWriter) -> Void
    }

    /// The body of a computed property returning `elements`: the literal (`[a]`, or one element a line) when none
    /// is conditional; otherwise `var name: type = [the unconditional ones]`, each conditional one appended under
    /// its `#if`, and `return name` (Swift has no `#if` inside a literal).
    static func arrayBody(_ elements: [Element], variable: String, type: String, into writer: inout CodeWriter) {
        guard elements.contains(where: { $0.condition != nil }) else {
            switch elements.count {
            case 0: writer.line("[]")
            // `swift format` wants a one-element literal on one line.
            case 1: elements[0].write("[", "]", &writer)
            default:
                writer.block("[", closing: "]") { writer in
                    for element in elements { element.write("", ",", &writer) }
                }
            }
            return
        }
        let always = elements.filter { $0.condition == nil }
        if always.isEmpty {
            writer.line("var \(variable): \(type) = []")
        } else {
            writer.block("var \(variable): \(type) = [", closing: "]") { writer in
                for element in always { element.write("", ",", &writer) }
            }
        }
        write(elements.filter { $0.condition != nil }, clauses: \.condition.clauses, into: &writer) { element, writer in
            element.write("\(variable).append(", ")", &writer)
        }
        writer.line("return \(variable)")
    }
}
