/// The `#if` / `#elseif` / `#else` clauses a declaration sits in, outermost first, as the source wrote them: the
/// generated code puts what came from the declaration under the same clauses.
///
/// ```swift
/// #if os(iOS)                 // block at Message.swift:16, conditions ["os(iOS)", "os(macOS)", nil]
///     @Persisted var badgeCount: Int
/// #elseif os(macOS)
///     @Persisted var dockTitle: String      // clause 1 of that block
/// #else
///     @Persisted var widgetText: String?
/// #endif
/// ```
///
/// A schema read from a `.realm` file has no conditions.
public struct SourceCondition: Sendable, Hashable, Codable, CustomStringConvertible {
    /// One clause of one `#if` block.
    public struct Clause: Sendable, Hashable, Codable {
        /// Where the block's `#if` is: it tells blocks apart.
        public var block: SourceLocation
        /// The condition of each clause of the block as written, in order; `nil` for `#else`.
        public var conditions: [String?]
        /// The clause the declaration is in (an index into `conditions`).
        public var index: Int

        /// Creates a clause.
        public init(block: SourceLocation, conditions: [String?], index: Int) {
            self.block = block
            self.conditions = conditions
            self.index = index
        }

        /// The clause's condition with the earlier clauses of its block negated (`#elseif b` after `#if a` is
        /// `!(a) && b`, `#else` is `!(a)`).
        public var effectiveCondition: String {
            let earlier = conditions.prefix(max(0, min(index, conditions.count))).compactMap { $0 }.map { "!(\($0))" }
            let own = index < conditions.count ? conditions[index].map { [$0] } ?? [] : []
            return (earlier + own).joined(separator: " && ")
        }

        /// Whether the clause's block ends with `#else` (then one of its clauses is always active).
        public var blockHasElse: Bool { conditions.last.map { $0 == nil } ?? false }
    }

    /// The clauses, outermost first.
    public var clauses: [Clause]

    /// Creates a condition from its clauses, outermost first.
    public init(clauses: [Clause]) {
        self.clauses = clauses
    }

    /// The whole condition as one expression (`os(iOS) && !(DEBUG)`).
    public var description: String {
        clauses.map(\.effectiveCondition).filter { !$0.isEmpty }.joined(separator: " && ")
    }

    /// `self` followed by those clauses of `other` that `self` does not already have (the same block, or a block
    /// whose clause reads the same): the condition under which both hold.
    public func adding(_ other: SourceCondition?) -> SourceCondition {
        guard let other else { return self }
        let blocks = Set(clauses.map(\.block))
        let written = Set(clauses.map(\.effectiveCondition))
        return SourceCondition(
            clauses: clauses
                + other.clauses.filter { !blocks.contains($0.block) && !written.contains($0.effectiveCondition) })
    }

    /// Whether no configuration satisfies both: a block (or one that reads the same) has a different clause in
    /// each.
    public func excludes(_ other: SourceCondition) -> Bool {
        let mine = Dictionary(clauses.map { ($0.conditions, $0.index) }, uniquingKeysWith: { first, _ in first })
        return other.clauses.contains { clause in mine[clause.conditions].map { $0 != clause.index } ?? false }
    }

    /// Whether `self` holds whenever `other` does: each clause of `self` is one of `other`'s or reads the same.
    public func isImplied(by other: SourceCondition?) -> Bool {
        let theirs = Set((other?.clauses ?? []).map(\.effectiveCondition))
        return clauses.allSatisfy { theirs.contains($0.effectiveCondition) }
    }

    /// `self` without the clauses `other` already has (the same block, or the same reading): what a member still
    /// needs inside a declaration that is under `other`; `nil` when nothing is left.
    public func removing(_ other: SourceCondition?) -> SourceCondition? {
        let blocks = Set((other?.clauses ?? []).map(\.block))
        let written = Set((other?.clauses ?? []).map(\.effectiveCondition))
        let left = clauses.filter { !blocks.contains($0.block) && !written.contains($0.effectiveCondition) }
        return left.isEmpty ? nil : SourceCondition(clauses: left)
    }
}

extension Optional where Wrapped == SourceCondition {
    /// The clauses of an optional condition (none when `nil`: always).
    public var clauses: [SourceCondition.Clause] { self?.clauses ?? [] }

    /// Whether no configuration satisfies both (never when either is `nil`: always).
    public func excludes(_ other: SourceCondition?) -> Bool {
        guard let self, let other else { return false }
        return self.excludes(other)
    }

    /// Both conditions together (`nil` when neither has a clause).
    public func adding(_ other: SourceCondition?) -> SourceCondition? {
        guard let self else { return other.flatMap { $0.clauses.isEmpty ? nil : $0 } }
        let joined = self.adding(other)
        return joined.clauses.isEmpty ? nil : joined
    }
}
