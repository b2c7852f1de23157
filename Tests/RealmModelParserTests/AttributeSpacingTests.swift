import RealmModelParser
import RealmSchema
import SwiftDataCodegen
import Testing

/// Swift accepts whitespace and comments between an attribute's name and its argument list
/// (`@Persisted (primaryKey: true)`); the parser reads them as the attribute's arguments, so the class keeps every
/// property.
@Suite struct AttributeSpacingTests {
    static let source = """
        import RealmSwift

        final class Wallet: Object {
            @Persisted (primaryKey: true) var id: ObjectId
            @Persisted /* searched by name */ (indexed: true) var name: String = ""
            @Persisted
                (indexed: true)
            var balance: Int = 0
            @Persisted var owner: Person?
        }

        final class Person: Object {
            @Persisted(primaryKey: true) var id = UUID()
            @Persisted var wallets = List<Wallet>()
            @available (iOS 15, *)
            var label: String { "\\(id)" }
        }
        """

    @Test func spacedAndCommentedArgumentListsKeepEveryProperty() throws {
        let result = RealmModelParser.parse([.init(path: "Wallet.swift", text: Self.source)])
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics)")
        let wallet = try #require(result.schema[className: "Wallet"])
        #expect(wallet.properties.map(\.name) == ["id", "name", "balance", "owner"])
        #expect(wallet.primaryKey == "id")
        #expect(wallet[property: "id"]?.type == .objectId)
        #expect(wallet[property: "name"]?.isIndexed == true)
        #expect(wallet[property: "balance"]?.isIndexed == true)
        #expect(wallet[property: "balance"]?.sourceLocation?.line == 8)
        let person = try #require(result.schema[className: "Person"])
        #expect(person.properties.map(\.name) == ["id", "wallets"])
        #expect(person.primaryKey == "id")
        #expect(person.unpersistedMembers?.map(\.name) == ["label"])
    }

    /// Hostile input: thousands of spaced attributes whose lists never close are read in linear time (the parser
    /// looks for an attribute's closing parenthesis only a short way ahead) and every one is a problem, not a trap.
    @Test func unclosedSpacedAttributesAreReadInLinearTime() {
        let source = "class A: Object {\n" + String(repeating: "@Persisted (primaryKey: true ", count: 20_000) + "\n}"
        let started = ContinuousClock.now
        let result = RealmModelParser.parse([.init(path: "A.swift", text: source)])
        #expect(ContinuousClock.now - started < .seconds(20))
        #expect(result.schema[className: "A"]?.properties.isEmpty != false)
    }
}
