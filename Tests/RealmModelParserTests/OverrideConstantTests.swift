import RealmModelParser
import RealmSchema
import Testing

/// `primaryKey()`, `indexedProperties()` and `ignoredProperties()` returning constants, resolved across files; what
/// cannot be resolved is an error at the override's line, never a guess.
@Suite struct OverrideConstantTests {
    static func parse(_ files: [(String, String)]) -> RealmModelParser.Result {
        RealmModelParser.parse(files.map { .init(path: $0.0, text: $0.1) })
    }

    @Test func staticConstantsOfTheClassAndOfOtherFilesAreResolved() throws {
        let result = Self.parse([
            (
                "Message.swift",
                """
                class Message: Object {
                    static let ID = "id"
                    @objc dynamic var id = ""
                    @objc dynamic var subject = ""
                    @objc dynamic var folder = ""
                    @objc dynamic var cache = ""
                    override static func primaryKey() -> String? { return ID }
                    override static func indexedProperties() -> [String] { [Keys.subject, Self.folderKey] }
                    override static func ignoredProperties() -> [String] { return [MessageKeys.cache.rawValue] }
                    static var folderKey: String { "unused" }
                }
                """
            ),
            (
                "Keys.swift",
                """
                enum Keys { static let subject = "sub" + "ject" }
                enum MessageKeys: String { case cache }
                extension Message { static let folderKey = "folder" }
                """
            ),
        ])
        let message = try #require(result.schema[className: "Message"])
        #expect(message.primaryKey == "id")
        #expect(message.properties.map(\.name) == ["id", "subject", "folder"])
        #expect(message.properties.filter(\.isIndexed).map(\.name) == ["id", "subject", "folder"])
        #expect(
            message.unpersistedMembers?.first { $0.name == "cache" }?.exclusionRule == "listed in ignoredProperties()")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test func keyPathsRawValuesJoinedLiteralsAndArraysAreResolved() throws {
        let result = Self.parse([
            (
                "Track.swift",
                """
                class Track: Object {
                    enum Field: String { case title = "name", album }
                    @Persisted var uuid: String
                    @Persisted var name: String
                    @Persisted var album: String
                    override class func primaryKey() -> String? { #keyPath(Track.uuid) }
                    override class func indexedProperties() -> [String] {
                        return [Field.title.rawValue] + [Field.album.rawValue, "na" + "me"]
                    }
                }
                """
            )
        ])
        let track = try #require(result.schema[className: "Track"])
        #expect(track.primaryKey == "uuid")
        #expect(track.properties.filter(\.isIndexed).map(\.name) == ["uuid", "name", "album"])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test func whatCannotBeResolvedIsAnErrorAtTheOverride() throws {
        let result = Self.parse([
            (
                "Guess.swift",
                """
                class Guess: Object {
                    @objc dynamic var id = ""
                    @objc dynamic var code = ""
                    override static func primaryKey() -> String? { makeKey() }
                    override static func indexedProperties() -> [String] { return [Missing.key] }
                    override static func ignoredProperties() -> [String] { ["\\(prefix)code"] }
                }
                """
            )
        ])
        let guess = try #require(result.schema[className: "Guess"])
        #expect(guess.primaryKey == nil)
        #expect(guess.properties.map(\.name) == ["id", "code"])
        #expect(guess.properties.filter(\.isIndexed).isEmpty)
        #expect(
            result.diagnostics.map(\.description) == [
                "Guess.swift:4: error: cannot tell what 'primaryKey()' returns: 'makeKey' is not a constant "
                    + "declared in the input; no primary key is generated (add '@Attribute(.unique)' by hand)",
                "Guess.swift:5: error: cannot tell what 'indexedProperties()' returns: 'Missing.key' is not a "
                    + "constant declared in the input; no index from it is generated",
                "Guess.swift:6: error: cannot tell what 'ignoredProperties()' returns: the string \"\\(prefix)code\" "
                    + "is not a plain literal; the properties it ignores are converted as persisted; remove them by hand",
            ])
    }

    @Test func constantsThatReferToEachOtherInACycleEndWithAnError() {
        let result = Self.parse([
            (
                "Loop.swift",
                """
                let a = b
                let b = a
                class Loop: Object {
                    @objc dynamic var id = ""
                    override static func primaryKey() -> String? { a }
                }
                """
            )
        ])
        #expect(result.schema[className: "Loop"]?.primaryKey == nil)
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.message.contains("too deeply") == true)
    }
}

/// In a project, only the files that matter to the models have their problems reported.
@Suite struct ProjectDiagnosticsTests {
    @Test func problemsOfFilesThatAreNotRealmCodeAreNotReported() {
        let result = RealmModelParser.parse([
            .init(
                path: "Model.swift", text: "import RealmSwift\nclass Track: Object {\n    @Persisted var a: Int\n}\n"),
            .init(path: "View.swift", text: "struct Keys {}\nfunc f() {\n}\n}\n"),
            .init(path: "Other.swift", text: "struct Keys {}\n"),
            .init(path: "Again.swift", text: "import RealmSwift\nclass Track: Object {}\n"),
        ])
        #expect(
            result.diagnostics.map(\.description) == [
                "Again.swift:2: warning: 'Track' is declared again as a Realm model (first at Model.swift:2); only "
                    + "the first is converted: give the project's description (`project.pbxproj`, `Package.swift`, "
                    + "`project.yml`) so each target's models are resolved apart, or convert each target's folders "
                    + "on their own"
            ])
    }
}
