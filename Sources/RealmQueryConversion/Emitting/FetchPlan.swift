import SwiftDataCodegen

/// Collects a chain's steps into one fetch: the conditions (every `filter`/`where` joined with `&&`), the sort,
/// the limit, how the result is read, and `distinct(by:)` as Swift run after the fetch.
struct FetchPlan {
    let converter: RealmQueryConverter
    let model: GeneratedModelCatalog.Class
    private var conditions: [(node: QueryNode, offset: Int)] = []
    private var sortKeys: [(keyPath: String, ascending: Bool)] = []
    private var distinctKeys: [String] = []
    private var execution = QueryConversion.Execution.fetch
    private var takesLast = false
    private var problems: [QueryConversion.Problem] = []
    private var reserved: Set<String> = []
    /// Whether at most one object matches (a primary-key lookup), so `.first` needs no sort.
    var matchesAtMostOne = false

    /// - Parameter source: the chain's text; every identifier in it is kept free, so no binding shadows a value.
    init(converter: RealmQueryConverter, model: GeneratedModelCatalog.Class, source: String) {
        self.converter = converter
        self.model = model
        reserved = Set(SwiftTokens(source).tokens.filter { $0.kind == .identifier }.map(\.text))
    }

    mutating func apply(_ steps: [QueryChain.Step]) {
        var sawSort = false
        var ended = false
        for step in steps {
            if ended {
                problems.append(
                    .init(
                        message: "a step after .first/.last/.count/.isEmpty", offset: nil,
                        instead: "end the chain there"))
                return
            }
            switch step {
            case .filter(let format, let arguments, let offset):
                if !distinctKeys.isEmpty { filterAfterDistinct() }
                do {
                    let node = try PredicateFormatParser.parse(format, arguments: arguments)
                    for conjunct in Self.conjuncts(node) { conditions.append((conjunct, offset + 1)) }
                } catch {
                    problems.append(
                        .init(
                            message:
                                "cannot read the format string: \(error.message) (offset \(error.offset) in the format)",
                            offset: offset + 1 + error.offset, instead: "check the format against Realm's query syntax")
                    )
                }
            case .whereClosure(let node):
                if !distinctKeys.isEmpty { filterAfterDistinct() }
                for conjunct in Self.conjuncts(node) { conditions.append((conjunct, 0)) }
            case .sorted(let keys):
                if sawSort {
                    problems.append(
                        .init(
                            message: "several sorted(...) calls", offset: nil,
                            instead: "write one sorted(by:) with every key, in priority order"))
                }
                sawSort = true
                sortKeys = keys
            case .distinct(let keys):
                distinctKeys += keys
            case .first:
                execution = .first
                ended = true
            case .last:
                execution = .first
                takesLast = true
                ended = true
            case .count:
                execution = .count
                ended = true
            case .isEmpty:
                execution = .isEmpty
                ended = true
            }
        }
    }

    private mutating func filterAfterDistinct() {
        problems.append(
            .init(
                message: "filter after distinct(by:): Realm filters the distinct results, which a fetch cannot do",
                offset: nil, instead: "fetch with the filter, deduplicate in Swift, then filter again in Swift"))
    }

    /// The top-level conjuncts of a condition (`a AND (b AND c)` → a, b, c).
    static func conjuncts(_ node: QueryNode) -> [QueryNode] {
        if case .and(let lhs, let rhs) = node { return conjuncts(lhs) + conjuncts(rhs) }
        return [node]
    }

    func finish(into start: QueryConversion) -> QueryConversion {
        var result = start
        var context = EmitContext(reserved: reserved.union([converter.contextName]))
        let root = context.name(model.swiftName.lowercasedFirst)
        var emitter = PredicateEmitter(catalog: converter.catalog, context: context)
        var problems = problems
        var parts: [String] = []
        for (node, offset) in conditions {
            do {
                let scope = PredicateEmitter.Scope(expression: root, realmClass: model.realmName)
                parts.append(try emitter.emit(node, in: scope))
            } catch {
                problems.append(
                    .init(message: error.message, offset: error.offset.map { $0 + offset }, instead: error.instead))
            }
        }
        context = emitter.context
        var sorts: [String] = []
        for key in sortKeys {
            do {
                sorts.append(try sortDescriptor(key.keyPath, ascending: key.ascending != takesLast, context: &context))
            } catch {
                problems.append(.init(message: error.message, offset: nil, instead: error.instead))
            }
        }
        if takesLast && sortKeys.isEmpty {
            problems.append(
                .init(
                    message: ".last on unsorted results: Realm's unsorted order has no SwiftData counterpart",
                    offset: nil, instead: "sort first; .last then becomes fetchLimit = 1 with the sort reversed"))
        }
        var afterFetch: String?
        var distinctSet: String?
        if !distinctKeys.isEmpty && (execution == .fetch || execution == .count) {
            do {
                (afterFetch, distinctSet) = try distinct(&context)
            } catch {
                problems.append(.init(message: error.message, offset: nil, instead: error.instead))
            }
        }
        if takesLast && !distinctKeys.isEmpty {
            problems.append(
                .init(
                    message: ".last after distinct(by:)", offset: nil,
                    instead: "fetch, deduplicate in Swift, take .last"))
        }
        // Constants folded as in PredicateEmitter.conjunction, without parentheses around the top level.
        let kept = parts.filter { $0 != "true" }
        let body = parts.contains("false") ? "false" : kept.isEmpty ? "true" : kept.joined(separator: " && ")
        let predicate = parts.isEmpty ? nil : "#Predicate<\(model.swiftName)> { \(root) in \(body) }"
        result.outcome = problems.isEmpty ? .converted : .notConvertible
        result.problems = problems
        result.bindings = context.bindings
        result.predicate = predicate
        result.sortDescriptors = sorts
        result.execution = execution
        result.fetchLimit = execution == .first ? 1 : nil
        result.afterFetch = afterFetch
        result.notes = context.notes
        if execution == .first && sortKeys.isEmpty && !matchesAtMostOne {
            result.notes.append(
                ".first on unsorted results: Realm returns the first in its stored order, SwiftData's unsorted order is "
                    + "unspecified; add a sort if it matters")
        }
        if sorts.contains(where: { $0.contains("comparator") }) == false,
            sortKeys.contains(where: { isStringKey($0.keyPath) })
        {
            result.notes.append(
                "SortDescriptor on a String key path compares with .localizedStandard by default (Finder-like, "
                    + "case-insensitive); Realm sorts strings by its own code-point based order, so the order of mixed-case "
                    + "or accented strings may differ")
        }
        let closures = body.split(separator: " in ", omittingEmptySubsequences: false).count - 1
        if closures >= PredicateEmitter.closureLimit {
            result.notes.append(
                "the predicate nests \(closures) closures (to-many tests, SUBQUERY, optional links): Swift may fail "
                    + "to type-check it in reasonable time; if so, split it into two fetches or filter part in Swift")
        }
        if !distinctKeys.isEmpty {
            result.notes.append(
                "distinct(by:) has no SwiftData counterpart: the fetched models are deduplicated in Swift, keeping the "
                    + "first of each distinct value in the sort order, as Realm does")
        }
        result.code = code(
            context: &context, predicate: predicate, sorts: sorts, afterFetch: afterFetch, distinctSet: distinctSet,
            result: &result)
        result.bindings = context.bindings
        return result
    }

    private func code(
        context: inout EmitContext, predicate: String?, sorts: [String], afterFetch: String?, distinctSet: String?,
        result: inout QueryConversion
    ) -> String {
        let descriptorName = context.name("descriptor")
        var lines = context.bindings
        var arguments: [String] = []
        if let predicate { arguments.append("predicate: \(predicate)") }
        if !sorts.isEmpty { arguments.append("sortBy: [\(sorts.joined(separator: ", "))]") }
        let needsVar = execution == .first
        let call = "FetchDescriptor<\(model.swiftName)>(\(arguments.joined(separator: ", ")))"
        lines.append("\(needsVar ? "var" : "let") \(descriptorName) = \(call)")
        if needsVar { lines.append("\(descriptorName).fetchLimit = 1") }
        let context2 = converter.contextName
        switch execution {
        case .fetch:
            result.resultName = context.name("results")
            if let afterFetch, let distinctSet {
                let fetched = context.name("fetched")
                lines.append("let \(fetched) = try \(context2).fetch(\(descriptorName))")
                lines.append(distinctSet)
                lines.append("let \(result.resultName) = \(fetched).filter { \(afterFetch) }")
            } else {
                lines.append("let \(result.resultName) = try \(context2).fetch(\(descriptorName))")
            }
        case .first:
            result.resultName = context.name(model.swiftName.lowercasedFirst)
            lines.append("let \(result.resultName) = try \(context2).fetch(\(descriptorName)).first")
        case .count:
            result.resultName = context.name("count")
            if let afterFetch, let distinctSet {
                lines.append(distinctSet)
                lines.append(
                    "let \(result.resultName) = try \(context2).fetch(\(descriptorName)).filter { \(afterFetch) }.count"
                )
            } else {
                lines.append("let \(result.resultName) = try \(context2).fetchCount(\(descriptorName))")
            }
        case .isEmpty:
            result.resultName = context.name("isEmpty")
            lines.append("let \(result.resultName) = try \(context2).fetchCount(\(descriptorName)) == 0")
        }
        return lines.joined(separator: "\n")
    }

    private func isStringKey(_ keyPath: String) -> Bool {
        if case .value(let type) = resolveScalar(keyPath)?.shape {
            return type.realmType == .string && type.enumRawType == nil
        }
        return false
    }

    /// The scalar at the end of a key path through to-one links and embedded objects, with its Swift key path text.
    private func resolveScalar(_ keyPath: String) -> (text: String, shape: GeneratedModelCatalog.Shape)? {
        var realmClass = model.realmName
        var text = ""
        var optional = false
        let components = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        for (index, name) in components.enumerated() {
            guard let property = converter.catalog[realmClass: realmClass]?[realmProperty: name] else { return nil }
            text += (optional ? "?." : ".") + property.swiftName
            switch property.shape {
            case .toOne(let target), .embedded(let target):
                optional = true
                realmClass = target
                if index == components.count - 1 { return (text, property.shape) }
            default:
                return index == components.count - 1 ? (text, property.shape) : nil
            }
        }
        return nil
    }

    private func sortDescriptor(_ keyPath: String, ascending: Bool, context: inout EmitContext) throws(Refusal)
        -> String
    {
        guard let (text, shape) = resolveScalar(keyPath), case .value(let type) = shape else {
            throw Refusal(
                message: "sorting by '\(keyPath)', which is not a value reached through to-one links", offset: nil,
                instead: "sort by a property of the model or of a to-one link")
        }
        guard type.enumRawType == nil,
            [.int, .float, .double, .string, .date, .decimal128, .objectId].contains(type.realmType)
        else {
            throw Refusal(
                message: "sorting by '\(keyPath)' (\(type.swiftType)): SortDescriptor needs a Comparable value",
                offset: nil, instead: "fetch, then sort in Swift")
        }
        return "SortDescriptor(\\\(model.swiftName)\(text)\(ascending ? "" : ", order: .reverse"))"
    }

    /// `distinct(by:)` as a filter after the fetch: the set of seen keys and the filter's body.
    private func distinct(_ context: inout EmitContext) throws(Refusal) -> (String, String) {
        var keys: [String] = []
        var types: [String] = []
        for key in distinctKeys {
            guard let (text, shape) = resolveScalar(key), case .value(let type) = shape else {
                throw Refusal(
                    message: "distinct by '\(key)', which is not a value reached through to-one links", offset: nil,
                    instead: "deduplicate in Swift by hand")
            }
            let optionalChain = text.contains("?.")
            keys.append("$0\(text)")
            types.append(type.swiftType + (type.isOptional || optionalChain ? "?" : ""))
        }
        let seen = context.name("seen")
        if keys.count == 1, let key = keys.first, let type = types.first {
            return ("\(seen).insert(\(key)).inserted", "var \(seen) = Set<\(type)>()")
        }
        let list = keys.map { "AnyHashable(\($0))" }.joined(separator: ", ")
        return ("\(seen).insert([\(list)]).inserted", "var \(seen) = Set<[AnyHashable]>()")
    }
}
