import Foundation
import RealmModelParser
import RealmSchema
import SwiftDataCodegen
import SwiftDataConversion
import SwiftDataStandIn
import Testing

/// The app's Realm configuration carried into the generated code (`Projects/MigratingApp`): `realmModels` in the
/// importer, the migration block in `RealmSchemaUpgrade.swift` with what needs review disabled and reported with
/// the app's `file:line`; and blocks of every shape compiled against the runtime.
@Suite struct MigrationBlockTests {
    static let root = ProjectPatternsTests.root

    static func convert() throws -> ModelConversionResult {
        let conversion = ModelConversion(
            inputs: [root.appendingPathComponent("MigratingApp")],
            options: CodegenOptions(renames: ["Contact": "Person"]))
        return try conversion.run().relative(to: root)
    }

    static func file(_ name: String, _ files: [SwiftDataCodegen.File]) -> String {
        files.first { $0.name == name }?.contents ?? ""
    }

    static func compiled(_ files: [SwiftDataCodegen.File]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: files.filter(\.isCompiled).map { ($0.name, $0.contents) })
    }

    @Test func projectMatchesGolden() throws {
        try Golden.check(Self.convert().files.map { ($0.name, $0.contents) }, case: "ProjectMigratingApp")
    }

    @Test func projectCompilesWithTheBlockAndItsDisabledStatements() throws {
        let files = try Self.convert().files
        #expect(Self.file("RealmSchemaUpgrade.swift", files).contains("#if CARRYOVER_REVIEW"))
        let outcome = try GeneratedCodeCompiler.typecheck(Self.compiled(files))
        #expect(outcome.succeeded && !outcome.output.contains("warning:"), "\(outcome.output)")
    }

    @Test func theBlockRunsAsWrittenUnderTheGeneratedNames() throws {
        let files = try Self.convert().files
        let upgrade = Self.file("RealmSchemaUpgrade.swift", files)
        for line in [
            "@Sendable func realmMigrationBlock(_ migration: Migration, _ oldSchemaVersion: UInt64) {",
            "    migration.enumerateObjects(ofType: Person.className()) { oldObject, newObject in",
            "    let everyone = migration.create(ContactGroup.className(), value: [\"name\": \"Everyone\"])",
            "        let groups = newObject[\"groups\"] as! List<MigrationObject>",
            "        newObject[\"kind\"] = ContactKind.friend.rawValue",
            "extension Person {",
            "    static func className() -> String { \"Contact\" }",
        ] {
            #expect(upgrade.contains(line), "missing: \(line)")
        }
        let importer = Self.file("RealmImporter.swift", files)
        for line in [
            "import RealmSchema\nimport RealmSchemaUpgrade\n",
            "schema: RealmSchema.Schema(version: 5, objectTypes: Self.realmObjectTypes),",
            "migrationBlock: realmMigrationBlock,", "deleteRealmIfMigrationNeeded: false",
            "RealmSchema.ObjectSchema(name: \"Contact\", primaryKey: \"id\", properties: Self.personRealmProperties),",
            "RealmSchema.ObjectSchema(\n                name: \"PostalAddress\", kind: .embedded,",
            "name: \"members\", type: .linkingObjects, collection: .list, objectClassName: \"Contact\",",
            "\"rating\": .double(2.5),", "\"kind\": .string(\"friend\"),",
        ] {
            #expect(importer.contains(line), "missing: \(line)")
        }
        // `Date()` is not a literal: not a model default (and reported).
        #expect(!importer.contains("\"createdAt\": ."))
    }

    @Test func whatNeedsReviewIsReportedWithTheAppsFileAndLine() throws {
        let result = try Self.convert()
        let report = Self.file("ConversionReport.md", result.files)
        #expect(report.contains("### Realm configuration and migration block"))
        for (line, reason) in [
            (20, "`logger` is app code the generated file does not have"),
            (42, "`UserDefaults` is I/O or app state outside the Realm file"),
            (45, "it declares a variable that code needing review uses"),
            (49, "`removed` is declared by code that needs review"),
            (53, "`shared` is app code the generated file does not have"),
        ] {
            #expect(
                report.contains(
                    "- `migrationBlock`: kept for review, disabled under #if CARRYOVER_REVIEW in RealmSchemaUpgrade.swift: "
                        + "\(reason)")
                    && report.contains("(MigratingApp/Database/DatabaseManager.swift:\(line))"), "line \(line)")
        }
        #expect(report.contains("(MigratingApp/ShareExtension/ShareViewController.swift:8)"))
        #expect(
            report.contains("`modelDefaults`: defaults that are not literal values")
                && report.contains("Contact.createdAt"))
        let items = result.report.needsHuman.filter {
            $0.concern == .realmConfiguration && $0.subject == "migrationBlock"
        }
        #expect(items.map { $0.location?.line ?? 0 } == [20, 42, 45, 49, 52, 53])
    }

    /// A block with every shape the carrier handles, and the Realm uses it must disable.
    static let shapes = """
        import RealmSwift

        final class Migrator {
            var realm: Realm?

            func configuration() -> Realm.Configuration {
                Realm.Configuration(schemaVersion: 9, migrationBlock: { migration, oldVersion in
                    switch oldVersion {
                    case 0:
                        self.reset()
                    case 1, 2:
                        migration.deleteData(forType: "Draft")
                    default:
                        break
                    }
                    migration.enumerateObjects(ofType: String(describing: Track.self)) { old, new in
                        guard let old else {
                            Log.warning("no old object")
                            return
                        }
                        new?["title"] = (old["name"] as? String)?.capitalized ?? ""
                        if let genre = old["genre"] as? String {
                            new?["genre"] = genre == "rock" ? Track.Genre.rock.rawValue : Track.Genre.pop.rawValue
                        }
                        for tag in old["tags"] as! List<String> where !tag.isEmpty {
                            (new?["tags"] as? List<String>)?.append(tag.lowercased())
                        }
                        do {
                            let id = try ObjectId(string: old["legacyID"] as? String ?? "")
                            new?["externalID"] = id.stringValue
                        } catch {
                            print("bad id: \\(error)")
                        }
                        let plays = (old["plays"] as? Int).map { $0 * 2 } ?? 0
                        new?.plays = plays
                        print("\\(Track.className()) \\(plays)")
                    }
                    let titles = migration.oldSchema.objectSchema.map(\\.className)
                    print(titles)
                    let rock = migration.create(Track.className(), value: ["title": "Rock"])
                    rock["plays"] = 1
                    print(rock.objectSchema)
                    _ = Track(value: ["title": "Another"])
                    let cached = self.realm?.objects(Track.self).filter("plays > 3").sorted(byKeyPath: "title")
                    print(cached?.count ?? 0)
                })
            }

            func reset() {}
        }

        final class Track: Object {
            @Persisted var title = ""
            @Persisted var genre: Genre = .pop
            @Persisted var tags: List<String>
            @Persisted var externalID: String?
            @Persisted var plays = 0

            enum Genre: String, PersistableEnum {
                case rock
                case pop
            }
        }
        """

    static func generateShapes(options: CodegenOptions = CodegenOptions()) -> (
        RealmModelParser.Result, SwiftDataCodegen.Output
    ) {
        let parsed = RealmModelParser.parse([.init(path: "App/Migrator.swift", text: shapes)])
        return (parsed, SwiftDataCodegen.generate(parsed.schema, options: options))
    }

    @Test func everyShapeCompilesAndEachRealmUseIsDisabled() throws {
        let (parsed, output) = Self.generateShapes(options: CodegenOptions(renames: ["Track": "Song"]))
        let block = try #require(parsed.schema.realmConfiguration?.migrationBlock)
        #expect(
            block.reviewed.map(\.location.line) == [10, 18, 38, 39, 42, 43, 44, 45],
            "\(block.reviewed.map { "\($0.location.line): \($0.reason)" })")
        let reasons = Dictionary(block.reviewed.map { ($0.location.line, $0.reason) }, uniquingKeysWith: { $1 })
        #expect(reasons[10]?.contains("`self` is the app type") == true)
        #expect(reasons[18] == "`Log` is app code the generated file does not have")
        #expect(reasons[38]?.contains("`migration.oldSchema` is RealmSwift's `Schema`") == true)
        #expect(reasons[39] == "`titles` is declared by code that needs review")
        #expect(reasons[42]?.contains("`.objectSchema` is Realm API") == true)
        #expect(reasons[43]?.contains("uses the Realm model class `Track` itself") == true)
        #expect(reasons[44]?.contains("`self` is the app type") == true)
        #expect(reasons[45] == "`cached` is declared by code that needs review")
        let upgrade = Self.file("RealmSchemaUpgrade.swift", output.files)
        for line in [
            "migration.enumerateObjects(ofType: Song.className()) { old, new in",
            "Song.Genre.rock.rawValue : Song.Genre.pop.rawValue", "print(\"\\(Song.className()) \\(plays)\")",
            "let rock = migration.create(Song.className(), value: [\"title\": \"Rock\"])",
            // The `case` whose statement is disabled gets a `break`; the `guard` keeps its `return`.
            "        self.reset()\n        #endif\n        break\n",
            "            Log.warning(\"no old object\")\n            #endif\n            return\n",
        ] {
            #expect(upgrade.contains(line), "missing: \(line)\n\(upgrade)")
        }
        let outcome = try GeneratedCodeCompiler.typecheck(Self.compiled(output.files))
        #expect(outcome.succeeded && !outcome.output.contains("warning:"), "\(outcome.output)")
    }

    @Test func shorthandAndUnnamedParametersCompile() throws {
        for block in [
            "{ if $1 < 2 { $0.deleteData(forType: \"Old\") } }", "{ _, _ in }",
            "{ migration, _ in migration.renameProperty(onType: \"Item\", from: \"a\", to: \"b\") }",
        ] {
            let source = """
                import RealmSwift
                final class Item: Object { @Persisted var b = "" }
                let config = Realm.Configuration(schemaVersion: 2, migrationBlock: \(block))
                """
            let output = SwiftDataCodegen.generate(
                RealmModelParser.parse([.init(path: "Item.swift", text: source)]).schema)
            let outcome = try GeneratedCodeCompiler.typecheck(Self.compiled(output.files))
            #expect(outcome.succeeded && !outcome.output.contains("warning:"), "\(block)\n\(outcome.output)")
        }
    }

    @Test func aRealmFilesSchemaIsTheAppsAtTheFilesVersion() {
        let schema = Schema(
            version: 7,
            objectTypes: [ObjectSchema(name: "Note", properties: [Property(name: "text", type: .string)])])
        let output = SwiftDataCodegen.generate(schema)
        let importer = Self.file("RealmImporter.swift", output.files)
        #expect(importer.contains("schema: RealmSchema.Schema(version: 7, objectTypes: Self.realmObjectTypes),"))
        #expect(!importer.contains("migrationBlock:"))
        #expect(!output.files.contains { $0.name == "RealmSchemaUpgrade.swift" })
        #expect(
            output.report.needsHuman.contains {
                $0.concern == .realmConfiguration && $0.message.contains("a .realm file")
            })
    }

    @Test func sourcesWithoutAConfigurationDeclareRealmsDefaultVersion() {
        let source = "import RealmSwift\nfinal class Note: Object { @Persisted var text = \"\" }\n"
        let output = SwiftDataCodegen.generate(RealmModelParser.parse([.init(path: "Note.swift", text: source)]).schema)
        #expect(
            Self.file("RealmImporter.swift", output.files).contains(
                "schema: RealmSchema.Schema(version: 0, objectTypes: Self.realmObjectTypes),"))
        #expect(output.report.needsHuman.contains { $0.message.contains("declares version 0, Realm's default") })
    }

    @Test func anUnreadableVersionGivesNoRealmModels() throws {
        let source = """
            import RealmSwift
            final class Note: Object { @Persisted var text = "" }
            let config = Realm.Configuration(schemaVersion: currentVersion(), migrationBlock: { _, _ in })
            """
        let output = SwiftDataCodegen.generate(RealmModelParser.parse([.init(path: "Note.swift", text: source)]).schema)
        #expect(Self.file("RealmImporter.swift", output.files).contains("var realmModels: RealmAppModels? { nil }"))
        let outcome = try GeneratedCodeCompiler.typecheck(Self.compiled(output.files))
        #expect(outcome.succeeded && !outcome.output.contains("warning:"), "\(outcome.output)")
    }

    /// An Objective-C app's block cannot be carried: realmModels keeps the app's version and names the block as not
    /// carried (so an older file is refused, not upgraded without it); the importer compiles and the report points at
    /// the block.
    @Test func anObjectiveCBlockIsNamedAsNotCarried() throws {
        let model = "@interface Note : RLMObject\n@property NSString *text;\n@end\n"
        let delegate = """
            @implementation AppDelegate
            - (void)configureRealm {
                RLMRealmConfiguration *config = [RLMRealmConfiguration defaultConfiguration];
                config.schemaVersion = 3;
                config.migrationBlock = ^(RLMMigration *migration, uint64_t oldSchemaVersion) {};
                [RLMRealmConfiguration setDefaultConfiguration:config];
            }
            @end
            """
        let parsed = RealmModelParser.parse([
            .init(path: "Note.h", text: model), .init(path: "AppDelegate.m", text: delegate),
        ])
        let output = SwiftDataCodegen.generate(parsed.schema)
        let importer = Self.file("RealmImporter.swift", output.files)
        #expect(importer.contains("RealmSchema.Schema(version: 3,"))
        #expect(
            importer.contains(
                #"migrationBlockNotCarried: "the migration block at AppDelegate.m:5 is an Objective-C block""#))
        #expect(
            output.report.needsHuman.contains {
                $0.message.contains("AppDelegate.m:5") && $0.message.contains("migrationBlockNotCarried")
            })
        let outcome = try GeneratedCodeCompiler.typecheck(Self.compiled(output.files))
        #expect(outcome.succeeded && !outcome.output.contains("warning:"), "\(outcome.output)")
    }
}
