import Foundation

/// Translates the parts of a `#Predicate` that SQLite can evaluate into a `WHERE` clause.
///
/// Foundation's `PredicateExpressions` types are public generic structs with public operands, so the runtime gives
/// the ones it understands a conformance to its own `SQLCondition`/`SQLOperand` protocols and walks the tree with
/// dynamic casts (no `Mirror`, no type names). A conjunction is split into its operands; each operand that is a
/// comparison of a stored scalar attribute with a constant, or `constants.contains(attribute)`, becomes SQL; so does
/// `persistentModelID` compared for equality with an identifier or looked up in a list of them (the primary key). The
/// result says whether every operand translated, so the caller evaluates the whole predicate in memory on the rows
/// the SQL part selected when one did not.
struct PredicateTranslator {
    struct Condition {
        var sql: String
        var bindings: [SQLValue]
        /// For an `IN` list: the column and values, so a long list can be run in chunks.
        var inList: (column: String, values: [SQLValue])?
    }

    struct Translation {
        var conditions: [Condition]
        var isComplete: Bool
    }

    let entity: Entity
    /// The store the predicate runs in: an identifier of another store (or a temporary one) selects no row there.
    let storeIdentifier: String

    func translate(_ expression: Any) -> Translation {
        guard let condition = expression as? any SQLCondition else {
            return Translation(conditions: [], isComplete: false)
        }
        return condition.translation(self)
    }

    /// An operand: a stored scalar attribute of the predicate's variable, or a constant.
    func operand(_ expression: Any) -> SQLOperandValue? {
        (expression as? any SQLOperand)?.operandValue(self)
    }

    /// The column of an attribute key path, and whether SQLite orders it like Swift.
    func column(for keyPath: AnyKeyPath) -> (String, Bool)? {
        guard let property = entity.properties.first(where: { $0.keyPath == keyPath }), let codec = property.codec,
            let ordered = codec.scalarOrdering
        else { return nil }
        return (Store.quote(property.name), ordered)
    }

    /// The primary key `identifier` has in the store for this entity's table, or `nil` when it selects no row
    /// there (another store, another entity, or a temporary identifier).
    func primaryKey(of identifier: PersistentIdentifier) -> SQLValue? {
        guard identifier.storeIdentifier == storeIdentifier, identifier.entityName == entity.name else { return nil }
        return .integer(identifier.primaryKey)
    }

    func single(_ condition: Condition?) -> Translation {
        guard let condition else { return Translation(conditions: [], isComplete: false) }
        return Translation(conditions: [condition], isComplete: true)
    }
}

enum SQLOperandValue {
    case column(String, ordered: Bool)
    case constant(SQLValue)
    case constants([SQLValue])
}

protocol SQLCondition {
    func translation(_ translator: PredicateTranslator) -> PredicateTranslator.Translation
}

protocol SQLOperand {
    func operandValue(_ translator: PredicateTranslator) -> SQLOperandValue?
}

/// The predicate's variable (`$0`).
protocol SQLVariable {}
extension PredicateExpressions.Variable: SQLVariable {}

extension PredicateExpressions.KeyPath: SQLOperand {
    func operandValue(_ translator: PredicateTranslator) -> SQLOperandValue? {
        guard root is any SQLVariable else { return nil }
        // Identifiers order by store and entity before the key: only equality and membership run in SQL.
        if keyPath == translator.entity.identifierKeyPath { return .column(#""pk""#, ordered: false) }
        guard let (column, ordered) = translator.column(for: keyPath) else { return nil }
        return .column(column, ordered: ordered)
    }
}

extension PredicateExpressions.Value: SQLOperand {
    func operandValue(_ translator: PredicateTranslator) -> SQLOperandValue? {
        if let scalar = value as? any SQLScalar { return .constant(scalar.sqlValue) }
        if let scalars = value as? [any SQLScalar] { return .constants(scalars.map(\.sqlValue)) }
        if let scalars = value as? Set<String> { return .constants(scalars.map(\.sqlValue)) }
        if let scalars = value as? Set<Int> { return .constants(scalars.map(\.sqlValue)) }
        // An identifier that selects no row here compares as `NULL`, which no primary key is.
        if let identifier = value as? PersistentIdentifier {
            return .constant(translator.primaryKey(of: identifier) ?? .null)
        }
        if let identifiers = value as? [PersistentIdentifier] {
            return .constants(identifiers.compactMap(translator.primaryKey))
        }
        if let identifiers = value as? Set<PersistentIdentifier> {
            return .constants(identifiers.compactMap(translator.primaryKey))
        }
        return nil
    }
}

extension PredicateExpressions.NilLiteral: SQLOperand {
    func operandValue(_ translator: PredicateTranslator) -> SQLOperandValue? { .constant(.null) }
}

extension PredicateExpressions.Conjunction: SQLCondition {
    func translation(_ translator: PredicateTranslator) -> PredicateTranslator.Translation {
        let left = translator.translate(lhs)
        let right = translator.translate(rhs)
        return PredicateTranslator.Translation(
            conditions: left.conditions + right.conditions, isComplete: left.isComplete && right.isComplete)
    }
}

/// `column IS ?` / `column IS NOT ?` (`IS` so that `nil` compares as Swift does).
private func equality(_ lhs: Any, _ rhs: Any, negated: Bool, _ translator: PredicateTranslator)
    -> PredicateTranslator.Translation
{
    let sqlOperator = negated ? "IS NOT" : "IS"
    switch (translator.operand(lhs), translator.operand(rhs)) {
    case (.column(let column, _), .constant(let value)), (.constant(let value), .column(let column, _)):
        return translator.single(.init(sql: "\(column) \(sqlOperator) ?", bindings: [value]))
    default:
        return translator.single(nil)
    }
}

extension PredicateExpressions.Equal: SQLCondition {
    func translation(_ translator: PredicateTranslator) -> PredicateTranslator.Translation {
        equality(lhs, rhs, negated: false, translator)
    }
}

extension PredicateExpressions.NotEqual: SQLCondition {
    func translation(_ translator: PredicateTranslator) -> PredicateTranslator.Translation {
        equality(lhs, rhs, negated: true, translator)
    }
}

extension PredicateExpressions.Comparison: SQLCondition {
    func translation(_ translator: PredicateTranslator) -> PredicateTranslator.Translation {
        let symbol: String
        let flipped: String
        switch op {
        case .lessThan: (symbol, flipped) = ("<", ">")
        case .lessThanOrEqual: (symbol, flipped) = ("<=", ">=")
        case .greaterThan: (symbol, flipped) = (">", "<")
        case .greaterThanOrEqual: (symbol, flipped) = (">=", "<=")
        @unknown default: return translator.single(nil)
        }
        switch (translator.operand(lhs), translator.operand(rhs)) {
        case (.column(let column, true), .constant(let value)) where value != .null:
            return translator.single(.init(sql: "\(column) \(symbol) ?", bindings: [value]))
        case (.constant(let value), .column(let column, true)) where value != .null:
            return translator.single(.init(sql: "\(column) \(flipped) ?", bindings: [value]))
        default:
            return translator.single(nil)
        }
    }
}

extension PredicateExpressions.SequenceContains: SQLCondition {
    func translation(_ translator: PredicateTranslator) -> PredicateTranslator.Translation {
        guard case .constants(let values) = translator.operand(sequence),
            case .column(let column, _) = translator.operand(element), !values.contains(.null)
        else { return translator.single(nil) }
        if values.isEmpty { return translator.single(.init(sql: "0", bindings: [])) }
        let marks = Array(repeating: "?", count: values.count).joined(separator: ", ")
        return translator.single(
            .init(sql: "\(column) IN (\(marks))", bindings: values, inList: (column: column, values: values)))
    }
}

extension SortDescriptor {
    /// The descriptor as an `ORDER BY` term, if it sorts a scalar attribute with plain `Comparable` order.
    func orderByTerm(_ entity: Entity) -> String? {
        guard let keyPath = self.keyPath as AnyKeyPath?,
            let property = entity.properties.first(where: { $0.keyPath == keyPath }),
            property.codec?.scalarOrdering == true,
            let comparison = Mirror(reflecting: self).children.first(where: { $0.label == "comparison" })?.value,
            "\(comparison)".hasPrefix("comparable")
        else { return nil }
        return "\(Store.quote(property.name)) \(order == .forward ? "ASC" : "DESC")"
    }
}
