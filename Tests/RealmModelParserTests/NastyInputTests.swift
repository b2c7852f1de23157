import RealmModelParser
import RealmSchema
import SwiftDataCodegen
import Testing

/// Declarations real apps write around and inside their Realm models. Each case checks what Realm would persist
/// (names, types, keys, indexes) and that the parser raised no diagnostic it should not have.
@Suite struct NastyInputTests {
    static func parse(_ text: String) -> RealmModelParser.Result {
        RealmModelParser.parse([.init(path: "N.swift", text: text)])
    }

    @Test func closuresInsideAttributesAndInitialisersAreSteppedOver() throws {
        let source = ##"""
            class Note: Object {
                @Persisted(primaryKey: true) var id: String = { UUID().uuidString }()
                @Validated(rule: { value in value.count < 10 && value != "}" }) var draft = ""
                @Persisted var body: String = "" {
                    didSet { if body.isEmpty { print("cleared {") } }
                }
                lazy var words: [String] = { [self] in body.split { $0 == " " }.map(String.init) }()
                @Persisted var pinned: Bool
            }
            """##
        let result = Self.parse(source)
        let note = try #require(result.schema[className: "Note"])
        #expect(note.properties.map(\.name) == ["id", "body", "pinned"])
        #expect(note.primaryKey == "id")
        #expect(note.properties.map(\.type) == [.string, .string, .bool])
        // The unknown wrapper is reported and listed, not silently dropped or mistaken for a persisted property.
        #expect(
            result.diagnostics.map(\.description) == [
                "N.swift:3: warning: unknown property wrapper '@Validated' on 'draft'; not converted (listed for review)"
            ])
        #expect(note.unpersistedMembers?.map(\.name).contains("words") == true)
    }

    @Test func objcCustomNamesAndModifiersDoNotHideLegacyProperties() throws {
        let source = """
            @objc(RLMLegacyDog)
            final class Dog: Object {
                @objc(dogName) dynamic var name = ""
                @objc
                dynamic var age = 0
                @objc public dynamic var weight: Double = 0
                @objc dynamic private(set) var owner: Person?
                override class func primaryKey() -> String? { "name" }
                override static func indexedProperties() -> [String] { ["age"] }
            }
            class Person: Object {
                @objc dynamic var name = ""
            }
            """
        let result = Self.parse(source)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let dog = try #require(result.schema[className: "Dog"])
        #expect(dog.properties.map(\.name) == ["name", "age", "weight", "owner"])
        #expect(dog.properties.map(\.type) == [.string, .int, .double, .object])
        #expect(dog.primaryKey == "name")
        #expect(dog.properties.filter(\.isIndexed).map(\.name) == ["name", "age"])  // a primary key is indexed too
        #expect(dog[property: "owner"]?.objectClassName == "Person")
    }

    @Test func extraConformancesGenericsAndWhereClauses() throws {
        let source = """
            struct Box<Value: Codable & Sendable>: Codable where Value: Equatable {
                var value: Value
                var nested: [String: [Value]] = [:]
            }

            final class Playlist: Object, Identifiable, Codable, @unchecked Sendable {
                @Persisted(primaryKey: true) var id: ObjectId
                @Persisted var items: List<Item>
                @Persisted var weights: Map<String, Double?>

                func first<T: Collection>(of kind: T.Type, where predicate: (Item) -> Bool) -> Item?
                where T.Element == Item, T: Sendable {
                    items.first(where: predicate)
                }

                subscript<K: Hashable>(key key: K) -> Double? where K: CustomStringConvertible {
                    weights["\\(key)"] ?? nil
                }
            }

            class Item: EmbeddedObject, Comparable {
                @Persisted var title: String
                static func < (lhs: Item, rhs: Item) -> Bool { lhs.title < rhs.title }
            }

            extension Results where Element == Playlist {
                var ids: [ObjectId] { map(\\.id) }
            }

            class Repository<Model: Object> where Model: Identifiable {
                let cache: [Model.ID: Model] = [:]
            }
            """
        let result = Self.parse(source)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.schema.objectTypes.map(\.name).sorted() == ["Item", "Playlist"])
        let playlist = try #require(result.schema[className: "Playlist"])
        #expect(playlist.properties.map(\.name) == ["id", "items", "weights"])
        #expect(playlist.properties.map(\.type) == [.objectId, .object, .double])
        #expect(
            playlist[property: "items"].map { ($0.collection, $0.objectClassName) } ?? (.single, nil) == (.list, "Item")
        )
        #expect(
            playlist[property: "weights"].map { ($0.collection, $0.isOptional) } ?? (.single, false) == (
                .dictionary, true
            ))
        #expect(result.schema[className: "Item"]?.kind == .embedded)
    }

    @Test func availabilityActorsAndOtherAttributes() throws {
        let source = """
            @available(iOS 15.0, macOS 12, *)
            @MainActor
            final class Account: Object {
                @available(*, deprecated, message: "use handle (it is \\"unique\\")")
                @Persisted var username: String
                @Persisted(indexed: true) var handle: String
                @available(iOS, introduced: 16.0, obsoleted: 99)
                @objc dynamic var legacyFlag = false
                @MainActor @discardableResult func touch() -> Bool { true }
                nonisolated(unsafe) static var shared: Account?
                @inlinable @inline(__always) var isAnonymous: Bool { handle.isEmpty }
                @Persisted var createdAt = Date()
            }
            """
        let result = Self.parse(source)
        let account = try #require(result.schema[className: "Account"])
        #expect(account.properties.map(\.name) == ["username", "handle", "createdAt"])
        #expect(account.properties.map(\.type) == [.string, .string, .date])
        #expect(account[property: "handle"]?.isIndexed == true)
        // The mixed legacy property is the only remark.
        #expect(result.diagnostics.map(\.location.line) == [8])
    }

    @Test func nestedQuotesInInterpolationsAndRawStrings() throws {
        let source = ##"""
            class Label: Object {
                @Persisted var text: String = "say \("hi" + "\"}\"") {"
                @Persisted var pattern: String = #"a "quoted" \#("x") }"#
                var summary: String { "\(text.isEmpty ? "\"empty\" }" : "\(text.count) chars {")" }
                var multi: String {
                    """
                    \(text) \"""
                    } "nested \("""
                        inner }
                        """)"
                    """
                }
                @Persisted var count: Int
            }
            """##
        let result = Self.parse(source)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let label = try #require(result.schema[className: "Label"])
        #expect(label.properties.map(\.name) == ["text", "pattern", "count"])
        #expect(label.unpersistedMembers?.map(\.name) == ["summary", "multi"])
    }

    @Test func commentsBetweenAttributesAndDeclarations() throws {
        let source = """
            class Song: Object {
                @Persisted(primaryKey: true) // the catalogue id
                var id: String
                @Persisted(indexed: true) /* not { a brace */
                    var isrc: String
                @Persisted
                // a line comment alone
                /// a doc comment too
                var title: String
                @objc /* legacy */ dynamic /* still legacy */ var legacy = 0
            }
            """
        let result = Self.parse(source)
        let song = try #require(result.schema[className: "Song"])
        #expect(song.properties.map(\.name) == ["id", "isrc", "title"])
        #expect(song.primaryKey == "id")
        #expect(song[property: "isrc"]?.isIndexed == true)
        #expect(result.diagnostics.map(\.location.line) == [10])  // mixing styles, as elsewhere
    }
}

@Suite struct NastyLayoutTests {
    @Test func modelsInsideTopLevelConditionalsAndWithAccessModifiers() throws {
        let source = """
            #if canImport(RealmSwift)
            import RealmSwift

            // MARK: - Models

            public final class Tag: Object, @unchecked Sendable {
                @Persisted(primaryKey: true) public private(set) var id: UUID  // a } in a comment
                @Persisted public var label: String = "a } { b"
                @Persisted internal var hits: Int = 0x1F  /* hex */
            }
            #endif
            """
        let result = RealmModelParser.parse([.init(path: "L.swift", text: source)])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let tag = try #require(result.schema[className: "Tag"])
        #expect(tag.properties.map(\.name) == ["id", "label", "hits"])
        #expect(tag.properties.map(\.type) == [.uuid, .string, .int])
        #expect(tag.primaryKey == "id")
    }

    @Test func aConditionalModelAndPropertyKeepTheirClausesAsWritten() throws {
        let source = """
            #if DEBUG
            class Probe: Object {
                @Persisted var name: String
                #if os(iOS)
                @Persisted var token: String?
                #endif
            }
            #endif
            """
        let result = RealmModelParser.parse([.init(path: "C.swift", text: source)])
        let probe = try #require(result.schema[className: "Probe"])
        #expect(probe.properties.map(\.name) == ["name", "token"])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        // The class carries its own clause, the property only the one inside the class.
        #expect(
            probe.condition?.clauses
                == [SourceCondition.Clause(block: .init(file: "C.swift", line: 1), conditions: ["DEBUG"], index: 0)])
        #expect(
            probe[property: "token"]?.condition?.clauses
                == [SourceCondition.Clause(block: .init(file: "C.swift", line: 4), conditions: ["os(iOS)"], index: 0)])
        #expect(probe[property: "name"]?.condition == nil)
    }
}
