import ObjectiveCSourceSyntax

/// Finds the uses of Realm in one Objective-C file (`.m`, `.mm`, `.h`) from its tokens: message sends to Realm
/// values and classes, configuration properties, Realm types in declarations, model classes and their properties,
/// and Realms opened inside background `dispatch_async` blocks. Receivers are typed by the file's declarations (and
/// those of the headers it imports), class names and the results of Realm's own messages; otherwise by the
/// selector's shape, which the finding says. Never fails: unreadable source becomes diagnostics.
struct ObjectiveCRealmScanner {
    /// What every audited Objective-C file shares: the model classes and the app's other classes.
    struct Context: Sendable {
        /// `RLMObject` / `RLMEmbeddedObject` / `RLMAsymmetricObject` subclasses (direct or not), by name.
        var models: Set<String> = []
        /// Every other class the audited files declare (their messages are the app's, not Realm's).
        var appClasses: Set<String> = []
        /// What the methods of every audited file return, by their first keyword.
        var methodReturns = ObjectiveCDeclaredTypes()
    }

    /// The note every Objective-C finding carries.
    static let facadeNote =
        "Objective-C caller: SwiftData has no Objective-C API, so this code calls a Swift facade (an @objc class "
        + "that does the ModelContext work) instead"

    let path: String
    let tokens: [ObjectiveCToken]
    let brackets: ObjectiveCBrackets
    let map: ObjectiveCSourceMap
    let context: Context
    let declared: ObjectiveCDeclaredTypes
    private(set) var findings: [RealmAuditFinding] = []
    /// Message evaluations by their `[` token: the value, the chain it holds, whether an outer step continued it.
    private var evaluated: [Int: (value: ObjectiveCRealmValue, chain: ObjectiveCQueryChain?)] = [:]
    private var continued: Set<Int> = []
    /// How many receivers deep the evaluation is.
    private var nesting = 0
    private static let maximumNesting = 64
    private var spelling: ObjectiveCSwiftSpelling
    /// The blocks handed to queues and threads (`dispatch_async`, `addOperationWithBlock:`).
    private let queueBlocks: ObjectiveCQueueBlocks
    /// `@implementation … @end` token ranges, with their class and line.
    private let implementations: [(range: Range<Int>, name: String, line: Int)]

    init(path: String, text: String, tokens: [ObjectiveCToken], context: Context, declared: ObjectiveCDeclaredTypes) {
        self.path = path
        self.tokens = tokens
        let brackets = ObjectiveCBrackets(tokens)
        self.brackets = brackets
        self.map = ObjectiveCSourceMap(text: text, tokens: tokens)
        self.context = context
        self.declared = declared
        self.spelling = ObjectiveCSwiftSpelling(brackets: brackets)
        self.queueBlocks = ObjectiveCQueueBlocks(brackets)
        self.implementations = Self.implementations(in: tokens)
    }

    /// Scans every message send, property access and declaration of the file.
    mutating func scan() {
        for index in tokens.indices where tokens[index].isPunctuation("[") {
            guard let message = ObjectiveCMessage.read(at: index, in: brackets) else { continue }
            _ = evaluate(message)
        }
        for index in tokens.indices where tokens[index].isPunctuation(".") { scanDot(index) }
        for (open, result) in evaluated.sorted(by: { $0.key < $1.key }) where !continued.contains(open) {
            guard let chain = result.chain else { continue }
            var finding = self.finding(
                chain.selector.api, name: chain.selector.name, at: chain.firstStep, inference: chain.inference,
                effort: chain.effort)
            finding.query = RealmAuditQuery(
                expression: map.range(fromToken: chain.start, throughToken: chain.end), steps: chain.steps,
                elementClass: chain.elementClass, swiftEquivalent: chain.swift)
            findings.append(finding)
        }
        scanDeclaredTypes()
    }

    // MARK: Values

    /// The value of the expression in `range`.
    private mutating func value(of range: Range<Int>) -> ObjectiveCRealmValue {
        guard !range.isEmpty, nesting < Self.maximumNesting else { return .unknown }
        nesting += 1
        defer { nesting -= 1 }
        var start = range.lowerBound
        // A cast: `(RLMRealm *)value`.
        if tokens[start].isPunctuation("("), let close = ObjectiveCMessage.matching(start, in: brackets),
            close + 1 < range.upperBound
        {
            if close > start + 1, tokens[start + 1].kind == .identifier, tokens[close - 1].isPunctuation("*") {
                return .declared(tokens[start + 1].text, element: nil, models: context.models)
            }
            start = close + 1
        } else if tokens[start].isPunctuation("("), let close = ObjectiveCMessage.matching(start, in: brackets),
            close + 1 == range.upperBound
        {
            return value(of: (start + 1)..<close)
        }
        let last = range.upperBound - 1
        if tokens[last].isPunctuation("]"), let open = openBracket(of: last), open >= start {
            if let message = ObjectiveCMessage.read(at: open, in: brackets) { return evaluate(message) }
            return .unknown
        }
        guard tokens[last].kind == .identifier else { return .unknown }
        let name = tokens[last].text
        if last > start, tokens[last - 1].isPunctuation(".") {
            // `RLMRealm.defaultRealm`, `[RLMRealmConfiguration defaultConfiguration].fileURL`, `self.realm`.
            let owner = value(of: start..<(last - 1))
            if let receiver = ObjectiveCRealmSelector.receiver(of: owner),
                let selector = ObjectiveCRealmSelector.lookup(name, on: receiver, elementClass: nil)
            {
                return selector.result
            }
            if owner == .realm, name == "configuration" { return .configuration }
            if case .results(let element) = owner, ["firstObject", "lastObject"].contains(name) {
                return element.map { .model($0) } ?? .unknown
            }
        } else if let known = ObjectiveCRealmValue.className(name, models: context.models) {
            return known
        }
        return variable(name)
    }

    /// A name's value from its declaration.
    private func variable(_ name: String) -> ObjectiveCRealmValue {
        guard declared.isDeclared(name) else {
            return context.appClasses.contains(name) ? .notRealm : .unknown
        }
        guard let type = declared.type(of: name) else { return .unknown }
        return .declared(type.type, element: type.element, models: context.models)
    }

    private func openBracket(of close: Int) -> Int? { brackets.open(of: close) }

    /// The text naming a receiver (its last name): `realm` for `self.realm`, `_realm`, `[store realm]`.
    private func receiverName(_ range: Range<Int>) -> String? {
        guard let last = range.last else { return nil }
        if tokens[last].isPunctuation("]"), last > 0, tokens[last - 1].kind == .identifier {
            return tokens[last - 1].text
        }
        return tokens[last].kind == .identifier ? tokens[last].text : nil
    }

    // MARK: Messages

    /// Evaluates one message (once): its finding, or the query chain it starts or continues, and its value.
    private mutating func evaluate(_ message: ObjectiveCMessage) -> ObjectiveCRealmValue {
        if let done = evaluated[message.open] { return done.value }
        evaluated[message.open] = (.unknown, nil)
        // Receivers nested deeper than real code nests them are not typed (no recursion with the input).
        guard nesting < Self.maximumNesting else { return .unknown }
        nesting += 1
        defer { nesting -= 1 }
        let receiverValue = value(of: message.receiver)
        let selector = message.selector
        var inference: String?
        var lookedUp: ObjectiveCRealmSelector?
        var elementClass: String?
        var receiverClass: String?
        if case .results(let element) = receiverValue { elementClass = element }
        if case .modelClass(let name) = receiverValue { elementClass = name }
        if let receiver = ObjectiveCRealmSelector.receiver(of: receiverValue) {
            lookedUp = ObjectiveCRealmSelector.lookup(selector, on: receiver, elementClass: elementClass)
        } else if receiverValue == .unknown {
            let name = receiverName(message.receiver)
            if let name, message.receiver.count == 1, name.first?.isUppercase == true,
                let found = ObjectiveCRealmSelector.lookup(selector, on: .modelClass, elementClass: name),
                ObjectiveCRealmSelector.realmOnly[selector] != nil || selector == "allObjects"
            {
                // A class the Objective-C files do not declare (a Swift model, one of a framework): its class
                // methods are a model's when only Realm has them.
                lookedUp = found
                elementClass = name
                receiverClass = name
                inference = "receiver inferred from the selector only (\(selector) on the class \(name))"
            } else if let receiver = ObjectiveCRealmSelector.realmOnly[selector] {
                lookedUp = ObjectiveCRealmSelector.lookup(selector, on: receiver, elementClass: nil)
                inference = "receiver inferred from the selector only (\(selector))"
            } else if let receiver = ObjectiveCRealmSelector.realmByName[selector], let name,
                name.lowercased().hasSuffix("realm")
            {
                lookedUp = ObjectiveCRealmSelector.lookup(selector, on: receiver, elementClass: nil)
                inference = "receiver inferred from its name '\(name)'"
            } else if let name, name.lowercased().contains("config"),
                let property = ObjectiveCRealmSelector.configurationProperty(selector)
            {
                lookedUp = property
                inference = "receiver inferred from its name '\(name)'"
            }
        }
        guard let found = lookedUp else {
            let value = genericResult(of: message, receiver: receiverValue)
            evaluated[message.open] = (value, nil)
            return value
        }
        if found.isQueryStep {
            let chain = extendChain(
                message, found, receiver: receiverClass.map { .modelClass($0) } ?? receiverValue,
                elementClass: elementClass, inference: inference)
            evaluated[message.open] = (found.result, chain)
            if chain == nil { report(found, at: message.selectorToken, inference: inference) }
            return found.result
        }
        report(found, at: message.selectorToken, inference: inference)
        evaluated[message.open] = (found.result, nil)
        return found.result
    }

    /// The value of a message that is not Realm's: `alloc`/`new`/`init…` keep their class, a method the file
    /// declares gives its declared return type.
    private func genericResult(of message: ObjectiveCMessage, receiver: ObjectiveCRealmValue) -> ObjectiveCRealmValue {
        let selector = message.selector
        switch receiver {
        case .modelClass(let name) where selector == "alloc" || selector == "new": return .model(name)
        case .configurationClass where selector == "alloc" || selector == "new": return .configuration
        case .model, .configuration, .realm, .results:
            if selector.hasPrefix("init") || selector == "copy" || selector == "autorelease" { return receiver }
        default: break
        }
        guard let keyword = message.parts.first?.keyword,
            let type = declared.type(of: keyword) ?? context.methodReturns.type(of: keyword)
        else { return .unknown }
        // `+ (instancetype)sharedStore` of the app's own class gives the app's own value.
        if type.type == "instancetype", receiver == .notRealm { return .notRealm }
        return .declared(type.type, element: type.element, models: context.models)
    }

    /// The chain `message` starts or continues; `nil` when its step cannot be written in RealmSwift.
    private mutating func extendChain(
        _ message: ObjectiveCMessage, _ found: ObjectiveCRealmSelector, receiver: ObjectiveCRealmValue,
        elementClass: String?, inference: String?
    ) -> ObjectiveCQueryChain? {
        let arguments = message.parts.compactMap(\.argument)
        var modelClass: String?
        if case .modelClass(let name) = receiver { modelClass = name }
        let stepName = ObjectiveCRealmSelector.Name(api: found.api, name: found.name)
        // Continuing an inner chain: `[[Dog allObjects] objectsWhere:…]`.
        if let last = message.receiver.last, tokens[last].isPunctuation("]"), let open = openBracket(of: last),
            open == message.receiver.lowerBound,
            let inner = evaluated[open]?.chain,
            let (text, steps) = spelling.step(message.selector, arguments: arguments, modelClass: nil)
        {
            continued.insert(open)
            var chain = inner
            chain.start = message.open
            chain.end = message.close
            chain.swift += text
            chain.steps += steps
            chain.effort = max(chain.effort, found.effort ?? found.api.effort)
            return chain
        }
        guard let (text, steps) = spelling.step(message.selector, arguments: arguments, modelClass: modelClass) else {
            return nil
        }
        var swift = text
        var variableClass: String?
        if text.hasPrefix(".") {
            // A chain from a variable: `[self.dogs objectsWhere:…]`.
            let receiverText = receiverName(message.receiver) ?? "results"
            swift = receiverText + text
            variableClass = elementClass
        }
        return ObjectiveCQueryChain(
            selector: stepName, firstStep: message.selectorToken, start: message.open,
            end: message.close, steps: steps, swift: swift, effort: found.effort ?? found.api.effort,
            elementClass: variableClass, inference: inference)
    }

    // MARK: Property accesses

    /// `config.schemaVersion = 3`, `RLMRealm.defaultRealm`, a chain's `.firstObject` / `.count`.
    private mutating func scanDot(_ dot: Int) {
        guard dot > 0, dot + 1 < tokens.count, tokens[dot + 1].kind == .identifier else { return }
        let property = tokens[dot + 1].text
        let left = tokens[dot - 1]
        var leftValue = ObjectiveCRealmValue.unknown
        var leftName: String?
        if left.isPunctuation("]"), let open = openBracket(of: dot - 1) {
            // A chain's last step through a property: `[Dog allObjects].count`.
            if let chain = evaluated[open]?.chain, !continued.contains(open),
                let (text, steps) = spelling.step(property, arguments: [], modelClass: nil)
            {
                var extended = chain
                extended.end = dot + 1
                extended.swift += text
                extended.steps += steps
                evaluated[open]?.chain = extended
                return
            }
            leftValue = evaluated[open]?.value ?? .unknown
        } else if left.kind == .identifier {
            leftName = left.text
            leftValue =
                dot >= 2 && tokens[dot - 2].isPunctuation(".")
                ? variable(left.text) : value(of: (dot - 1)..<dot)
        } else {
            return
        }
        var inference: String?
        let found: ObjectiveCRealmSelector?
        switch leftValue {
        case .configuration: found = ObjectiveCRealmSelector.configurationProperty(property)
        case .realmClass where property == "defaultRealm":
            found = ObjectiveCRealmSelector.lookup(property, on: .realmClass, elementClass: nil)
        case .configurationClass where property == "defaultConfiguration":
            found = ObjectiveCRealmSelector.lookup(property, on: .configurationClass, elementClass: nil)
        case .unknown:
            found = ObjectiveCRealmSelector.configurationProperty(property)
            guard let leftName, leftName.lowercased().contains("config") || Self.configurationOnly.contains(property)
            else { return }
            inference =
                leftName.lowercased().contains("config")
                ? "receiver inferred from its name '\(leftName)'"
                : "receiver inferred from the property only (\(property))"
        default: return
        }
        guard let found else { return }
        report(found, at: dot + 1, inference: inference)
    }

    /// Configuration properties no other common type has.
    private static let configurationOnly: Set<String> = [
        "migrationBlock", "deleteRealmIfMigrationNeeded", "objectClasses",
    ]

    // MARK: Declarations

    private static let collectionTypes: Set<String> = [
        "RLMResults", "RLMSectionedResults", "RLMArray", "RLMSet", "RLMDictionary", "RLMLinkingObjects",
    ]

    /// Lines whose Realm collection types are a model's properties (reported as such, not again as types).
    var modelPropertyLines: Set<Int> = []

    /// Realm types named in declarations, casts and class expressions: `RLMResults<Dog *> *dogs`,
    /// `(RLMRealmConfiguration *)configuration`, `RLMArray *urls` outside a model, `RLMNotificationToken`,
    /// `[RLMThreadSafeReference class]`, `RLMMigrationBlock`. A type on a line that has a Realm call
    /// (`RLMResults *dogs = [Dog allObjects]`, a notification block's `RLMResults *results`) is that call's.
    private mutating func scanDeclaredTypes() {
        let calls = Set(findings.map(\.line))
        for index in tokens.indices where tokens[index].kind == .identifier && !calls.contains(tokens[index].line) {
            let name = tokens[index].text
            guard name.hasPrefix("RLM"), index + 1 < tokens.count else { continue }
            if index > 0, tokens[index - 1].kind == .atKeyword, tokens[index - 1].text == "@class" { continue }
            let next = tokens[index + 1]
            let isType = next.isPunctuation("*") || next.isPunctuation("<")
            switch name {
            case _ where isType && Self.collectionTypes.contains(name):
                // A model's collection property is its model finding.
                if name.hasPrefix("RLMResults") || name.hasPrefix("RLMSectioned")
                    || !modelPropertyLines.contains(tokens[index].line)
                {
                    report(.resultsType, name: name, at: index)
                }
            case "RLMRealmConfiguration" where isType:
                report(.configuration, name: name, at: index)
            case "RLMNotificationToken" where isType:
                report(.notificationToken, name: name, at: index)
            case "RLMThreadSafeReference":
                // A message to the class other than `class` is its selector's finding.
                let isMessage = index > 0 && tokens[index - 1].isPunctuation("[") && next.kind == .identifier
                if isMessage && next.text != "class" { continue }
                report(.threadSafeReference, name: name, at: index)
            case "RLMMigrationBlock":
                report(.migrationBlock, name: name, at: index)
            default: continue
            }
        }
    }

    // MARK: Findings

    private mutating func report(_ found: ObjectiveCRealmSelector, at index: Int, inference: String?) {
        findings.append(finding(found.api, name: found.name, at: index, inference: inference, effort: found.effort))
        if [.realmInit, .realmConfigurationInit, .realmFileURLInit].contains(found.api),
            let call = queueBlocks.backgroundCall(around: index)
        {
            findings.append(
                finding(.realmInDispatchAsync, name: "RLMRealm inside \(call)", at: index, inference: inference))
        }
    }

    private mutating func report(_ api: RealmAPI, name: String, at index: Int) {
        findings.append(finding(api, name: name, at: index, inference: nil))
    }

    /// A finding of `api`, named as Objective-C names it, at token `index`.
    func finding(_ api: RealmAPI, name: String, at index: Int, inference: String?, effort: RealmAuditEffort? = nil)
        -> RealmAuditFinding
    {
        let line = tokens.indices.contains(index) ? tokens[index].line : 1
        let enclosing = implementations.last { $0.range.contains(index) }
        // `realm models` carries the schema version and migration block of Swift configurations only: an
        // Objective-C configuration's are ported by hand.
        let carried = api.category == .schemaMigration
        return RealmAuditFinding(
            file: path, line: line, column: map.column(ofToken: index), category: api.category, api: name,
            sourceLine: map.lineText(line).trimmingWhitespace,
            equivalent: carried ? Self.uncarriedMigrationEquivalent : api.equivalent,
            effort: carried ? Self.uncarriedEffort(of: api) : effort ?? api.effort,
            convertedBy: carried ? .byHand : api.conversion,
            inference: inference, query: nil,
            enclosingType: enclosing.map {
                let range = map.range(
                    fromToken: $0.range.lowerBound, throughToken: max($0.range.upperBound - 1, $0.range.lowerBound))
                return RealmAuditEnclosingType(
                    kind: "class", name: $0.name, line: $0.line,
                    range: RealmAuditSourceRange(text: "", startOffset: range.startOffset, endOffset: range.endOffset))
            }, note: Self.facadeNote)
    }

    /// The equivalent of an Objective-C configuration's schema version, migration block and the migration API it
    /// calls.
    static let uncarriedMigrationEquivalent =
        "not carried: `carryover realm models` reads Swift configurations only; port the version and block to a "
        + "Swift Realm.Configuration (then carried into RealmSchemaUpgrade.swift) or write them into "
        + "RealmImporter.swift and RealmSchemaUpgrade.swift by hand; later SwiftData changes: a SchemaMigrationPlan"

    /// The effort of porting `api` of an Objective-C configuration by hand: a rename is one line, the version and
    /// the configuration's flag a decision, everything else in a block a design change.
    static func uncarriedEffort(of api: RealmAPI) -> RealmAuditEffort {
        switch api {
        case .renameProperty: .trivial
        case .deleteRealmIfMigrationNeeded, .schemaVersion: .moderate
        default: .hard
        }
    }

    // MARK: File structure

    private static func implementations(in tokens: [ObjectiveCToken]) -> [(range: Range<Int>, name: String, line: Int)]
    {
        var result: [(range: Range<Int>, name: String, line: Int)] = []
        var open: (start: Int, name: String, line: Int)?
        for (index, token) in tokens.enumerated() where token.kind == .atKeyword {
            if token.text == "@implementation", index + 1 < tokens.count {
                open = (index, tokens[index + 1].text, token.line)
            } else if token.text == "@end", let current = open {
                result.append((current.start..<(index + 1), current.name, current.line))
                open = nil
            }
        }
        return result
    }
}
