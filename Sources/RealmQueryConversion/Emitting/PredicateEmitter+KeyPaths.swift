import SwiftDataCodegen

extension PredicateEmitter {
    typealias Leaf = (inout PredicateEmitter, String, Bool, Terminal) throws(Refusal) -> String

    /// Writes the key path from its scope and hands its end to `leaf` (the expression, whether it may be `nil`, and
    /// what it is). A to-many relationship on the way wraps the rest in `contains { }` (`allSatisfy` for `ALL`).
    ///
    /// Optional links are crossed with optional chaining (`dog.owner?.name`), which keeps Realm's null semantics
    /// for `==`, `!=` and `== nil`; with `unwrapping`, for tests that are false on null (orderings, string tests,
    /// `IN`), they are crossed with `flatMap { } == true` instead (`#Predicate` has no `if` inside `&&`, and
    /// optional values cannot be ordered).
    mutating func walk(
        _ path: KeyPathReference, in scope: Scope, quantifier: Quantifier?, offset: Int, unwrapping: Bool = false,
        leaf: Leaf
    ) throws(Refusal) -> String {
        let saved = unwrapsOptionals
        unwrapsOptionals = unwrapping
        defer { unwrapsOptionals = saved }
        var expression = scope.expression
        var realmClass = scope.realmClass
        if let variable = path.variable {
            guard let bound = scope.variables[variable] else {
                throw Refusal(
                    message: "'\(variable)' is not a SUBQUERY variable in scope", offset: path.offset, instead: "")
            }
            (expression, realmClass) = bound
        }
        return try step(expression, optional: false, realmClass, path.components[...], path, quantifier, leaf)
    }

    private mutating func step(
        _ expression: String, optional: Bool, _ realmClass: String, _ rest: ArraySlice<String>,
        _ path: KeyPathReference, _ quantifier: Quantifier?, _ leaf: Leaf
    ) throws(Refusal) -> String {
        guard let object = catalog[realmClass: realmClass] else {
            throw Refusal(
                message: "the class '\(realmClass)' is not among the models", offset: path.offset,
                instead: "give its model source")
        }
        guard let name = rest.first else {
            return try leaf(&self, expression, optional, .object(realmClass: realmClass, isModel: !object.isEmbedded))
        }
        let pathText = path.components.joined(separator: ".")
        guard let property = object[realmProperty: name] else {
            throw Refusal(
                message: "\(object.realmName) has no property '\(name)' (in '\(pathText)')", offset: path.offset,
                instead: "check the key path against the Realm model")
        }
        let access = expression + (optional ? "?." : ".") + property.swiftName
        let remaining = rest.dropFirst()
        func mustEnd() throws(Refusal) {
            guard remaining.isEmpty else {
                throw Refusal(
                    message: "'\(name)' is a value, so '\(pathText)' cannot go on after it", offset: path.offset,
                    instead: "check the key path")
            }
        }
        switch property.shape {
        case .value(let type):
            try mustEnd()
            return try leaf(&self, access, optional || type.isOptional, .value(type))
        case .values(let type):
            try mustEnd()
            return try leaf(&self, access, optional, .values(type))
        case .embedded(let target), .toOne(let target):
            return try linkStep(access, optional: optional, target, remaining, path, quantifier, leaf)
        case .toMany(let target, let isOptionalArray):
            return try crossing(
                access, optional: optional || isOptionalArray, target, remaining, path, quantifier, leaf)
        case .embeddedList(let target):
            return try crossing(access, optional: optional, target, remaining, path, quantifier, leaf)
        case .list(_, let entries, let target, let isOptionalArray):
            return try crossing(
                expression + (optional ? "?." : ".") + entries, optional: optional || isOptionalArray, target,
                remaining, path, quantifier, leaf, through: "target")
        case .listInverse(_, let entries, let origin, let isOptionalArray):
            return try crossing(
                expression + (optional ? "?." : ".") + entries, optional: optional || isOptionalArray, origin,
                remaining, path, quantifier, leaf, through: "owner")
        case .linkMap(let entry, _):
            throw Refusal(
                message: "'\(name)' is a map of links, generated as the entry model \(entry)", offset: path.offset,
                instead: "query \(entry) (key, value) with its own FetchDescriptor")
        case .dictionary:
            throw Refusal(
                message: "'\(name)' is a Map, stored as one encoded attribute: a predicate cannot look inside it",
                offset: path.offset, instead: "fetch, then filter in Swift on the dictionary")
        case .mixed:
            throw Refusal(
                message:
                    "'\(name)' is AnyRealmValue, generated as the Codable enum MixedValue: a predicate cannot look inside it",
                offset: path.offset, instead: "fetch, then filter in Swift with a switch over MixedValue")
        case .embeddedLink(let target):
            throw Refusal(
                message:
                    "'\(name)' is an embedded object's link, held as the \(target)'s realmObjectKey (not a relationship)",
                offset: path.offset, instead: "fetch the \(target) with #Predicate { $0.realmObjectKey == key } first")
        case .assumed(let typeName):
            throw Refusal(
                message: "'\(name)' has the type '\(typeName)', which the model sources do not declare",
                offset: path.offset,
                instead: "give the file that declares \(typeName)")
        case .notGenerated(let reason):
            throw Refusal(message: "'\(name)' is not generated: \(reason)", offset: path.offset, instead: "")
        }
    }

    /// An optional link (`dog.owner`, or an entry's `target`): the object itself when the path ends here, else the
    /// rest of the path behind optional chaining, or behind `flatMap { } == true` when unwrapping.
    private mutating func linkStep(
        _ access: String, optional: Bool, _ target: String, _ remaining: ArraySlice<String>,
        _ path: KeyPathReference, _ quantifier: Quantifier?, _ leaf: Leaf
    ) throws(Refusal) -> String {
        let isModel = catalog[realmClass: target].map { !$0.isEmbedded } ?? true
        if remaining.isEmpty { return try leaf(&self, access, true, .object(realmClass: target, isModel: isModel)) }
        guard unwrapsOptionals, !optional else {
            return try step(access, optional: true, target, remaining, path, quantifier, leaf)
        }
        let unwrapped = context.name((catalog[realmClass: target]?.swiftName ?? target).lowercasedFirst)
        let inner = try step(unwrapped, optional: false, target, remaining, path, quantifier, leaf)
        switch (inner, quantifier == .all) {
        case ("false", false): return "false"
        case ("true", true): return "true"
        case ("true", false): return "\(access) != nil"
        case ("false", true): return "\(access) == nil"
        default:
            return "\(access).flatMap { \(unwrapped) in \(inner) } \(quantifier == .all ? "!= false" : "== true")"
        }
    }

    /// A to-many relationship (or list of embedded objects): the collection itself when the path ends here, else
    /// `contains { }` / `allSatisfy { }` over its elements. `through` is the entry models' property that holds each
    /// element of a Realm list (`target`, or `owner` for its inverse): `$0.tracksEntries.contains { entry in
    /// entry.target?.title == "X" }`.
    private mutating func crossing(
        _ access: String, optional: Bool, _ target: String, _ rest: ArraySlice<String>, _ path: KeyPathReference,
        _ quantifier: Quantifier?, _ leaf: Leaf, through: String? = nil
    ) throws(Refusal) -> String {
        if rest.isEmpty {
            let terminal: Terminal =
                through.map { .entries(realmClass: target, through: $0) } ?? .collection(realmClass: target)
            return try leaf(&self, access, optional, terminal)
        }
        let element = context.name(
            through == nil ? (catalog[realmClass: target]?.swiftName ?? target).lowercasedFirst : "entry")
        let inner: String
        if let through {
            inner = try linkStep("\(element).\(through)", optional: false, target, rest, path, quantifier, leaf)
        } else {
            inner = try step(element, optional: false, target, rest, path, quantifier, leaf)
        }
        let method = quantifier == .all ? "allSatisfy" : "contains"
        guard optional, inner != "true", inner != "false" else {
            // Constant bodies (a non-optional value compared with nil) are folded; behind nil they are refused.
            if optional {
                throw Refusal(
                    message: "a constant test behind an optional collection", offset: path.offset,
                    instead: "drop the test")
            }
            return PredicateEmitter.quantified(access, all: quantifier == .all, element: element, body: inner)
        }
        // Realm sees no elements behind a nil link: ANY is false, ALL true.
        let whenNil = quantifier == .all ? "!= false" : "== true"
        guard unwrapsOptionals, !access.contains("?.") else {
            return "\(access).\(method) { \(element) in \(inner) } \(whenNil)"
        }
        let items = context.name("items")
        return "\(access).flatMap { \(items) in \(items).\(method) { \(element) in \(inner) } } \(whenNil)"
    }

    /// Whether the key path goes through a to-many relationship or ends at a list of values (where ANY applies).
    mutating func crossesCollection(_ path: KeyPathReference, in scope: Scope) throws(Refusal) -> Bool {
        try shapes(path, in: scope).contains { shape in
            switch shape {
            case .toMany, .list, .listInverse, .embeddedList, .values: true
            default: false
            }
        }
    }

    /// Whether the key path ends at a to-many relationship or a list of values.
    mutating func endsAtCollection(_ path: KeyPathReference, in scope: Scope) throws(Refusal) -> Bool {
        switch try shapes(path, in: scope).last {
        case .toMany, .list, .listInverse, .embeddedList, .values: true
        default: false
        }
    }

    /// The shapes of the key path's properties, in order (as far as they resolve).
    private func shapes(_ path: KeyPathReference, in scope: Scope) throws(Refusal) -> [Catalog.Shape] {
        var realmClass = path.variable.flatMap { scope.variables[$0]?.realmClass } ?? scope.realmClass
        var result: [Catalog.Shape] = []
        for name in path.components {
            guard let property = catalog[realmClass: realmClass]?[realmProperty: name] else { break }
            result.append(property.shape)
            switch property.shape {
            case .embedded(let target), .toOne(let target), .toMany(let target, _), .embeddedList(let target),
                .list(_, _, let target, _), .listInverse(_, _, let target, _):
                realmClass = target
            default:
                return result
            }
        }
        return result
    }
}
