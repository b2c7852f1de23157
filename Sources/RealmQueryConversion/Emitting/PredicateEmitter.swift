import SwiftDataCodegen

/// Writes a ``QueryNode`` as the body of a `#Predicate` over the generated models, or refuses with a reason.
///
/// Realm semantics kept: a key path through a to-one link that is `nil` gives `nil` (so `==` is false, `!=` true,
/// orderings false: `if let … else { false }`); a key path through a to-many relationship or a list of values
/// means ANY unless `ALL`/`NONE` says otherwise (`contains(where:)`, `allSatisfy`, `!contains(where:)`).
struct PredicateEmitter {
    typealias Catalog = GeneratedModelCatalog
    let catalog: Catalog
    var context: EmitContext
    /// Whether the key path being written crosses optional links with `flatMap` (see ``walk(_:in:quantifier:offset:unwrapping:leaf:)``).
    var unwrapsOptionals = false

    init(catalog: Catalog, context: EmitContext) {
        self.catalog = catalog
        self.context = context
    }

    /// Where a key path starts: the closure variable and its Realm class.
    struct Scope {
        var expression: String
        var realmClass: String
        /// `SUBQUERY` variables in scope (`$d` → variable name and Realm class).
        var variables: [String: (expression: String, realmClass: String)] = [:]
    }

    /// What a key path ends at.
    enum Terminal {
        case value(Catalog.ValueType)
        case values(Catalog.ValueType)
        case object(realmClass: String, isModel: Bool)
        case collection(realmClass: String)
        /// A Realm list of links (or its `LinkingObjects`), generated as entry models: its count is the list's, and
        /// each entry's `through` property (`target`, or `owner`) is an element.
        case entries(realmClass: String, through: String)
    }

    mutating func emit(_ node: QueryNode, in scope: Scope) throws(Refusal) -> String {
        switch node {
        case .constant(let value): return value ? "true" : "false"
        case .and(let lhs, let rhs): return Self.conjunction([try emit(lhs, in: scope), try emit(rhs, in: scope)])
        case .or(let lhs, let rhs): return Self.disjunction(try emit(lhs, in: scope), try emit(rhs, in: scope))
        case .not(let inner): return Self.negation(try emit(inner, in: scope))
        case .between(let value, let lower, let upper, let offset):
            let low = Comparison(lhs: value, op: .greaterOrEqual, rhs: lower, offset: offset)
            let high = Comparison(lhs: value, op: .lessOrEqual, rhs: upper, offset: offset)
            if case .keyPath(let path) = value, try crossesCollection(path, in: scope) {
                throw Refusal(
                    message: "BETWEEN on a key path through a collection", offset: offset,
                    instead: "write SUBQUERY(collection, $x, $x.value >= lower AND $x.value <= upper).@count > 0")
            }
            return Self.conjunction([try comparison(low, in: scope), try comparison(high, in: scope)])
        case .comparison(let comparison):
            return try self.comparison(comparison, in: scope)
        }
    }

    // MARK: Comparisons

    private mutating func comparison(_ input: Comparison, in scope: Scope) throws(Refusal) -> String {
        var comparison = input
        // Put the key path (or aggregate) on the left.
        if !comparison.lhs.isKeyPathLike, comparison.rhs.isKeyPathLike {
            if comparison.op == .in, case .keyPath = comparison.rhs {
                // `value IN collection` is `ANY collection == value`.
                comparison = Comparison(
                    lhs: comparison.rhs, op: .equal, rhs: comparison.lhs, options: comparison.options,
                    quantifier: comparison.quantifier ?? .any, offset: comparison.offset)
            } else if let mirrored = comparison.op.mirrored {
                comparison = Comparison(
                    lhs: comparison.rhs, op: mirrored, rhs: comparison.lhs, options: comparison.options,
                    quantifier: comparison.quantifier, offset: comparison.offset)
            } else {
                throw Refusal(
                    message: "'\(comparison.op.rawValue)' with the key path on the right", offset: comparison.offset,
                    instead: "put the key path on the left")
            }
        }
        switch comparison.lhs {
        case .keyPath(var path):
            if path.isTypeSafe, let last = path.components.last, let op = Self.typeSafeAggregates[last],
                try endsAtCollection(
                    KeyPathReference(
                        variable: path.variable, components: Array(path.components.dropLast()), offset: path.offset),
                    in: scope)
            {
                path.components.removeLast()
                return try aggregate(path, op, property: [], comparison, in: scope)
            }
            return try keyPathComparison(path, comparison, in: scope)
        case .aggregate(let path, let op, let property):
            return try aggregate(path, op, property: property, comparison, in: scope)
        case .subqueryCount(let collection, let variable, let condition):
            guard comparison.quantifier == nil else {
                throw Refusal(message: "ANY/ALL/NONE before SUBQUERY", offset: comparison.offset, instead: "remove it")
            }
            var inner: String = ""
            let count = try walk(collection, in: scope, quantifier: nil, offset: comparison.offset) {
                emitter, expression, optional, terminal throws(Refusal) in
                if case .entries(let target, let through) = terminal, !optional {
                    var innerScope = scope
                    let name = emitter.context.name(target.lowercasedFirst)
                    let entry = emitter.context.name("entry")
                    innerScope.variables[variable] = (name, target)
                    inner = try emitter.emit(condition, in: innerScope)
                    return
                        "\(expression).filter { \(entry) in \(entry).\(through).flatMap { \(name) in \(inner) } == true }"
                        + ".count"
                }
                guard case .collection(let target) = terminal, !optional else {
                    throw Refusal(
                        message: "SUBQUERY needs a to-many relationship", offset: comparison.offset,
                        instead: "use a to-many key path")
                }
                var innerScope = scope
                let name = emitter.context.name(target.lowercasedFirst)
                innerScope.variables[variable] = (name, target)
                inner = try emitter.emit(condition, in: innerScope)
                return "\(expression).filter { \(name) in \(inner) }.count"
            }
            return try scalarComparison(
                count, optional: false, type: Self.intType, comparison, in: scope)
        default:
            throw Refusal(
                message: "a comparison between two values", offset: comparison.offset,
                instead: "compute it in Swift before the query")
        }
    }

    // MARK: Constants
    // `#Predicate` cannot negate or combine a literal `true`/`false` (`build_Negation` needs an expression), so
    // constants (TRUEPREDICATE, a non-optional value compared with nil) are folded away; only a whole predicate may
    // be one.

    /// `a && b && …` with constants folded, parenthesized when it has several parts.
    static func conjunction(_ parts: [String]) -> String {
        if parts.contains("false") { return "false" }
        let rest = parts.filter { $0 != "true" }
        if rest.isEmpty { return "true" }
        return rest.count == 1 ? rest[0] : "(" + rest.joined(separator: " && ") + ")"
    }

    static func disjunction(_ lhs: String, _ rhs: String) -> String {
        if lhs == "true" || rhs == "true" { return "true" }
        if lhs == "false" { return rhs }
        if rhs == "false" { return lhs }
        return "(\(lhs) || \(rhs))"
    }

    static func negation(_ inner: String) -> String {
        switch inner {
        case "true": "false"
        case "false": "true"
        default: "!(\(inner))"
        }
    }

    /// `collection.contains { x in body }` / `allSatisfy`, with a constant body folded (`allSatisfy { false }` is
    /// `isEmpty`).
    static func quantified(_ collection: String, all: Bool, element: String, body: String) -> String {
        switch (body, all) {
        case ("false", false): "false"
        case ("true", true): "true"
        case ("true", false): "!\(collection).isEmpty"
        case ("false", true): "\(collection).isEmpty"
        default: "\(collection).\(all ? "allSatisfy" : "contains") { \(element) in \(body) }"
        }
    }

    /// From this many nested closures on, a `#Predicate` was seen to exceed the type checker's time limit (a
    /// SUBQUERY with `&&` or'ed with an ALL over optional values, on Swift 6.3).
    static let closureLimit = 3

    static let typeSafeAggregates: [String: CollectionOperator] = [
        "count": .count, "sum": .sum, "avg": .avg, "min": .min, "max": .max,
    ]
    static let intType = Catalog.ValueType(
        swiftType: "Int", isOptional: false, realmType: .int, enumRawType: nil, enumCases: nil)

    private mutating func keyPathComparison(_ path: KeyPathReference, _ comparison: Comparison, in scope: Scope)
        throws(Refusal) -> String
    {
        let quantifier = comparison.quantifier
        if quantifier != nil, !(try crossesCollection(path, in: scope)) {
            throw Refusal(
                message:
                    "\(quantifier?.rawValue ?? "") on '\(path.components.joined(separator: "."))', which is not a collection",
                offset: comparison.offset, instead: "remove \(quantifier?.rawValue ?? "")")
        }
        let keepsNull = (comparison.op == .equal || comparison.op == .notEqual) && comparison.options.isEmpty
        let text = try walk(path, in: scope, quantifier: quantifier, offset: comparison.offset, unwrapping: !keepsNull)
        {
            emitter, expression, optional, terminal throws(Refusal) in
            switch terminal {
            case .value(let type):
                return try emitter.scalarComparison(expression, optional: optional, type: type, comparison, in: scope)
            case .values(let type):
                return try emitter.valuesComparison(expression, optional: optional, type: type, comparison, in: scope)
            case .object(let target, let isModel):
                return try emitter.objectComparison(
                    expression, optional: optional, target: target, isModel: isModel, comparison)
            case .collection, .entries:
                throw Refusal(
                    message: "comparing the collection '\(path.components.joined(separator: "."))' itself",
                    offset: comparison.offset, instead: "compare a property of its elements, or its @count")
            }
        }
        return quantifier == .noElement ? Self.negation(text) : text
    }

    /// A list of values at the end of the key path: ANY (or ALL/NONE) of its elements; membership for `==`.
    private mutating func valuesComparison(
        _ expression: String, optional: Bool, type: Catalog.ValueType, _ comparison: Comparison, in scope: Scope
    ) throws(Refusal) -> String {
        // Behind a nil link (optional chaining) Realm sees no elements: ANY is false, ALL true.
        let suffix = optional ? (comparison.quantifier == .all ? " != false" : " == true") : ""
        if comparison.op == .containsValue
            || (comparison.op == .equal && comparison.quantifier != .all && comparison.options.isEmpty)
        {
            let value = try operandValue(
                comparison.rhs, type: type, offset: comparison.offset, optional: type.isOptional)
            return "\(expression).contains(\(value))" + suffix
        }
        let element = context.name("element")
        var elementComparison = comparison
        elementComparison.quantifier = nil
        let body = try scalarComparison(element, optional: type.isOptional, type: type, elementComparison, in: scope)
        let quantified = Self.quantified(expression, all: comparison.quantifier == .all, element: element, body: body)
        guard !suffix.isEmpty, quantified.contains(" in ") else { return quantified }
        return quantified + suffix
    }

    private mutating func objectComparison(
        _ expression: String, optional: Bool, target: String, isModel: Bool, _ comparison: Comparison
    ) throws(Refusal) -> String {
        guard comparison.op == .equal || comparison.op == .notEqual else {
            throw Refusal(
                message: "'\(comparison.op.rawValue)' on an object", offset: comparison.offset,
                instead: "compare one of its properties")
        }
        let op = comparison.op == .equal ? "==" : "!="
        switch comparison.rhs {
        case .literal(.null):
            return "\(expression) \(op) nil"
        case .swiftValue(let text) where isModel:
            let swiftName = catalog[realmClass: target]?.swiftName ?? target
            let id = context.bind("\(text).persistentModelID", named: Self.baseName(text) + "ID", type: nil)
            context.note(
                "an object argument is compared by its persistentModelID: '\(text)' must be the \(swiftName) model (not the Realm object)"
            )
            return "\(expression)\(optional ? "?" : "").persistentModelID \(op) \(id)"
        default:
            throw Refusal(
                message: "comparing an embedded object as a whole", offset: comparison.offset,
                instead: "compare its properties one by one")
        }
    }

    /// A name for a binding derived from the Swift expression it holds (`self.minAge` → `minAge`).
    static func baseName(_ text: String) -> String {
        let last = text.split(separator: ".").last.map(String.init) ?? text
        let word = String(last.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        guard let first = word.first, first.isLetter || first == "_" else { return "value" }
        return word.lowercasedFirst
    }
}

extension QueryOperand {
    var isKeyPathLike: Bool {
        switch self {
        case .keyPath, .aggregate, .subqueryCount: true
        case .literal, .swiftValue, .list: false
        }
    }
}
