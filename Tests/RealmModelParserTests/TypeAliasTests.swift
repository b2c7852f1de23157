import Foundation
import RealmModelParser
import RealmSchema
import Testing

/// `typealias` in property types, resolved across files (`Tests/RealmModels/Aliases`, both styles): aliases of
/// values, Realm collections, models and other aliases, generic aliases, aliases nested in types; cycles and
/// runaway expansions end as diagnostics.
@Suite struct TypeAliasTests {
    @Test func modernAliasesResolveAcrossFiles() throws {
        let result = try RealisticSourcesTests.parse("Aliases/Modern")
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics)")
        #expect(!result.diagnostics.contains { $0.message.hasPrefix("assumed") }, "\(result.diagnostics)")
        let book = try #require(result.schema[className: "Book"])
        #expect(book.primaryKey == "isbn")
        func shape(_ name: String) -> String {
            guard let property = book[property: name] else { return "missing" }
            return [
                property.type.rawValue, property.collection.rawValue, property.isOptional ? "optional" : "required",
                property.objectClassName ?? "-", property.declaredSwiftType ?? "-",
            ].joined(separator: " ")
        }
        #expect(shape("isbn") == "string single required - -")
        #expect(shape("tags") == "string list required - -")  // Tags = List<String>
        #expect(shape("owner") == "object single optional Person -")  // Owner = Person, a model
        #expect(shape("readers") == "object list required Person -")  // Book.Shelf = List<Owner>, a chain
        #expect(shape("ratings") == "int dictionary required - -")  // Keyed<Int> = Map<String, Int>
        #expect(shape("notes") == "string dictionary optional - -")  // Keyed<Identifier?>
        #expect(shape("addedAt") == "date single required - -")  // Stamp = Moment = Date
        #expect(shape("code") == "int single required - Int16")  // Catalog.Code = Int16
        #expect(book[property: "fans"]?.objectClassName == "Reader")
        #expect(result.schema[className: "Person"]?[property: "id"]?.type == .string)
    }

    @Test func legacyAliasesResolveAcrossFiles() throws {
        let result = try RealisticSourcesTests.parse("Aliases/Legacy")
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics)")
        let folder = try #require(result.schema[className: "Folder"])
        #expect(folder.primaryKey == "key")
        #expect(folder.properties.map(\.name) == ["key", "labels", "parent", "children"])
        #expect(folder[property: "labels"].map { ($0.type, $0.collection) } ?? (.int, .single) == (.string, .list))
        #expect(folder[property: "parent"]?.objectClassName == "Folder")
        let note = try #require(result.schema[className: "Note"])
        #expect(note.properties.map(\.name) == ["id", "body", "folder", "tags", "views"])
        #expect(note[property: "body"]?.type == .string)
        #expect(note[property: "tags"].map { ($0.type, $0.collection) } ?? (.int, .single) == (.string, .list))
        // `Counter = RealmProperty<Int?>` constructed through its alias: an optional Int, no default carried.
        #expect(note[property: "views"].map { ($0.type, $0.isOptional) } ?? (.string, false) == (.int, true))
        #expect(note[property: "views"]?.defaultValue == nil)
        #expect(note[property: "labels"] == nil && folder[property: "labels"]?.defaultValue == nil)
    }

    @Test func aCycleOfAliasesIsAnErrorNotAHang() throws {
        let source = """
            import RealmSwift
            typealias A = B
            typealias B = List<A>
            class Loop: Object {
                @Persisted var name: String
                @Persisted var looped: A
            }
            """
        let result = RealmModelParser.parse([.init(path: "Loop.swift", text: source)])
        #expect(result.schema[className: "Loop"]?.properties.map(\.name) == ["name"])
        #expect(
            result.diagnostics.map(\.description) == [
                "Loop.swift:6: error: 'looped': typealias cycle A → B → A (Loop.swift:2); persisted property not converted, its stored data would be lost (listed for review)"
            ])
    }

    @Test func anAliasTreeThatDoublesAtEachStepStopsAtTheLimit() throws {
        let aliases = (0..<40).map { "typealias T\($0) = Map<T\($0 + 1), T\($0 + 1)>" }.joined(separator: "\n")
        let source = "import RealmSwift\n\(aliases)\nclass Wide: Object {\n    @Persisted var wide: T0\n}\n"
        let started = Date()
        let result = RealmModelParser.parse([.init(path: "Wide.swift", text: source)])
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(result.diagnostics.contains { $0.message.contains("expands through more than 64 aliases") })
    }

    @Test func aGenericAliasWithTheWrongArgumentCountIsAnError() throws {
        let source = """
            import RealmSwift
            typealias Keyed<V> = Map<String, V>
            class Bad: Object {
                @Persisted var pairs: Keyed<Int, Int>
            }
            """
        let result = RealmModelParser.parse([.init(path: "Bad.swift", text: source)])
        #expect(result.diagnostics.contains { $0.message.contains("takes 1 generic arguments, given 2") })
    }
}
