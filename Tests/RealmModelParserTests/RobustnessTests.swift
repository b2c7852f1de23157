import RealmModelParser
import RealmSchema
import Testing

/// Real-world code around the models must not trip the parser, and malformed code must give `file:line`
/// diagnostics while everything else is still converted.
@Suite struct RobustnessTests {
    static func parse(_ text: String, path: String = "M.swift") -> RealmModelParser.Result {
        RealmModelParser.parse([.init(path: path, text: text)])
    }

    @Test func realWorldCodeAroundModelsIsSteppedOver() throws {
        let source = ##"""
            import RealmSwift
            import SwiftUI

            protocol Named { var name: String { get } }

            @available(iOS 15, *)
            struct DogRow: View {
                let dog: Dog
                var body: some View { Text("\(dog.name) } { ) ]") }
            }

            extension Array where Element: Named {
                func names() -> [String] { map(\.name) }
            }

            enum Models {
                final class Dog: Object, Named {
                    @objc dynamic var name = "Rex" { didSet { print("renamed \(oldValue)") } }
                    @objc dynamic var born: Date = {
                        var components = DateComponents()
                        components.year = 2020
                        return Calendar.current.date(from: components) ?? Date()
                    }()
                    @objc dynamic var weight = 0.0, height = 0.0
                    @objc dynamic var owner: Person?
                    var nickname: String {
                        get { name.lowercased() }
                        set { name = newValue }
                    }
                    func bark<T: Sequence>(at targets: T, loud: Bool = true) where T.Element == String {
                        let pattern = #"\{bark\}"#
                        let text = """
                            } } } \(pattern)
                            """
                        print(text, targets.map { $0 }, /* } */ loud)
                    }
                    required override init() { super.init() }
                }
            }

            class Person: Object {
                @objc dynamic var name = ""
                let dogs = List<Models.Dog>()
            }

            class ViewModel: ObservableObject {
                @Published var dogs: [Models.Dog] = []
            }
            """##
        let result = Self.parse(source)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.schema.objectTypes.map(\.name) == ["Dog", "Person"])
        let dog = try #require(result.schema[className: "Dog"])
        #expect(dog.properties.map(\.name) == ["name", "born", "weight", "height", "owner"])
        #expect(dog.properties.map(\.type) == [.string, .date, .double, .double, .object])
        #expect(dog[property: "owner"]?.objectClassName == "Person")
        #expect(dog.unpersistedMembers?.map(\.name) == ["nickname", "bark(at:loud:)", "init()"])
        #expect(result.schema[className: "Person"]?[property: "dogs"]?.objectClassName == "Dog")
    }

    @Test func unbalancedBracesAreReportedAndLaterClassesStillConvert() {
        let source = """
            class A: Object {
                @Persisted var a: String
                func broken() {
                    if true {
                        print("no closing brace for the if")
                }
                @Persisted var c: Int
            }

            class B: Object {
                @Persisted var b: Int
                func twoMissing() {
                    if true {
                        if false {

            class C: Object {
                @Persisted var c: Int
            }
            }
            """
        let result = Self.parse(source)
        #expect(result.schema.objectTypes.map(\.name) == ["A", "B", "C"])
        #expect(result.schema[className: "A"]?.properties.map(\.name) == ["a", "c"])
        #expect(result.schema[className: "B"]?.properties.map(\.name) == ["b"])
        #expect(result.schema[className: "C"]?.properties.map(\.name) == ["c"])
        #expect(
            result.diagnostics.map(\.description) == [
                "M.swift:3: error: the body of 'broken()' has unbalanced braces (closed by the '}' on line 6)",
                "M.swift:12: error: the body of 'twoMissing()' is never closed: missing '}' (unbalanced braces)",
            ])
    }

    @Test func unknownWrappersAndUnsupportedTypesAreDiagnosedAndUnknownTypesAssumed() {
        let source = """
            class C: Object {
                @Persisted var point: CGPoint
                @Persisted var ok: String
                @Persisted var list: List<CLLocation>
                @Persisted var map: Map<Int, String>
                @Persisted var results: Results<C>
                @Persisted var back: LinkingObjects<Missing>
                @MyWrapper var wrapped: Int = 0
                @Persisted var nested: List<List<Int>>
            }
            """
        let result = Self.parse(source)
        // Types the input does not declare keep their property in the declared shape (issue 11: never drop one).
        #expect(result.schema[className: "C"]?.properties.map(\.name) == ["point", "ok", "list"])
        #expect(result.schema[className: "C"]?[property: "point"]?.assumedTypeName == "CGPoint")
        #expect(result.schema[className: "C"]?[property: "list"]?.collection == .list)
        #expect(
            result.diagnostics.map(\.description) == [
                "M.swift:2: warning: assumed: CGPoint is declared elsewhere; give its file to decide whether it is an object, an embedded object or an enum ('point' is kept as declared)",
                "M.swift:4: warning: assumed: CLLocation is declared elsewhere; give its file to decide whether it is an object, an embedded object or an enum ('list' is kept as declared)",
                "M.swift:5: error: 'map': Realm maps need 'String' keys, not 'Int'; persisted property not converted, its stored data would be lost (listed for review)",
                "M.swift:6: error: 'results': 'Results' is a query, not a stored value; persisted property not converted, its stored data would be lost (listed for review)",
                "M.swift:7: error: 'back': 'LinkingObjects<Missing>' names no Realm model class in the input; persisted property not converted, its stored data would be lost (listed for review)",
                "M.swift:8: warning: unknown property wrapper '@MyWrapper' on 'wrapped'; not converted (listed for review)",
                "M.swift:9: error: 'nested': unsupported type 'List<Int>'; persisted property not converted, its stored data would be lost (listed for review)",
            ])
        #expect(result.schema[className: "C"]?.unpersistedMembers?.count == 5)
    }

    @Test func unterminatedStringsCommentsAndConditionalsAreReported() {
        let result = Self.parse(
            "class D: Object {\n    @Persisted var s = \"open\n    @Persisted var t: Int\n    #if X\n}\n/* never closed"
        )
        let messages = result.diagnostics.map(\.description)
        #expect(messages.contains("M.swift:2: error: unterminated string literal"))
        #expect(messages.contains("M.swift:6: error: unterminated block comment"))
        #expect(messages.contains("M.swift:4: error: '#if' is never closed with '#endif'"))
        #expect(result.schema[className: "D"]?[property: "t"]?.type == .int)
    }

    @Test func legacyTypeThatCannotBeInferredAsksForAnAnnotation() {
        let result = Self.parse(
            "class E: Object {\n    @objc dynamic var created = makeDate()\n    @objc dynamic var n = 1\n}")
        #expect(
            result.diagnostics.map(\.description) == [
                "M.swift:2: error: cannot tell the type of 'created' from 'makeDate()'; add a type annotation, or give the file that declares what it names; persisted property not converted, its stored data would be lost (listed for review)"
            ])
        #expect(result.schema[className: "E"]?.properties.map(\.name) == ["n"])
    }

    @Test func primaryKeyMethodNamingAMissingPropertyIsAnError() {
        let result = Self.parse(
            "class F: Object {\n    @objc dynamic var id = 0\n    override static func primaryKey() -> String? { \"identifier\" }\n}"
        )
        #expect(result.schema[className: "F"]?.primaryKey == nil)
        #expect(
            result.diagnostics.map(\.description) == [
                "M.swift:3: error: primary key 'identifier' is not a persisted property; no primary key"
            ])
    }

    /// Realm finds legacy collections by reflection whether `var` or `let`: a `var` one is still persisted.
    @Test func legacyListDeclaredWithVarIsPersistedWithAWarning() {
        let result = Self.parse("class H: Object {\n    var dogs = List<H>()\n    let cats = List<H>()\n}")
        #expect(result.schema[className: "H"]?.properties.map(\.name) == ["dogs", "cats"])
        #expect(
            result.diagnostics.map(\.description) == [
                "M.swift:2: warning: 'dogs' is a Realm collection declared with 'var' (Realm expects 'let'); converted"
            ])
    }

    @Test func mixingStylesInOneClassIsAWarning() {
        let result = Self.parse("class G: Object {\n    @Persisted var a: Int\n    @objc dynamic var b = 0\n}")
        #expect(result.schema[className: "G"]?.properties.map(\.name) == ["a"])
        #expect(result.diagnostics.map(\.location.line) == [3])
    }

    @Test func typesAcrossFilesAndQualifiedRealmNamesResolve() {
        let result = RealmModelParser.parse([
            .init(
                path: "A.swift",
                text: "class Owner: RealmSwift.Object {\n    @Persisted var pets: RealmSwift.List<Pet>\n}"),
            .init(path: "B.swift", text: "class Pet: Object {\n    @Persisted var name: Swift.String\n}"),
        ])
        #expect(result.diagnostics.isEmpty)
        #expect(result.schema[className: "Owner"]?[property: "pets"]?.objectClassName == "Pet")
        #expect(result.schema[className: "Pet"]?[property: "name"]?.type == .string)
    }
}

@Suite struct EnumTests {
    @Test func rawValueEnumsWithoutPersistableEnumConvertWithAWarning() {
        let result = RealmModelParser.parse([
            .init(
                path: "E.swift",
                text: """
                    enum Size: Int { case small = 1, large = 2 }
                    enum Unused: String { case a }
                    enum Color: String, PersistableEnum { case red, green }
                    class Shirt: Object {
                        @Persisted var size: Size
                        @Persisted var color: Color?
                        @Persisted var colors: List<Color>
                    }
                    """)
        ])
        #expect(result.schema.enumTypes?.map(\.name) == ["Size", "Color"])
        let shirt = result.schema[className: "Shirt"]
        #expect(shirt?[property: "size"].map { ($0.type, $0.enumTypeName) } ?? (.string, nil) == (.int, "Size"))
        #expect(shirt?[property: "color"].map { ($0.type, $0.isOptional) } ?? (.int, false) == (.string, true))
        #expect(shirt?[property: "colors"]?.collection == .list)
        #expect(
            result.diagnostics.map(\.description) == [
                "E.swift:5: warning: enum 'Size' is not a 'PersistableEnum' (Realm rejects it); converted as a raw-value enum"
            ])
    }
}
