import RealmModelParser
import SwiftDataCodegen
import SwiftSourceSyntax
import Testing

/// Every way apps configure Realm, read into `ModelSchema.version` and `realmConfiguration`: the call with its
/// arguments or a trailing closure, assignments to a variable, the default configuration, versions through
/// constants, blocks as closures, closure values and named functions in another file.
@Suite struct ConfigurationFormTests {
    static let models = RealmModelParser.SourceFile(
        path: "Models/Person.swift",
        text: """
            import RealmSwift

            final class Person: Object {
                @Persisted(primaryKey: true) var id = UUID()
                @Persisted var fullName = ""
                @Persisted var age = 0
                @Persisted var dogs: List<Dog>
            }

            final class Dog: Object {
                @Persisted var name = ""
                @Persisted var kind: Dog.Kind = .good

                enum Kind: Int, PersistableEnum {
                    case good
                    case veryGood
                }
            }
            """)

    static func parse(_ files: [(String, String)]) -> RealmModelParser.Result {
        RealmModelParser.parse([models] + files.map { .init(path: $0.0, text: $0.1) })
    }

    /// The block's body as the pieces give it: model names in `<…>`, each disabled statement as `REVIEW(reason)`.
    static func body(_ result: RealmModelParser.Result) -> String {
        (result.schema.realmConfiguration?.migrationBlock?.pieces ?? []).map { piece in
            switch piece {
            case .code(let text): text
            case .modelType(let name): "<\(name)>"
            case .modelClassName(let name): "<\(name)>.className()"
            case .enumType(let name): "<enum \(name)>"
            case .review(let statement): "REVIEW(\(statement.text) | \(statement.reason))"
            }
        }.joined()
    }

    @Test func aCallWithAVersionAndAnInlineBlock() throws {
        let result = Self.parse([
            (
                "App/AppDelegate.swift",
                """
                import RealmSwift

                func configureRealm() {
                    let config = Realm.Configuration(schemaVersion: 5, migrationBlock: { migration, oldSchemaVersion in
                        if oldSchemaVersion < 2 {
                            migration.enumerateObjects(ofType: Person.className()) { oldObject, newObject in
                                newObject!["fullName"] = "\\(oldObject!["firstName"] as! String) \\(oldObject!["lastName"] as! String)"
                            }
                        }
                    })
                    Realm.Configuration.defaultConfiguration = config
                }
                """
            )
        ])
        #expect(result.schema.version == 5)
        let configuration = try #require(result.schema.realmConfiguration)
        #expect(configuration.location == SourceLocation(file: "App/AppDelegate.swift", line: 4))
        let block = try #require(configuration.migrationBlock)
        #expect(block.migrationName == "migration" && block.oldSchemaVersionName == "oldSchemaVersion")
        #expect(block.location == SourceLocation(file: "App/AppDelegate.swift", line: 4) && block.lastLine == 10)
        #expect(block.reviewed.isEmpty && block.namedClasses == ["Person"])
        #expect(Self.body(result).contains("migration.enumerateObjects(ofType: <Person>.className())"))
        #expect(Self.body(result).contains(#"newObject!["fullName"] = "\(oldObject!["firstName"] as! String)"#))
        #expect(configuration.settings.map(\.line) == [4, 11])
        #expect(!configuration.deleteRealmIfMigrationNeeded)
    }

    @Test func aVariableConfiguredByAssignments() throws {
        let result = Self.parse([
            (
                "Database/RealmStore.swift",
                """
                import RealmSwift

                final class RealmStore {
                    func open() throws -> Realm {
                        var config = Realm.Configuration()
                        config.schemaVersion = 3
                        config.migrationBlock = { migration, oldSchemaVersion in
                            migration.renameProperty(onType: "Person", from: "name", to: "fullName")
                        }
                        config.deleteRealmIfMigrationNeeded = false
                        return try Realm(configuration: config)
                    }
                }
                """
            )
        ])
        #expect(result.schema.version == 3)
        let configuration = try #require(result.schema.realmConfiguration)
        #expect(configuration.settings.map(\.line) == [6, 7, 10])
        #expect(
            Self.body(result).contains(#"migration.renameProperty(onType: "Person", from: "name", to: "fullName")"#))
    }

    @Test func theDefaultConfigurationSetDirectly() throws {
        let result = Self.parse([
            (
                "App/App.swift",
                """
                import RealmSwift
                import SwiftUI

                @main
                struct ContactsApp: SwiftUI.App {
                    init() {
                        Realm.Configuration.defaultConfiguration = Realm.Configuration(
                            schemaVersion: 7, deleteRealmIfMigrationNeeded: true)
                    }
                    var body: some Scene { WindowGroup { Text("") } }
                }
                """
            )
        ])
        #expect(result.schema.version == 7)
        let configuration = try #require(result.schema.realmConfiguration)
        #expect(configuration.deleteRealmIfMigrationNeeded && configuration.migrationBlock == nil)
    }

    @Test func aLocalConstantVersionAndANamedBlockInAnotherFile() throws {
        for reference in ["Self.migrate", "migrate(_:_:)", "migrate", "self.migrate", "Migrations.run"] {
            let result = Self.parse([
                (
                    "App/Realm+Setup.swift",
                    """
                    import RealmSwift

                    extension RealmSetup {
                        static func configure() {
                            let version: UInt64 = 12
                            let config = Realm.Configuration(schemaVersion: version, migrationBlock: \(reference))
                            Realm.Configuration.defaultConfiguration = config
                        }
                    }
                    """
                ),
                (
                    "App/RealmSetup.swift",
                    """
                    import RealmSwift

                    enum RealmSetup {
                        static func migrate(_ migration: Migration, _ oldSchemaVersion: UInt64) {
                            migration.deleteData(forType: "Legacy")
                        }
                    }

                    enum Migrations {
                        static func run(migration: Migration, from version: UInt64) {
                            if version < 10 { migration.deleteData(forType: "Legacy") }
                        }
                    }
                    """
                ),
            ])
            #expect(result.schema.version == 12, "\(reference)")
            let block = try #require(result.schema.realmConfiguration?.migrationBlock, "\(reference)")
            #expect(block.location.file == "App/RealmSetup.swift", "\(reference)")
            #expect(Self.body(result).contains(#"migration.deleteData(forType: "Legacy")"#), "\(reference)")
            if reference == "Migrations.run" {
                #expect(block.migrationName == "migration" && block.oldSchemaVersionName == "version")
            } else {
                #expect(block.migrationName == "migration" && block.oldSchemaVersionName == "oldSchemaVersion")
            }
        }
    }

    @Test func versionsThroughDeclaredConstantsEnumsAndArithmetic() throws {
        for (expression, expected) in [
            ("Constants.realmSchemaVersion", UInt64(21)), ("SchemaVersion.current.rawValue", 4),
            ("UInt64(Constants.base + 2)", 22), ("0x10", 16), ("1_000", 1000),
        ] {
            let result = Self.parse([
                (
                    "App/Constants.swift",
                    """
                    enum Constants {
                        static let base = 20
                        static let realmSchemaVersion: UInt64 = UInt64(base) + 1
                    }

                    enum SchemaVersion: UInt64 {
                        case initial = 1
                        case addedTags
                        case renamedName
                        case current
                    }
                    """
                ),
                (
                    "App/Database.swift",
                    """
                    import RealmSwift

                    let realmConfiguration = Realm.Configuration(schemaVersion: \(expression))
                    """
                ),
            ])
            #expect(result.schema.version == expected, "\(expression)")
        }
    }

    @Test func anUnreadableVersionIsSaidAndNotGuessed() throws {
        let result = Self.parse([
            (
                "App/Database.swift",
                """
                import RealmSwift

                let realmConfiguration = Realm.Configuration(schemaVersion: Bundle.main.schemaVersion())
                """
            )
        ])
        #expect(result.schema.version == nil)
        let configuration = try #require(result.schema.realmConfiguration)
        #expect(configuration.unreadableVersion?.contains("cannot tell what schemaVersion is") == true)
        #expect(
            result.diagnostics.contains {
                $0.severity == .warning && $0.location.line == 3 && $0.message.contains("realmModels is nil")
            })
    }

    @Test func theDefaultConfigurationWinsOverAHigherVersionAndTheOtherIsNoted() throws {
        let result = Self.parse([
            (
                "App/AppDelegate.swift",
                """
                import RealmSwift

                final class AppDelegate {
                    func setUp() {
                        var config = Realm.Configuration.defaultConfiguration
                        config.schemaVersion = 4
                        Realm.Configuration.defaultConfiguration = config
                    }
                }
                """
            ),
            (
                "AppTests/RealmTestCase.swift",
                """
                import RealmSwift

                let testConfiguration = Realm.Configuration(inMemoryIdentifier: "tests", schemaVersion: 9)
                """
            ),
        ])
        #expect(result.schema.version == 4)
        let configuration = try #require(result.schema.realmConfiguration)
        #expect(configuration.location == SourceLocation(file: "App/AppDelegate.swift", line: 6))
        #expect(configuration.notes.map(\.location?.file) == ["AppTests/RealmTestCase.swift"])
        #expect(configuration.notes.first?.message.contains("schemaVersion 9") == true)
        #expect(result.diagnostics.contains { $0.message.contains("2 Realm configurations") })
    }

    @Test func withoutADefaultTheHighestVersionWins() throws {
        let result = Self.parse([
            ("Widget/Store.swift", "import RealmSwift\nlet widgetConfig = Realm.Configuration(schemaVersion: 2)\n"),
            ("App/Store.swift", "import RealmSwift\nlet appConfig = Realm.Configuration(schemaVersion: 6)\n"),
        ])
        #expect(result.schema.version == 6)
        #expect(result.schema.realmConfiguration?.location?.file == "App/Store.swift")
    }

    @Test func trailingClosuresLazyConfigurationsAndClosureValues() throws {
        let result = Self.parse([
            (
                "App/Storage.swift",
                """
                import RealmSwift

                final class Storage {
                    lazy var configuration: Realm.Configuration = {
                        let migrationBlock: MigrationBlock = { migration, _ in
                            migration.deleteData(forType: "Cache")
                        }
                        return Realm.Configuration(schemaVersion: 2, migrationBlock: migrationBlock)
                    }()

                    func upgrade() {
                        configuration.schemaVersion = 3
                    }
                }

                let trailing = Realm.Configuration(schemaVersion: 1) { migration, oldSchemaVersion in
                    migration.deleteData(forType: "Other")
                }
                """
            )
        ])
        // The lazy configuration and its later assignment are one configuration, at its highest version.
        #expect(result.schema.version == 3)
        let block = try #require(result.schema.realmConfiguration?.migrationBlock)
        #expect(block.oldSchemaVersionName == "_")
        #expect(Self.body(result).contains(#"migration.deleteData(forType: "Cache")"#))
        #expect(result.schema.realmConfiguration?.notes.contains { $0.message.contains("schemaVersion 1") } == true)
    }

    @Test func aShorthandBlockKeepsItsArguments() throws {
        let result = Self.parse([
            (
                "App/Store.swift",
                "import RealmSwift\nlet config = Realm.Configuration(schemaVersion: 2, migrationBlock: { "
                    + "if $1 < 2 { $0.deleteData(forType: \"Cache\") } })\n"
            )
        ])
        let block = try #require(result.schema.realmConfiguration?.migrationBlock)
        #expect(block.usesShorthandArguments)
        #expect(block.reviewed.isEmpty)
        #expect(Self.body(result).contains(#"if $1 < 2 { $0.deleteData(forType: "Cache") }"#))
    }

    /// Inside `extension Realm`, a bare `Configuration(…)` is `Realm.Configuration(…)`: a factory for the file's
    /// configuration and one for an in-memory store (version 0, no block); the file's, the higher, is carried.
    /// Outside such an extension the same call is another type's.
    @Test func aBareConfigurationInsideAnExtensionOfRealm() throws {
        let result = Self.parse([
            (
                "Services/PersonStore.swift",
                """
                import RealmSwift

                private extension Realm {
                    static func personConfiguration(with fileURL: URL?) -> Configuration {
                        return Configuration(
                            fileURL: fileURL,
                            schemaVersion: 4,
                            migrationBlock: { migration, oldSchemaVersion in
                                if oldSchemaVersion < 4 {
                                    migrateToVersion4(migration)
                                }
                            })
                    }

                    static func personConfigurationInMemory() -> Configuration {
                        return Configuration(inMemoryIdentifier: "tests", schemaVersion: 0, migrationBlock: nil)
                    }

                    static func migrateToVersion4(_ migration: Migration) {
                        migration.deleteData(forType: "Legacy")
                    }
                }

                struct Cache {
                    struct Configuration { var schemaVersion: Int }
                    let configuration = Configuration(schemaVersion: 9)
                }
                """
            )
        ])
        #expect(result.schema.version == 4)
        let configuration = try #require(result.schema.realmConfiguration)
        #expect(configuration.location?.file == "Services/PersonStore.swift" && configuration.location?.line == 5)
        #expect(configuration.migrationBlock != nil)
        #expect(Self.body(result).contains("migrateToVersion4(migration)"))
    }

    /// A `case` label that names app code the generated file lacks (kDrive's `case UploadFileType.phAsset.rawValue:`)
    /// cannot be disabled alone: the whole `switch` is kept for review, with the label's reason; a `switch` whose
    /// labels name only what the generated file has runs as written.
    @Test func aCaseLabelNamingAppCodeKeepsItsSwitchForReview() throws {
        let result = Self.parse([
            (
                "App/Migrations.swift",
                """
                import RealmSwift

                let config = Realm.Configuration(schemaVersion: 3) { migration, oldSchemaVersion in
                    migration.enumerateObjects(ofType: Dog.className()) { oldObject, newObject in
                        switch oldObject!["kind"] as! Int {
                        case UploadKind.photo.rawValue: newObject!["name"] = "photo"
                        default: break
                        }
                        switch oldObject!["kind"] as! Int {
                        case Dog.Kind.veryGood.rawValue: newObject!["name"] = "very good"
                        default: break
                        }
                    }
                }

                enum UploadKind: Int { case photo, video }
                """
            )
        ])
        let block = try #require(result.schema.realmConfiguration?.migrationBlock)
        let reviewed = try #require(block.reviewed.first)
        #expect(block.reviewed.count == 1)
        #expect(reviewed.text.hasPrefix("switch oldObject![\"kind\"] as! Int {\n"))
        #expect(reviewed.text.contains("UploadKind.photo") && reviewed.reason.contains("UploadKind"))
        #expect(
            Self.body(result).contains("case <enum Dog.Kind>.veryGood.rawValue")
                || Self.body(result).contains("case Dog.Kind.veryGood.rawValue"))
    }

    /// Two modules building three configurations (two in one module): the choice is made once over all (the highest
    /// version), and its warning is said once, with all three, not also once for the module's two.
    @Test func configurationsOfSeveralModulesAreChosenAndSaidOnce() {
        let app = RealmModelParser.SourceFile(
            path: "App/Config.swift",
            text: "import RealmSwift\nlet config = Realm.Configuration(schemaVersion: 4)\n")
        let appTests = RealmModelParser.SourceFile(
            path: "App/Preview.swift",
            text: "import RealmSwift\nlet preview = Realm.Configuration(schemaVersion: 3)\n")
        let widget = RealmModelParser.SourceFile(
            path: "Widget/Config.swift",
            text: "import RealmSwift\nlet config = Realm.Configuration(schemaVersion: 2)\n")
        let plan = ModulePlan(modules: [
            .init(name: "App", files: [0, 1, 2], imported: []), .init(name: "Widget", files: [3], imported: [0]),
        ])
        let result = RealmModelParser.parse([Self.models, app, appTests, widget], modules: plan)
        #expect(result.schema.version == 4)
        let warnings = result.diagnostics.filter { $0.message.contains("Realm configurations set a schema version") }
        #expect(warnings.map(\.message.first) == ["3"], "\(warnings)")
    }

    @Test func aLookAlikeIsNotAConfiguration() {
        let result = Self.parse([
            (
                "App/Backup.swift",
                """
                import RealmSwift

                struct Backup {
                    var schemaVersion: Int
                    var migrationBlock: (() -> Void)?
                }

                func restore(_ backup: inout Backup) {
                    backup.schemaVersion = 3
                    backup.migrationBlock = {}
                }
                """
            )
        ])
        #expect(result.schema.version == nil && result.schema.realmConfiguration == nil)
    }
}
