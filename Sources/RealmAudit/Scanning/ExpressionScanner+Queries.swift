import SwiftSourceSyntax

/// Query chains: `realm.objects(Dog.self).filter("age > %@", min).sorted(byKeyPath: "name").first` is one finding
/// that records the whole expression (text and byte range) and its steps, for the query conversion.
extension ExpressionScanner {
    /// Steps that continue a query chain after its first Realm step.
    static let chainSteps: Set<String> = [
        "objects", "object", "filter", "where", "sorted", "distinct", "first", "last", "count", "isEmpty", "min", "max",
        "sum",
        "average",
    ]

    /// Reports the query chain whose first Realm step is the member after the `.` at `dot`, if it is one.
    /// - Returns: Whether a chain was reported (otherwise the member is a look-alike, such as an array's `filter`).
    mutating func scanQueryChain(dot: Int) -> Bool {
        scanQueryChain(member: dot + 1, receiver: receiver(ofDot: dot), start: navigator.chainStart(beforeDot: dot))
    }

    /// A query step with no receiver on `self`: `objects(Message.self)` inside `extension Realm`, `filter(…)`,
    /// `sorted(…)`, `where { }` or `distinct(by:)` inside an extension of a Realm collection (`extension Results`).
    mutating func scanImplicitQuery(at member: Int) -> Bool {
        guard member > queryChainEnd, let name = navigator[member]?.text, !navigator.isIdentifier(member - 1, "func"),
            navigator.isCallParenthesis(member + 1) || navigator.isPunctuation(member + 1, "{"),
            let type = context.enclosingType(ofOffset: navigator[member]?.start ?? 0), type.kind == .extension
        else { return false }
        let extended = type.name.hasPrefix("RealmSwift.") ? String(type.name.dropFirst(11)) : type.name
        let receiver: Receiver
        if extended == "Realm", name == "objects" || name == "object" {
            receiver = Receiver(kind: .realm)
        } else if Self.collectionExtensions.contains(extended),
            ["filter", "sorted", "where", "distinct"].contains(name)
        {
            receiver = Receiver(kind: .realmCollection)
        } else {
            return false
        }
        guard scanQueryChain(member: member, receiver: receiver, start: member) else { return false }
        if let last = findings.indices.last, findings[last].query?.elementClass == nil,
            let type = navigator[member + 2], type.kind == .identifier, navigator.isPunctuation(member + 3, "."),
            navigator.isIdentifier(member + 4, "self")
        {
            findings[last].query?.elementClass = type.text
        }
        return true
    }

    private static let collectionExtensions: Set<String> = [
        "Results", "List", "LinkingObjects", "MutableSet", "AnyRealmCollection", "RealmCollection",
    ]

    private mutating func scanQueryChain(member: Int, receiver: Receiver, start: Int) -> Bool {
        guard let (api, inference) = queryStep(at: member, receiver: receiver) else { return false }
        var steps: [String] = []
        var effort = api.effort
        var index = member
        var last = member
        while let name = navigator[index], name.kind == .identifier, Self.chainSteps.contains(name.text) {
            let step = navigator.step(at: index)
            steps.append(step.text)
            if let stepAPI = Self.stepAPI(step.text) { effort = max(effort, stepAPI.effort) }
            last = step.next - 1
            guard navigator.isPunctuation(step.next, "."), let next = navigator[step.next + 1],
                Self.chainSteps.contains(next.text), !isSwiftClosureStep(step.next + 1)
            else { break }
            index = step.next + 1
        }
        queryChainEnd = last
        var finding = context.finding(api, at: member, inference: inference, effort: effort)
        let held = queried(from: start, to: member - 1)
        // A chain from a variable whose class only the module's declarations show (`let notes =
        // session.run(query: OpenNotes())`, declared to give `Results<Note>`): the class its typing found.
        var variable = member - 2
        while navigator[variable]?.isOperator("?") == true || navigator[variable]?.isOperator("!") == true {
            variable -= 1
        }
        let isVariable =
            variable == start && navigator[start]?.kind == .identifier && !navigator.isIdentifier(start, "self")
        finding.query = RealmAuditQuery(
            expression: context.text(fromToken: start, throughToken: last), steps: steps,
            elementClass: held.elementClass ?? (isVariable ? receiver.element : nil), listProperty: held.listProperty)
        add(finding)
        return true
    }

    /// What the receiver from `start` to the `.` at `dot` holds: the element class of a collection name
    /// (`dogs`, `self.results?`), or a model's list property (`item.relations` with `item: Item`, `self.tags`).
    private func queried(from start: Int, to dot: Int) -> (elementClass: String?, listProperty: String?) {
        var names: [Token] = []
        var index = start
        while index < dot, let token = navigator[index] {
            if token.kind == .identifier, names.count < 3 {
                names.append(token)
            } else if !(token.isPunctuation(".") || token.isOperator("?") || token.isOperator("!")) {
                // A call or subscript in the receiver: only its first name can say.
                return (names.count == 1 ? kinds.elementClass(of: names[0].text, at: names[0].start) : nil, nil)
            }
            index += 1
        }
        guard navigator.isPunctuation(dot, ".") else { return (nil, nil) }
        switch names.count {
        case 1:
            return (kinds.elementClass(of: names[0].text, at: names[0].start), nil)
        case 2 where names[0].text == "self":
            if let element = kinds.elementClass(of: names[1].text, at: names[1].start, viaSelf: true) {
                return (element, nil)
            }
            let owner = context.enclosingType(ofOffset: names[0].start)?.name.split(separator: ".").last
            return (nil, owner.map { "\($0).\(names[1].text)" })
        case 2 where names[0].text.first?.isLowercase == true:
            // The owner's type as the scanner reads it: a closure's parameter or a bound name hides a declaration of
            // its name around it (`let (item, file) = …` in a function taking `item: ItemResponse`).
            let owner = declaredType(ofExpressionEndingAt: start)?.typeName
            return (nil, owner.map { "\($0).\(names[1].text)" })
        case 2:
            let owner = kinds.typeName(of: names[0].text, at: names[0].start)
            return (nil, owner.map { "\($0).\(names[1].text)" })
        default:
            return (nil, nil)
        }
    }

    /// Whether the step at `name` filters or sorts with a Swift closure (`filter { }`, `sorted(by: { })`): that runs
    /// on the results in Swift, so the query ends before it.
    func isSwiftClosureStep(_ name: Int) -> Bool {
        guard let token = navigator[name], token.text == "filter" || token.text == "sorted" else { return false }
        if navigator.isPunctuation(name + 1, "{") { return true }
        guard navigator.isCallParenthesis(name + 1), let first = navigator.firstArgument(ofCallAt: name + 1) else {
            return false
        }
        return navigator.isPunctuation(first, "{")
    }

    private static func stepAPI(_ step: String) -> RealmAPI? {
        if step.hasPrefix("filter(") { return .filter }
        if step.hasPrefix("where(") { return .whereQuery }
        if step.hasPrefix("distinct(") { return .distinct }
        return nil
    }

    /// Whether the member at `member` is a Realm query step, which one, and how that was decided.
    private func queryStep(at member: Int, receiver: Receiver) -> (RealmAPI, String?)? {
        guard let name = navigator[member] else { return nil }
        let isCall = navigator.isCallParenthesis(member + 1)
        let labels = isCall ? navigator.labels(ofCallAt: member + 1) : []
        let first = isCall ? navigator.firstArgument(ofCallAt: member + 1).flatMap { navigator[$0] } : nil
        let known = receiver.kind == .realm || receiver.kind == .realmCollection
        let excluded = [.swiftCollection, .dispatchQueue, .configuration].contains(receiver.kind)
        let shape = known ? receiver.inference : "receiver type not known; recognised by the call shape"
        switch name.text {
        case "objects" where isCall && !excluded:
            guard known || mentionsSelfType(member + 1) else { return nil }
            return (.objects, known ? receiver.inference : shape)
        case "object" where isCall && labels.first == "ofType":
            return (.objectForPrimaryKey, shape)
        // Realm's `filter(_:)` takes no label: `filter(optionalPredicates:)` is an app's own method.
        case "filter" where isCall && !excluded && labels.first == "_":
            if first?.kind == .stringLiteral || first?.isIdentifier("NSPredicate") == true { return (.filter, shape) }
            // A format and its arguments (`filter(Self.byName, name, name)`): Swift's `filter` takes one closure.
            if Self.isFormatWithArguments(labels, first) { return (.filter, shape) }
            if isPredicateName(argumentOfCallAt: member + 1) {
                return (.filter, known ? receiver.inference : "receiver type not known; its argument is an NSPredicate")
            }
            // A closure or a key path (`filter(\\.isActive)`) makes it Swift's.
            let isSwifts = first?.isPunctuation("{") == true || first?.isOperator("\\") == true
            return known && !isSwifts ? (.filter, receiver.inference) : nil
        case "where" where (isCall || navigator.isPunctuation(member + 1, "{")) && !excluded:
            return (.whereQuery, shape)
        case "sorted" where isCall && !excluded:
            if labels.first == "byKeyPath" { return (.sortedByKeyPath, shape) }
            guard labels.first == "by", let first else { return nil }
            if first.isPunctuation("[") || labels.contains("ascending") { return (.sortedBy, shape) }
            return known && !first.isPunctuation("{") ? (.sortedBy, receiver.inference) : nil
        case "distinct" where isCall && labels.first == "by" && !excluded:
            return (.distinct, shape)
        default:
            return nil
        }
    }

    /// Whether a call's arguments are a format and its arguments: two or more, none labelled, the first no closure
    /// or key path.
    static func isFormatWithArguments(_ labels: [String], _ first: Token?) -> Bool {
        guard labels.count >= 2, labels.allSatisfy({ $0 == "_" }), let first else { return false }
        return !first.isPunctuation("{") && !first.isOperator("\\")
    }

    /// Whether the call at `open` has one unlabelled argument, a name declared as an `NSPredicate` (`filter(young)` with
    /// `let young = NSPredicate(format: …)`): a Swift `filter` takes a closure, never a predicate.
    func isPredicateName(argumentOfCallAt open: Int) -> Bool {
        guard let first = navigator.firstArgument(ofCallAt: open), first == open + 1, let name = navigator[first],
            name.kind == .identifier, let close = navigator.partner(of: open), first + 1 == close
        else { return false }
        return kinds.receiver(named: name.text, at: name.start).kind == .predicate
    }

    /// Whether the arguments of the call at `open` hold a `.self` (`objects(Dog.self)`).
    private func mentionsSelfType(_ open: Int) -> Bool {
        guard let close = navigator.partner(of: open) else { return false }
        var index = open + 1
        while index + 1 < close {
            if navigator.isPunctuation(index, "."), navigator.isIdentifier(index + 1, "self") { return true }
            index += 1
        }
        return false
    }
}
