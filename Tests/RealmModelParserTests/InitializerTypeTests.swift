import RealmModelParser
import RealmSchema
import SwiftDataCodegen
import Testing

/// Persisted properties typed only by their initializer, in the forms real apps write: through constants of other
/// files, global instances and their closure-typed members, enum cases and their raw values, Foundation members. A
/// property is never dropped and never given a guessed type: one whose type cannot be told is an error naming it.
@Suite struct InitializerTypeTests {
    static let support = """
        import Foundation

        enum Constants {
            public static let messageQuantityLimit = 500
            static let greeting: String = "hi"
            static let ratio = Constants.half
            static let half = 0.5
        }

        struct Environment {
            var date: () -> Date = { Date() }
            var uuid: () -> UUID
            var locale = "en"
            func now() -> Date { Date() }
        }

        var Current = Environment(uuid: { UUID() })
        let kDefaultName = "Anonymous"
        """

    static let models = """
        import RealmSwift

        enum SubscriptionType: String {
            case channel, group
        }

        @objc enum Level: Int, RealmEnum {
            case low = 1, high = 2
        }

        enum ProxyType: String {
            case Shadowsocks = "ss"
            case Socks5
        }

        class Conversation: Object {
            @Persisted public var remainingOldMessagesToFetch = Constants.messageQuantityLimit
            @Persisted var greeting = Constants.greeting
            @Persisted var ratio = Constants.ratio
            @Persisted var name = kDefaultName
            @Persisted var opened = Current.date()
            @Persisted var token = Current.uuid().uuidString
            @Persisted var locale = Current.locale
            @Persisted var checked = Current.now()
        }

        class Subscription: Object {
            @objc public dynamic var CreatedAt = Current.date()
            @objc dynamic var privateType = SubscriptionType.channel.rawValue
            @objc dynamic var typeRaw = ProxyType.Shadowsocks.rawValue
            @objc dynamic var createAt = Date().timeIntervalSince1970
            @objc dynamic var stamp = NSDate()
            @objc dynamic var key = NSUUID().uuidString
            @objc dynamic var level = Level.high
            @objc dynamic var levelRaw = Level.high.rawValue
            @objc dynamic var expires = Date.distantFuture
            @objc dynamic var length: NSTimeInterval = 0
            @objc dynamic var count: NSInteger = 0
            @objc dynamic var id = UUID().hashValue
        }
        """

    static func parse(_ files: [(String, String)]) -> RealmModelParser.Result {
        RealmModelParser.parse(files.map { .init(path: $0.0, text: $0.1) })
    }

    static func shape(_ property: ModelProperty?) -> String {
        guard let property else { return "missing" }
        return "\(property.type)\(property.isOptional ? "?" : "")"
            + (property.declaredSwiftType.map { " as \($0)" } ?? "")
            + (property.enumTypeName.map { " enum \($0)" } ?? "")
    }

    @Test func initializersAreTypedThroughWhatTheInputDeclares() throws {
        let result = Self.parse([("Support.swift", Self.support), ("Models.swift", Self.models)])
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics)")
        let conversation = try #require(result.schema[className: "Conversation"])
        let expected: [String: String] = [
            "remainingOldMessagesToFetch": "int", "greeting": "string", "ratio": "double", "name": "string",
            "opened": "date", "token": "string", "locale": "string", "checked": "date",
        ]
        for (name, shape) in expected {
            #expect(Self.shape(conversation[property: name]) == shape, "\(name)")
        }
        #expect(conversation.unpersistedMembers == nil)
        let subscription = try #require(result.schema[className: "Subscription"])
        let legacy: [String: String] = [
            "CreatedAt": "date", "privateType": "string", "typeRaw": "string", "createAt": "double",
            "stamp": "date", "key": "string", "level": "int enum Level", "levelRaw": "int", "expires": "date",
            "length": "double as TimeInterval", "count": "int", "id": "int",
        ]
        for (name, shape) in legacy {
            #expect(Self.shape(subscription[property: name]) == shape, "\(name)")
        }
        #expect(subscription.properties.count == legacy.count)
        #expect(conversation[property: "remainingOldMessagesToFetch"]?.defaultValue == "Constants.messageQuantityLimit")
    }

    /// Without the file that declares `Constants` and `Current`, nothing is guessed: each property is an error that
    /// names it and says what to add, and it is listed as lost data, not as an ignored property.
    @Test func anInitializerTheInputDoesNotExplainIsAnErrorNotAGuess() throws {
        let result = Self.parse([("Models.swift", Self.models)])
        let errors = result.diagnostics.filter { $0.severity == .error }.map(\.message)
        for name in ["remainingOldMessagesToFetch", "greeting", "ratio", "name", "opened", "CreatedAt"] {
            #expect(
                errors.contains {
                    $0.hasPrefix("cannot tell the type of '\(name)' from ")
                        && $0.contains("add a type annotation, or give the file that declares what it names")
                        && $0.hasSuffix("its stored data would be lost (listed for review)")
                }, "\(name)")
        }
        let conversation = try #require(result.schema[className: "Conversation"])
        let lost = conversation.unpersistedMembers?.filter { $0.kind == .unconvertedPersistedProperty }.map(\.name)
        #expect(Set(lost ?? []).isSuperset(of: ["remainingOldMessagesToFetch", "opened", "token"]))
        // What the same file does explain is still typed.
        let subscription = try #require(result.schema[className: "Subscription"])
        #expect(Self.shape(subscription[property: "typeRaw"]) == "string")
        #expect(Self.shape(subscription[property: "createAt"]) == "double")
    }

    @Test func theReportListsALostPropertyAsLostData() throws {
        let result = Self.parse([("Models.swift", Self.models)])
        let output = SwiftDataCodegen.generate(result.schema, options: CodegenOptions())
        let lost = output.report.needsHuman.filter { $0.subject == "Conversation.opened" && $0.concern == .notImported }
        #expect(lost.count == 1)
        #expect(lost.first?.message.contains("its stored data would be lost") == true)
        #expect(
            !output.report.needsHuman.contains {
                $0.subject == "Conversation.opened" && $0.concern == .unpersistedMember
            })
        let review = try #require(output.files.first { $0.name == "CarriedOverMembers.swift.txt" }?.contents)
        #expect(review.contains("// persisted property NOT converted (its data would be lost) 'opened'"))
    }
}
