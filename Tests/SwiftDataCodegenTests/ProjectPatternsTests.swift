import Foundation
import RealmModelParser
import SwiftDataCodegen
import SwiftDataConversion
import SwiftDataStandIn
import SwiftSourceSyntax
import Testing

/// Whole project folders in both model styles (`Tests/RealmModels/Projects`), converted the way the CLI does:
/// superclasses, embedded types, enums and override constants in other files, `#if` branches, non-Realm code and
/// vendored folders. Goldens, a compile check, and the same folders with files left out (types assumed).
@Suite struct ProjectPatternsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("RealmModels/Projects")

    /// One project case: inputs (relative to `Projects`), exclusions, and whether the output is complete enough to
    /// compile (a case with files left out names types it does not declare).
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var inputs: [String]
        var excludes: [String] = []
        var compiles = true
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "ProjectModern", inputs: ["Modern"]),
        Case(name: "ProjectLegacy", inputs: ["Legacy"], excludes: ["Generated/**"]),
        Case(name: "ProjectModernPartial", inputs: ["Modern/Models"], compiles: false),
        Case(name: "ProjectLegacyPartial", inputs: ["Legacy/Models"], compiles: false),
    ]

    static func convert(_ testCase: Case) throws -> ModelConversionResult {
        let conversion = ModelConversion(
            inputs: testCase.inputs.map { root.appendingPathComponent($0) },
            options: CodegenOptions(minimumIOS: .iOS18),
            excludes: testCase.excludes.map(PathGlob.init))
        return try conversion.run().relative(to: root)
    }

    @Test(arguments: cases) func matchesGolden(_ testCase: Case) throws {
        let result = try Self.convert(testCase)
        try Golden.check(result.files.map { ($0.name, $0.contents) }, case: testCase.name)
    }

    @Test(arguments: cases.filter(\.compiles)) func compilesAgainstTheSwiftDataStandIn(_ testCase: Case) throws {
        let result = try Self.convert(testCase)
        let compiled = Dictionary(
            uniqueKeysWithValues: result.files.filter(\.isCompiled).map { ($0.name, $0.contents) })
        let outcome = try GeneratedCodeCompiler.typecheck(compiled)
        #expect(outcome.succeeded && !outcome.output.contains("warning:"), "\(outcome.output)")
    }

    @Test func modernProjectKeepsEveryPersistedPropertyAcrossFiles() throws {
        let result = try Self.convert(Self.cases[0])
        #expect(result.classCount == 6)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let models = try #require(result.files.first { $0.name == "Models.swift" }?.contents)
        // The model only under `#if canImport(UIKit)`, every branch's property (each under its clause), the
        // inherited key; no vendored or non-Realm class.
        #expect(models.contains("final class FolderIcon {"))
        for member in ["var badgeCount: Int", "var dockTitle: String", "var widgetText: String?", "var id: String"] {
            #expect(models.contains(member), "\(member)")
        }
        #expect(!models.contains("VendoredCache") && !models.contains("InboxModel"))
        // In each of the three `#if os(iOS)` / `#elseif os(macOS)` / `#else` copies of `Message`.
        #expect(
            models.components(separatedBy: "@Relationship(deleteRule: .nullify)\n        var sender: Contact?").count
                == 4)
        #expect(models.contains("var attachments: [Attachment]"))
        #expect(models.contains("var state: DeliveryState"))
    }

    @Test func legacyProjectResolvesOverrideConstantsAcrossFiles() throws {
        let result = try Self.convert(Self.cases[1])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let models = try #require(result.files.first { $0.name == "Models.swift" }?.contents)
        #expect(models.contains("#Unique<Customer>([\\.uuid])"))
        #expect(models.contains("#Unique<Order>([\\.number])"))
        #expect(models.contains("#Unique<OrderLine>([\\.sku])"))
        #expect(models.contains("#Index<Customer>([\\.name], [\\.email], [\\.tier], [\\.realmObjectKey])"))
        #expect(!models.contains("sessionToken") && !models.contains("MockCustomer"))
        #expect(models.contains("var pushToken: String?") && models.contains("var desktopID: String?"))
    }

    @Test func typesOfFilesLeftOutKeepTheirPropertiesAsAssumed() throws {
        let result = try Self.convert(Self.cases[2])
        let assumed = result.diagnostics.filter { $0.message.hasPrefix("assumed: ") }.map(\.message)
        #expect(
            Set(assumed.compactMap { $0.split(separator: " ").dropFirst().first.map(String.init) }) == [
                "Contact", "Attachment", "DeliveryState",
            ])
        let models = try #require(result.files.first { $0.name == "Models.swift" }?.contents)
        for member in [
            "var sender: Contact?", "var attachments: [Attachment] = []", "var state: DeliveryState",
            "var history: [DeliveryState] = []",
        ] {
            #expect(models.contains(member), "\(member)")
        }
        let importer = try #require(result.files.first { $0.name == "RealmImporter.swift" }?.contents)
        #expect(importer.contains("try record.requireEmpty(\"attachments\")"))
        #expect(importer.contains("state: try record[\"state\"]"))
        // `Record` is not declared either, but the classes plainly are Realm models.
        #expect(result.diagnostics.contains { $0.message.contains("inherits from 'Record'") })
    }
}
