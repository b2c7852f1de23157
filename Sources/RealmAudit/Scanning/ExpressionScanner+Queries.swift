import SwiftSourceSyntax

/// Query chains: `realm.objects(Dog.self).filter("age > %@", min).sorted(byKeyPath: "name").first` is one finding
/// that records the whole expression (text and byte range) and its steps, for the query conversion.
extension ExpressionScanner {
    /// Steps that continue a query chain after its first Realm step.
    private static let chainSteps: Set<String> = [
        "objects", "object", "filter", "where", "sorted", "distinct", "first", "last", "count", "isEmpty", "min", "max",
        "sum",
        "average",
    ]

    /// Reports the query chain whose first Realm step is the member after the `.` at `dot`, if it is one.
    /// - Returns: Whether a chain was reported (otherwise the member is a look-alike, such as an array's `filter`).
    mutating func scanQueryChain(dot: Int) -> Bool {
        let member = dot + 1
        let receiver = receiver(ofDot: dot)
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
        let start = navigator.chainStart(beforeDot: dot)
        finding.query = RealmAuditQuery(expression: context.text(fromToken: start, throughToken: last), steps: steps)
        var afterFirst = start + 1
        while navigator[afterFirst]?.isOperator("?") == true || navigator[afterFirst]?.isOperator("!") == true {
            afterFirst += 1
        }
        if let first = navigator[start], first.kind == .identifier, navigator.isPunctuation(afterFirst, ".") {
            finding.query?.elementClass = kinds.elementClass(of: first.text)
        }
        add(finding)
        return true
    }

    /// Whether the step at `name` filters or sorts with a Swift closure (`filter { }`, `sorted(by: { })`): that runs
    /// on the results in Swift, so the query ends before it.
    private func isSwiftClosureStep(_ name: Int) -> Bool {
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
        case "filter" where isCall && !excluded:
            if first?.kind == .stringLiteral || first?.isIdentifier("NSPredicate") == true { return (.filter, shape) }
            return known && first?.isPunctuation("{") != true ? (.filter, receiver.inference) : nil
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
