import Foundation

/// Translates the parts of a `#Predicate` that SQLite can evaluate into a `WHERE` clause, by walking Foundation's
/// `PredicateExpressions` tree with `Mirror` (the expression types are public but generic over their operands).
///
/// A conjunction is split into its operands; each operand that is a comparison of a stored scalar attribute with a
/// constant, or `constants.contains(attribute)`, becomes SQL. Whether every operand translated is reported, so the
/// caller evaluates the whole predicate in memory on the rows the SQL part selected when it did not.
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

    func translate(_ expression: Any) -> Translation {
        var conditions: [Condition] = []
        var complete = true
        for operand in conjuncts(expression) {
            if let condition = condition(operand) {
                conditions.append(condition)
            } else {
                complete = false
            }
        }
        return Translation(conditions: conditions, isComplete: complete)
    }

    private func typeName(_ value: Any) -> String { String(describing: type(of: value)) }

    private func child(_ value: Any, _ label: String) -> Any? {
        Mirror(reflecting: value).children.first { $0.label == label }?.value
    }

    private func conjuncts(_ expression: Any) -> [Any] {
        if typeName(expression).hasPrefix("Conjunction<"), let lhs = child(expression, "lhs"),
            let rhs = child(expression, "rhs")
        {
            return conjuncts(lhs) + conjuncts(rhs)
        }
        return [expression]
    }

    private func condition(_ expression: Any) -> Condition? {
        let name = typeName(expression)
        if name.hasPrefix("Equal<") || name.hasPrefix("NotEqual<") {
            let negated = name.hasPrefix("NotEqual<")
            guard let lhs = child(expression, "lhs"), let rhs = child(expression, "rhs") else { return nil }
            if let (column, _) = attribute(lhs), let value = constant(rhs) {
                return Condition(sql: "\(column) \(negated ? "IS NOT" : "IS") ?", bindings: [value])
            }
            if let (column, _) = attribute(rhs), let value = constant(lhs) {
                return Condition(sql: "\(column) \(negated ? "IS NOT" : "IS") ?", bindings: [value])
            }
            return nil
        }
        if name.hasPrefix("Comparison<") {
            guard let lhs = child(expression, "lhs"), let rhs = child(expression, "rhs"),
                let op = child(expression, "op").map({ "\($0)" })
            else { return nil }
            let symbols = ["lessThan": "<", "lessThanOrEqual": "<=", "greaterThan": ">", "greaterThanOrEqual": ">="]
            let flipped = ["lessThan": ">", "lessThanOrEqual": ">=", "greaterThan": "<", "greaterThanOrEqual": "<="]
            let key = String(op.split(separator: ".").last ?? "")
            if let (column, ordered) = attribute(lhs), ordered, let value = constant(rhs), value != .null,
                let symbol = symbols[key]
            {
                return Condition(sql: "\(column) \(symbol) ?", bindings: [value])
            }
            if let (column, ordered) = attribute(rhs), ordered, let value = constant(lhs), value != .null,
                let symbol = flipped[key]
            {
                return Condition(sql: "\(column) \(symbol) ?", bindings: [value])
            }
            return nil
        }
        if name.hasPrefix("SequenceContains<") {
            guard let sequence = child(expression, "sequence"), let element = child(expression, "element"),
                let (column, _) = attribute(element), typeName(sequence).hasPrefix("Value<"),
                let values = child(sequence, "value")
            else { return nil }
            var bound: [SQLValue] = []
            for item in Mirror(reflecting: values).children {
                guard let scalar = item.value as? any SQLScalar else { return nil }
                bound.append(scalar.sqlValue)
            }
            if bound.isEmpty { return Condition(sql: "0", bindings: []) }
            if bound.contains(.null) { return nil }
            let marks = Array(repeating: "?", count: bound.count).joined(separator: ", ")
            return Condition(sql: "\(column) IN (\(marks))", bindings: bound, inList: (column, bound))
        }
        return nil
    }

    /// A key path on the predicate's variable naming a stored scalar attribute: its quoted column, and whether
    /// SQLite orders it like Swift.
    private func attribute(_ expression: Any) -> (String, Bool)? {
        guard typeName(expression).hasPrefix("KeyPath<"), let root = child(expression, "root"),
            typeName(root).hasPrefix("Variable<"), let keyPath = child(expression, "keyPath") as? AnyKeyPath,
            let property = entity.properties.first(where: { $0.keyPath == keyPath }), let codec = property.codec,
            let ordered = codec.scalarOrdering
        else { return nil }
        return (Store.quote(property.name), ordered)
    }

    /// A constant operand (`Value`, or `nil`) as a column value.
    private func constant(_ expression: Any) -> SQLValue? {
        let name = typeName(expression)
        if name.hasPrefix("NilLiteral<") { return .null }
        guard name.hasPrefix("Value<"), let value = child(expression, "value") else { return nil }
        return (value as? any SQLScalar)?.sqlValue
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
