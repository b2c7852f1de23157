import RealmModelParser
import RealmSchema
import SwiftDataCodegen
import Testing

/// Properties typed only by a well-known Foundation or standard-library call in their initial value
/// (`Date().formatted(date:time:)`, `.description`, `.uuidString`, `Date()`, `UUID()`) or by arithmetic on typed
/// values (`2 * Limits.pageSize`): each gets the type Swift gives the expression; what is still untyped stays an
/// error naming the property.
@Suite struct FoundationCallTypeTests {
    static let source = """
        import Foundation
        import RealmSwift

        enum Limits {
            static let pageSize = 25
            static let ratio: Double = 0.5
        }

        extension Int {
            static let defaultFormatter = NumberFormatter()
            static let pageSize = 20
        }

        struct Counter: CustomStringConvertible {
            var description: String { "counter" }
        }

        class Note: Object {
            @Persisted var createdLabel = Date().formatted(date: .abbreviated, time: .shortened)
            @Persisted var shortLabel = Date().formatted()
            @Persisted var amountLabel = 12.5.formatted()
            @Persisted var idText = UUID().uuidString
            @Persisted var stampText = Date().description
            @Persisted var counterText = Counter().description
            @Persisted var countText = Limits.pageSize.description
            @Persisted var created = Date()
            @Persisted var key = UUID()
            @Persisted var fetchLimit = 2 * Limits.pageSize
            @Persisted var offset = Limits.pageSize + 1
            @Persisted var scaled = (Limits.ratio * 3) / 2
            @Persisted var negative = -Limits.pageSize
            @Persisted var halfLife = Limits.pageSize / 2
            @Persisted var expiry = Date().addingTimeInterval(60 * 60)
            @Persisted var later = Date() + 3600
            @Persisted var flag = Limits.pageSize > 10
            @Persisted var nowLabel = Date.now.formatted(date: .numeric, time: .omitted)
            @Persisted var epoch = Date.distantPast.timeIntervalSince1970
            @Persisted var seed = Int.random(in: 0...100)
            @Persisted var ceiling = Int64.max
            @Persisted var jitter = Double.random(in: 0..<1) * 2
            @Persisted var coin = Bool.random()
            @Persisted var perPage = Int.pageSize
        }
        """

    @Test func wellKnownCallsAndArithmeticGiveTheirTypes() throws {
        let result = RealmModelParser.parse([.init(path: "Note.swift", text: Self.source)])
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics)")
        let note = try #require(result.schema[className: "Note"])
        let expected: [String: PropertyType] = [
            "createdLabel": .string, "shortLabel": .string, "amountLabel": .string, "idText": .string,
            "stampText": .string, "counterText": .string, "countText": .string, "created": .date, "key": .uuid,
            "fetchLimit": .int, "offset": .int, "scaled": .double, "negative": .int, "halfLife": .int,
            "expiry": .date, "later": .date, "flag": .bool, "nowLabel": .string, "epoch": .double, "seed": .int,
            "ceiling": .int, "jitter": .double, "coin": .bool, "perPage": .int,
        ]
        #expect(note.properties.count == expected.count)
        for (name, type) in expected {
            #expect(note[property: name]?.type == type, "\(name)")
            #expect(note[property: name]?.isOptional == false, "\(name)")
        }
    }

    /// Arithmetic on something the input does not declare, or a member no one knows, is still not guessed.
    @Test func whatStaysUntypedIsStillAnErrorNamingTheProperty() throws {
        let source = """
            import RealmSwift

            class Note: Object {
                @Persisted var pages = 2 * Settings.pageCount
                @Persisted var label = Date().formatted(.iso8601).someCustomThing
                @Persisted var formatter = Int.defaultFormatter
            }

            extension Int {
                static let defaultFormatter = NumberFormatter()
            }
            """
        let result = RealmModelParser.parse([.init(path: "Note.swift", text: source)])
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 2, "\(errors)")
        // `Int.defaultFormatter` is the app's own static member: typed as it declares it (a `NumberFormatter`, which
        // the input does not declare, so kept as declared with a warning), never as an `Int`.
        let formatter = result.schema[className: "Note"]?[property: "formatter"]
        #expect(formatter?.assumedTypeName == "NumberFormatter")
        #expect(formatter?.type != .int)
        #expect(errors.contains { $0.message.hasPrefix("cannot tell the type of 'pages'") && $0.location.line == 4 })
        #expect(errors.contains { $0.message.hasPrefix("cannot tell the type of 'label'") && $0.location.line == 5 })
    }

    /// Hostile input: parentheses and signs nested without bound end at a depth limit (untyped, an error), never in
    /// unbounded recursion.
    @Test func deeplyNestedInitializersEndAtALimit() throws {
        let parentheses = String(repeating: "(", count: 5_000) + "1" + String(repeating: ")", count: 5_000)
        let signs = String(repeating: "- ", count: 5_000) + "1"
        let source = """
            import RealmSwift
            class Deep: Object {
                @Persisted var shallow = ((2 * 3))
                @Persisted var nested = \(parentheses)
                @Persisted var signed = \(signs)
            }
            """
        let result = RealmModelParser.parse([.init(path: "Deep.swift", text: source)])
        let deep = try #require(result.schema[className: "Deep"])
        #expect(deep[property: "shallow"]?.type == .int)
        #expect(deep[property: "nested"] == nil)
        #expect(deep[property: "signed"] == nil)
        #expect(result.diagnostics.filter { $0.message.hasPrefix("cannot tell the type of") }.count == 2)
    }
}
