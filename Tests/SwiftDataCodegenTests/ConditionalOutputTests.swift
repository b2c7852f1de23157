import Foundation
import RealmModelParser
import SwiftDataCodegen
import SwiftDataConversion
import SwiftDataStandIn
import Testing

/// Models and properties under `#if` / `#elseif` / `#else` (`Tests/RealmModels/Conditional`, both styles): the output
/// keeps each under its clauses as written, in every generated file, and type-checks under every combination of the
/// custom conditions (set with `-D`; `canImport(UIKit)` and `os(iOS)` are false on Linux, `os(macOS)` too).
@Suite struct ConditionalOutputTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("RealmModels/Conditional")

    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var folder: String
        var minimumIOS: CodegenOptions.MinimumIOS
        var cloudKit = false
        /// The custom conditions the inputs test; the compile check tries every subset.
        var conditions: [String]
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "ConditionalModern", folder: "Modern", minimumIOS: .iOS18,
            conditions: ["FEATURE_SYNC", "FEATURE_UUID_KEYS", "DEBUG"]),
        Case(
            name: "ConditionalModernIOS17", folder: "Modern", minimumIOS: .iOS17,
            conditions: ["FEATURE_SYNC", "FEATURE_UUID_KEYS"]),
        Case(
            name: "ConditionalLegacy", folder: "Legacy", minimumIOS: .iOS18,
            conditions: ["FEATURE_SYNC", "FEATURE_UUID_KEYS", "DEBUG"]),
        Case(
            name: "ConditionalLegacyCloudKit", folder: "Legacy", minimumIOS: .iOS18, cloudKit: true,
            conditions: ["FEATURE_SYNC", "FEATURE_UUID_KEYS"]),
    ]

    static func convert(_ testCase: Case) throws -> ModelConversionResult {
        let conversion = ModelConversion(
            inputs: [root.appendingPathComponent(testCase.folder)],
            options: CodegenOptions(minimumIOS: testCase.minimumIOS, cloudKit: testCase.cloudKit))
        return try conversion.run().relative(to: root)
    }

    static func file(_ name: String, of result: ModelConversionResult) throws -> String {
        try #require(result.files.first { $0.name == name }?.contents)
    }

    @Test(arguments: cases) func matchesGolden(_ testCase: Case) throws {
        let result = try Self.convert(testCase)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        try Golden.check(result.files.map { ($0.name, $0.contents) }, case: testCase.name)
    }

    /// Every subset of the case's conditions: each must type-check, with no warning.
    @Test(arguments: cases) func compilesUnderEveryCombinationOfConditions(_ testCase: Case) throws {
        let result = try Self.convert(testCase)
        let compiled = Dictionary(
            uniqueKeysWithValues: result.files.filter(\.isCompiled).map { ($0.name, $0.contents) })
        for mask in 0..<(1 << testCase.conditions.count) {
            let set = testCase.conditions.indices.filter { mask & (1 << $0) != 0 }.map { testCase.conditions[$0] }
            let outcome = try GeneratedCodeCompiler.typecheck(compiled, compilationConditions: set)
            #expect(outcome.succeeded && !outcome.output.contains("warning:"), "-D \(set): \(outcome.output)")
        }
    }

    /// The conditions matter: the same output with every `#if` line dropped (all branches at once) does not compile,
    /// because the classes of every combination are then declared together.
    @Test func droppingTheConditionsBreaksTheOutput() throws {
        let result = try Self.convert(Self.cases[0])
        var compiled = Dictionary(
            uniqueKeysWithValues: result.files.filter(\.isCompiled).map { ($0.name, $0.contents) })
        for (name, contents) in compiled {
            compiled[name] =
                contents.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { line in
                    let code = line.trimmingCharacters(in: .whitespaces)
                    return !["#if", "#elseif", "#else", "#endif"].contains { code.hasPrefix($0) }
                }
                .joined(separator: "\n")
        }
        let outcome = try GeneratedCodeCompiler.typecheck(compiled)
        #expect(!outcome.succeeded)
        #expect(outcome.output.contains("invalid redeclaration"), "\(outcome.output)")
    }

    /// The `@Model` class is written whole once per combination of its members' clauses (a macro reads the class's
    /// syntax and cannot tell which clause of an `#if` among the members is active); everything else keeps `#if`
    /// around the member itself.
    @Test func modernModelsKeepEachDeclarationUnderItsClauses() throws {
        let result = try Self.convert(Self.cases[0])
        let models = try Self.file("Models.swift", of: result)
        // 2 key types × sync or not × 4 platform branches; every copy has one `id` and one `init`.
        #expect(models.components(separatedBy: "final class Account {").count - 1 == 16)
        #expect(models.components(separatedBy: "        var id: UUID\n").count - 1 == 8)
        #expect(models.components(separatedBy: "        var id: Int\n").count - 1 == 8)
        // The first combination, and the `#elseif` chain as written (branches false on Linux included).
        #expect(
            models.contains(
                "#if FEATURE_UUID_KEYS\n    #if FEATURE_SYNC\n        #if canImport(UIKit)\n            @Model\n"
                    + "            final class Account {\n                #Unique<Account>([\\.id])\n"
                    + "                #Index<Account>([\\.syncedAt], [\\.realmObjectKey])\n\n"
                    + "                var id: UUID\n"))
        for branch in ["#elseif os(macOS)", "#elseif os(iOS) && DEBUG", "#else"] {
            #expect(
                models.contains("        \(branch)\n            @Model\n            final class Account {"), "\(branch)"
            )
        }
        #expect(
            models.contains(
                "    #else\n        #if canImport(UIKit)\n            @Model\n            final class Account {"))
        // A model only under FEATURE_SYNC with nested `#if DEBUG` / `#if FEATURE_UUID_KEYS`, and its enum.
        #expect(
            models.contains(
                "#if FEATURE_SYNC\n    #if DEBUG\n        #if FEATURE_UUID_KEYS\n            @Model\n"
                    + "            final class SyncToken {"))
        #expect(models.contains("#if FEATURE_SYNC\n    enum SyncScope: Int, Codable, CaseIterable {"))
        // The embedded struct keeps `#if` around its field (Codable is synthesized after `#if` is decided).
        #expect(
            models.contains(
                "    var bio: String = \"\"\n    #if FEATURE_SYNC\n        var remoteID: String? = nil\n    #endif"))

        let schema = try Self.file("SchemaV1.swift", of: result)
        #expect(
            schema.contains(
                "        #if FEATURE_SYNC\n            models.append(SyncToken.self)\n"
                    + "            models.append(AccountSyncTokensEntry.self)\n        #endif"))
        let importer = try Self.file("RealmImporter.swift", of: result)
        #expect(
            importer.contains(
                "        #if FEATURE_SYNC\n            classes.append(SyncTokenImporter())\n        #endif"))
        #expect(importer.contains("#if FEATURE_SYNC\n    extension SyncToken: RealmImportedModel {"))
        #expect(importer.contains("#if FEATURE_SYNC\n    extension SyncScope: RealmStorableEnum {}\n#endif"))
        #expect(
            importer.contains(
                "        #if FEATURE_SYNC\n            fields.append(.list(\"syncTokens\", \\.syncTokensEntries, ordered: \\.syncTokens))\n"
            ))

        let report = result.report
        let conditions = Dictionary(
            report.constructs.filter { $0.realm.hasPrefix("@Persisted") || $0.realm.hasPrefix("class") }
                .map { ($0.subject + " " + $0.swiftData, $0.condition ?? "") }, uniquingKeysWith: { first, _ in first })
        #expect(conditions["Account.id var id: UUID"] == "FEATURE_UUID_KEYS")
        #expect(conditions["Account.id var id: Int"] == "!(FEATURE_UUID_KEYS)")
        #expect(
            conditions["Account.theme var theme: Theme"] == "!(canImport(UIKit)) && !(os(macOS)) && !(os(iOS) && DEBUG)"
        )
        #expect(conditions["SyncToken.issuerID var issuerID: UUID?"] == "FEATURE_SYNC && DEBUG && FEATURE_UUID_KEYS")
        #expect(conditions["SyncToken @Model final class SyncToken"] == "FEATURE_SYNC")
        #expect(report.markdown().contains("`var dockBadge: Int` under `#if !(canImport(UIKit)) && os(macOS)`"))
    }

    @Test func legacyModelsKeepEachDeclarationUnderItsClauses() throws {
        let result = try Self.convert(Self.cases[2])
        let models = try Self.file("Models.swift", of: result)
        // 2 number types × sync or not × 3 topic branches.
        #expect(models.components(separatedBy: "final class Invoice {").count - 1 == 12)
        // The index on a conditional property is in the `#Index` of the builds that have it, and the inverse
        // carryover adds for `Batch.invoices` exists only where `Batch` does (another block that reads the same).
        #expect(
            models.contains(
                "#if FEATURE_UUID_KEYS\n    #if FEATURE_SYNC\n        #if os(iOS)\n            @Model\n"
                    + "            final class Invoice {\n                #Unique<Invoice>([\\.number])\n"
                    + "                #Index<Invoice>([\\.total], [\\.remoteRevision], [\\.realmObjectKey])\n\n"
                    + "                var number: String\n"))
        #expect(models.components(separatedBy: "#Index<Invoice>([\\.total], [\\.realmObjectKey])").count - 1 == 6)
        #expect(models.components(separatedBy: "var batchInvoicesEntries: [BatchInvoicesEntry] = []").count - 1 == 6)
        // The LinkingObjects of a conditional model reads the entries of the conditional list.
        #expect(models.contains("var invoices: [Invoice] { invoiceRemindersEntries.compactMap(\\.owner) }"))
        // A map of links under the condition: its entry model, schema entry and conformance are under it too.
        #expect(models.contains("#if FEATURE_SYNC\n    /// One entry of a Realm map of links held by `Invoice`"))
        let schema = try Self.file("SchemaV1.swift", of: result)
        #expect(
            schema.contains(
                "            models.append(Batch.self)\n            models.append(InvoiceRemindersByDayEntry.self)\n"
                    + "            models.append(InvoiceRemindersEntry.self)\n            models.append(BatchInvoicesEntry.self)\n"
                    + "        #endif"
            ))
        let importer = try Self.file("RealmImporter.swift", of: result)
        #expect(
            importer.contains(
                "#if FEATURE_SYNC\n    extension InvoiceRemindersByDayEntry: RealmLinkMapEntry {}\n#endif"))
        #expect(
            importer.contains("#if FEATURE_SYNC\n    /// Imports the Realm class `Reminder`")
                || importer.contains("#if FEATURE_SYNC\n    extension Reminder: RealmImportedModel"))
    }

    /// Source is untrusted: forty independent `#if` blocks in one class give at most 64 copies of the class, and
    /// the report says the combinations were not all told apart.
    @Test func manyIndependentBlocksStayBounded() throws {
        let blocks = (0..<40).map { "    #if F\($0)\n    @Persisted var p\($0): Int\n    #endif\n" }.joined()
        let source = "import RealmSwift\nclass Wide: Object {\n\(blocks)}\n"
        let parsed = RealmModelParser.parse([.init(path: "Wide.swift", text: source)])
        let output = SwiftDataCodegen.generate(parsed.schema, options: CodegenOptions(minimumIOS: .iOS17))
        let models = try #require(output.files.first { $0.name == "Models.swift" }?.contents)
        let copies = models.components(separatedBy: "final class Wide {").count - 1
        #expect(copies > 1 && copies <= 64)
        #expect(output.report.needsHuman.contains { $0.message.contains("combinations of '#if' clauses") })
        let parse = try GeneratedCodeCompiler.parse(["Models.swift": models])
        #expect(parse.succeeded, "\(parse.output)")
    }
}
