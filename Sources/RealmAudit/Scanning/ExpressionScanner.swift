import SwiftSourceSyntax

/// Walks every token of a Realm file once, recognising Realm calls, types and attributes by their shape: the
/// receiver (from declarations, or its name, said in the finding), the call's labels, trailing closures, and the
/// closures it is inside (`DispatchQueue…async { }`, `write { }`).
struct ExpressionScanner {
    let context: ScanContext
    let kinds: ReceiverKinds
    /// Whether the file imports Realm (or sees its re-export). When not, it reaches Realm only through its module's
    /// declarations: only members of a receiver of a Realm type (declared in the module, or named like one) are
    /// Realm's, and Realm's type names and attributes in it are not.
    let realmVisible: Bool
    var findings: [RealmAuditFinding] = []
    /// Closures the walk is inside, with the index of their closing brace.
    private var regions: [(kind: RegionKind, close: Int)] = []
    /// Call parentheses the walk is inside: the index of the callee and of the closing parenthesis.
    private var calls: [(callee: Int, close: Int)] = []
    /// Query steps up to this index belong to a chain already reported.
    var queryChainEnd = -1
    /// For the code of a string interpolation: the closures the literal is in, and how many literals deep it is.
    private var outerRegions: [RegionKind] = []
    private var interpolationDepth = 0
    private static let interpolationDepthLimit = 8

    enum RegionKind { case dispatch, write, other }

    init(context: ScanContext, kinds: ReceiverKinds, realmVisible: Bool = true) {
        self.context = context
        self.kinds = kinds
        self.realmVisible = realmVisible
    }

    var navigator: TokenNavigator { context.navigator }
    var isInDispatchClosure: Bool { regions.contains { $0.kind == .dispatch } || outerRegions.contains(.dispatch) }
    var isInWriteClosure: Bool { regions.contains { $0.kind == .write } || outerRegions.contains(.write) }
    /// The callee of the innermost call whose parentheses hold the current token.
    var enclosingCallee: Token? { calls.last.flatMap { navigator[$0.callee] } }

    mutating func scan() {
        let tokens = navigator.tokens
        var index = 0
        while index < tokens.count {
            while let last = regions.last, last.close < index { regions.removeLast() }
            while let last = calls.last, last.close < index { calls.removeLast() }
            let token = tokens[index]
            switch token.kind {
            case .punctuation where token.text == "{":
                regions.append((regionKind(ofBraceAt: index), navigator.partner(of: index) ?? tokens.count))
            case .punctuation where token.text == "(":
                calls.append((index - 1, navigator.partner(of: index) ?? tokens.count))
            case .punctuation where token.text == "@" && realmVisible:
                scanAttribute(at: index)
            case .punctuation where token.text == ".":
                if realmVisible || reachesRealm(receiver(ofDot: index)) { scanMember(dot: index) }
            case .operator where token.text == "\\" && realmVisible:
                scanKeyPath(at: index)
            case .identifier where realmVisible:
                scanIdentifier(at: index)
            case .stringLiteral where token.text.contains("("):
                scanInterpolations(at: index)
            default:
                break
            }
            index += 1
        }
    }

    mutating func add(_ finding: RealmAuditFinding) { findings.append(finding) }

    /// Whether a file that does not see Realm's names reaches Realm through this receiver: a value of a Realm type
    /// (declared in its module, or named like one) or a model object.
    private func reachesRealm(_ receiver: Receiver) -> Bool {
        receiver.kind.isRealmValue || receiver.kind == .modelObject
    }

    /// Realm calls in the interpolations of the string literal at `index` (`"\(realm.objects(A.self).count)"`): each
    /// is lexed and scanned as code, inside the closures the literal is in.
    private mutating func scanInterpolations(at index: Int) {
        guard let literal = navigator[index], interpolationDepth < Self.interpolationDepthLimit else { return }
        let bytes = Array(literal.text.utf8)
        for segment in StringInterpolations.segments(of: bytes) {
            let before = bytes[..<segment.lowerBound]
            let newlines = before.count { $0 == UInt8(ascii: "\n") }
            let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }
            let column = lineStart.map { segment.lowerBound - $0 + 1 } ?? literal.column + segment.lowerBound
            let lexed = Lexer.tokenize(String(decoding: bytes[segment], as: UTF8.self))
            let tokens = lexed.tokens.map { token in
                var shifted = token
                shifted.start += literal.start + segment.lowerBound
                shifted.end += literal.start + segment.lowerBound
                if token.line == 1 { shifted.column += column - 1 }
                shifted.line += literal.line - 1 + newlines
                return shifted
            }
            let inner = ScanContext(
                path: context.path, lexer: context.lexer, navigator: TokenNavigator(tokens: tokens),
                types: context.types)
            var nested = ExpressionScanner(context: inner, kinds: kinds, realmVisible: realmVisible)
            nested.outerRegions = outerRegions + regions.map(\.kind)
            nested.interpolationDepth = interpolationDepth + 1
            nested.scan()
            findings += nested.findings
        }
    }

    mutating func add(_ api: RealmAPI, at index: Int, inference: String? = nil, effort: RealmAuditEffort? = nil) {
        findings.append(context.finding(api, at: index, inference: inference, effort: effort))
    }

    /// The closure opened by the `{` at `brace`: a `DispatchQueue` `async` closure, a `write` closure, or other.
    private func regionKind(ofBraceAt brace: Int) -> RegionKind {
        var callee: Int?
        if let before = navigator[brace - 1] {
            if before.kind == .identifier {
                callee = brace - 1
            } else if before.isPunctuation(")"), let open = navigator.partner(of: brace - 1) {
                callee = open - 1
            } else if before.isPunctuation("(") || before.isPunctuation(":") || before.isPunctuation(",") {
                callee = calls.last?.callee
            }
        }
        guard let callee, let name = navigator[callee], navigator.isPunctuation(callee - 1, ".") else { return .other }
        switch name.text {
        case "async", "asyncAfter":
            return isDispatchQueue(chainEndingAt: callee - 1) ? .dispatch : .other
        case "write":
            return receiver(ofDot: callee - 1).kind == .realm || receiver(ofDot: callee - 1).kind == .unknown
                ? .write : .other
        default:
            return .other
        }
    }

    /// Whether the chain before the `.` at `dot` is a background dispatch queue (`DispatchQueue.global(qos:)`,
    /// `DispatchQueue(label:)`, or a name declared or spelled as a queue); `DispatchQueue.main` is not.
    private func isDispatchQueue(chainEndingAt dot: Int) -> Bool {
        let start = navigator.chainStart(beforeDot: dot)
        if let queue = (start..<dot).first(where: { navigator.isIdentifier($0, "DispatchQueue") }) {
            return !(navigator.isPunctuation(queue + 1, ".") && navigator.isIdentifier(queue + 2, "main"))
        }
        return receiver(ofDot: dot).kind == .dispatchQueue
    }

    /// What the receiver of the member after the `.` at `dot` is.
    func receiver(ofDot dot: Int) -> Receiver { receiver(endingAt: dot - 1, depth: 0) }

    private static let receiverDepthLimit = 32

    /// What the expression ending at the token at `end` is (`depth`: how many expressions deep the question is).
    private func receiver(endingAt end: Int, depth: Int) -> Receiver {
        guard depth < Self.receiverDepthLimit, let before = navigator[end] else { return Receiver(kind: .unknown) }
        if before.kind == .identifier {
            if before.text == "self" || before.text == "Self" { return Receiver(kind: .other) }
            if before.text == "$0", let found = elementReceiver(closureElement(around: end, depth: depth)) {
                return found
            }
            let viaSelf = navigator.isPunctuation(end - 1, ".") && navigator.isIdentifier(end - 2, "self")
            // `item.relations`: a member of another value, typed by that value's declared type when known.
            let isMemberOfAnotherValue = navigator.isPunctuation(end - 1, ".") && !viaSelf
            if isMemberOfAnotherValue, let member = declaredType(ofExpressionEndingAt: end), member.kind != .unknown {
                return Receiver(kind: member.kind, element: member.element)
            }
            // `{ session in session.run(…) }`: a closure's parameter, typed by the function it is passed to.
            if !isMemberOfAnotherValue, !viaSelf, let parameter = closureParameterType(at: end),
                parameter.kind != .unknown
            {
                return Receiver(kind: parameter.kind, element: parameter.element)
            }
            // `dogs.map { dog in … }`: the named parameter of an element closure, as `$0` above.
            if !isMemberOfAnotherValue, !viaSelf,
                let parameter = kinds.closureParameter(before.text, at: before.start), parameter.position == 0,
                let found = elementReceiver(closureElement(ofClosureAt: parameter.brace, depth: depth))
            {
                return found
            }
            if !isMemberOfAnotherValue, let binding = kinds.binding(of: before.text, at: before.start),
                binding.end < end, let bound = boundReceiver(binding, depth: depth)
            {
                return bound
            }
            let found = kinds.receiver(named: before.text, at: before.start, viaSelf: viaSelf)
            // A local of the same name that is not Realm's (a parameter `relations: [String: Any]`) says nothing
            // about a member of another value.
            if isMemberOfAnotherValue, [.swiftCollection, .other].contains(found.kind) {
                return Receiver(kind: .unknown)
            }
            // `fetchResults(ofType: File.self) { lazyCollection in lazyCollection.filter("id == %@", id) }` with
            // `fetchResults` another package's: recognised by the call's shape.
            if found.kind == .unknown, !isMemberOfAnotherValue, !viaSelf, let shaped = shapedQueryParameter(at: end) {
                return shaped
            }
            return found
        }
        if before.isOperator("?") || before.isOperator("!") { return receiver(endingAt: end - 1, depth: depth + 1) }
        if before.isPunctuation(")") || before.isPunctuation("}"), let open = navigator.partner(of: end),
            let callee = navigator[open - 1], callee.kind == .identifier
        {
            // Without Realm's names, `Realm()` is another type's initializer.
            if callee.text == "Realm" && realmVisible { return Receiver(kind: .realm) }
            if ["freeze", "thaw"].contains(callee.text), navigator.isPunctuation(open - 2, ".") {
                return Receiver(kind: .realmCollection)
            }
            // The result of a query step is a Realm collection, unless the chain starts with a call on a type:
            // Realm has no static query steps (`Entity.filter(Column("a") == 1).filter(…)` is another library's).
            // A Swift `filter { }` or `sorted(by: { })` on a query gives an array.
            if ["filter", "sorted"].contains(callee.text), navigator.isPunctuation(open - 2, "."),
                isSwiftClosureStep(open - 1)
            {
                return Receiver(kind: .swiftCollection, element: receiver(endingAt: open - 3, depth: depth + 1).element)
            }
            if Self.querySteps.contains(callee.text), navigator.isPunctuation(open - 2, ".") {
                let queried = receiver(endingAt: open - 3, depth: depth + 1)
                // Without Realm's names, only a step on a Realm value gives a Realm collection.
                let isRealms = realmVisible ? !chainStartsAtAType(dot: open - 2) : reachesRealm(queried)
                guard isRealms else { return Receiver(kind: .unknown) }
                // `objects(Dog.self)` says its class; a later step keeps its receiver's.
                var element = queried.element
                if callee.text == "objects" {
                    let isType = navigator.isPunctuation(open + 2, ".") && navigator.isIdentifier(open + 3, "self")
                    element = isType ? navigator[open + 1]?.text : nil
                }
                return Receiver(kind: .realmCollection, element: element)
            }
            // A lookup by type of a model (`fetchObject(ofType: File.self, forPrimaryKey: id)`, the app's generic
            // wrapper of Realm's) gives that model.
            if navigator.labels(ofCallAt: open).first == "ofType", let model = navigator[open + 3],
                navigator.isPunctuation(open + 4, "."), navigator.isIdentifier(open + 5, "self"),
                kinds.modelClasses.contains(model.text)
            {
                return Receiver(kind: .modelObject)
            }
            // A call whose declared result says: `Current.realm()`, `makeRealm()`.
            if let result = declaredType(ofExpressionEndingAt: end), result.kind != .unknown {
                return Receiver(kind: result.kind, element: result.element)
            }
        }
        return Receiver(kind: .unknown)
    }

    private static let querySteps: Set<String> = ["objects", "filter", "where", "sorted", "distinct"]

    /// What a name bound without a type is, from the expression that binds it. A local initialised by a call into
    /// the module (`let file = try await manager.rename(…)`), or by a query that only its receiver says is Realm's:
    /// only a Realm value, a model or an array of elements says more than the name does. A tuple pattern's name
    /// (`let (item, file) = try store.perform(…)`): its element of the declared tuple. A loop's variable
    /// (`for item in items`): an element of the sequence, by its declared type or, failing that, its receiver's.
    private func boundReceiver(_ binding: Binding, depth: Int) -> Receiver? {
        let typed: NameType?
        switch binding.form {
        case .value:
            let initialised = receiver(endingAt: binding.end, depth: depth + 1)
            let saysMore =
                initialised.kind.isRealmValue || initialised.kind == .modelObject
                || (initialised.kind == .swiftCollection && initialised.element != nil)
            return saysMore ? initialised : nil
        case .tupleElement(let position):
            typed = declaredType(ofExpressionEndingAt: binding.end)?.tuple.flatMap {
                $0.indices.contains(position) ? $0[position] : nil
            }
        case .element:
            let element =
                declaredType(ofExpressionEndingAt: binding.end)?.element
                ?? receiver(endingAt: binding.end, depth: depth + 1).element
            typed = element.map(kinds.elementType(named:))
        }
        guard let typed, typed.kind != .unknown else { return nil }
        return Receiver(kind: typed.kind, element: typed.element)
    }

    /// An element of a collection, when the element is a model or a notification token.
    private func elementReceiver(_ found: (element: String, method: String)?) -> Receiver? {
        guard let (element, method) = found else { return nil }
        if ["NotificationToken", "RLMNotificationToken"].contains(element) {
            return Receiver(kind: .notificationToken, inference: "an element of [\(element)] in its \(method)")
        }
        return kinds.modelClasses.contains(element) ? Receiver(kind: .modelObject) : nil
    }

    /// The declared element type of `items` when the token at `index` is inside the closure of
    /// `items.forEach { … }` (or `forEach({ … })`, `map`, `filter`… (`ExpressionScanner.takesElements`)), and that
    /// method.
    private func closureElement(around index: Int, depth: Int) -> (element: String, method: String)? {
        var nesting = 0
        var cursor = index - 1
        while cursor >= 0, index - cursor < 4_000, let token = navigator[cursor] {
            if token.isPunctuation("}") { nesting += 1 }
            if token.isPunctuation("{") {
                if nesting == 0 { break }
                nesting -= 1
            }
            cursor -= 1
        }
        guard cursor >= 0, navigator.isPunctuation(cursor, "{") else { return nil }
        return closureElement(ofClosureAt: cursor, depth: depth)
    }

    /// The declared element type of `items` when the closure opened at `brace` is the trailing or only argument of
    /// one of its element methods, and that method.
    private func closureElement(ofClosureAt brace: Int, depth: Int) -> (element: String, method: String)? {
        var call = brace - 1
        if navigator.isPunctuation(call, "(") { call -= 1 }
        guard let method = navigator[call], Self.takesElements(method.text, position: 0),
            navigator.isPunctuation(call - 1, "."),
            let element = receiver(endingAt: call - 2, depth: depth + 1).element
        else { return nil }
        return (element, method.text)
    }

    /// Whether the chain of query-looking calls before the `.` at `dot` starts with a call on a type name
    /// (`Entity.filter(…).filter(…)`).
    private func chainStartsAtAType(dot start: Int) -> Bool {
        var dot = start
        for _ in 0..<64 {
            guard let before = navigator[dot - 1] else { return false }
            if before.isPunctuation(")"), let open = navigator.partner(of: dot - 1), let callee = navigator[open - 1],
                Self.querySteps.contains(callee.text), navigator.isPunctuation(open - 2, ".")
            {
                dot = open - 2
                continue
            }
            return before.kind == .identifier && before.text.first?.isUppercase == true
                && !navigator.isPunctuation(dot - 2, ".")
        }
        return false
    }

    private static let attributes: [String: RealmAPI] = [
        "ObservedResults": .observedResults, "ObservedSectionedResults": .observedSectionedResults,
        "ObservedRealmObject": .observedRealmObject, "StateRealmObject": .stateRealmObject,
        "ThreadSafe": .threadSafe, "AutoOpen": .autoOpen, "AsyncOpen": .asyncOpenWrapper,
    ]

    private mutating func scanAttribute(at index: Int) {
        guard let name = navigator[index + 1], name.kind == .identifier else { return }
        if let api = Self.attributes[name.text] { add(api, at: index) }
    }

    /// `\.realm` and `\.realmConfiguration`: RealmSwift's SwiftUI environment values.
    private mutating func scanKeyPath(at index: Int) {
        guard navigator.isPunctuation(index + 1, "."), let name = navigator[index + 2] else { return }
        if name.text == "realmConfiguration" {
            add(.realmConfigurationEnvironment, at: index)
        } else if name.text == "realm" {
            add(.realmEnvironment, at: index)
        }
    }
}
