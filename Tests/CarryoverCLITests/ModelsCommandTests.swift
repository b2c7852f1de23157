import Foundation
import SwiftDataStandIn
import TestSupport
import Testing

/// `carryover realm models`, run as a user runs it.
@Suite struct ModelsCommandTests {
    static let realmModels = Fixtures.packageRoot.appendingPathComponent("Tests/RealmModels")

    @Test func helpDescribesTheCommand() throws {
        let result = try CarryoverBinary.run(["realm", "models", "--help"])
        #expect(result.status == 0)
        #expect(
            result.standardOutput.contains(
                "USAGE: carryover realm models INPUT... --output DIR --min-ios 17|18 [--cloudkit] [--rename OLD=NEW]... "
                    + "--strip-prefix PREFIX [--delete-rule CLASS.PROPERTY=RULE]... [--json]"))
        #expect(result.standardOutput.contains("--cloudkit"))
    }

    @Test func convertsAFolderOfLegacyModels() throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let result = try CarryoverBinary.run([
            "realm", "models", Self.realmModels.appendingPathComponent("LegacyShop").path, "--output", output.url.path,
            "--min-ios", "18", "--rename", "OrderLine=LineItem", "--delete-rule", "Order.lines=cascade",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Converted 6 Realm classes"))
        // The #if in Customer.swift is reported with file:line on stderr.
        #expect(
            result.standardError.contains(
                "LegacyShop/Customer.swift:27: warning: only the first branch of '#if os(iOS)'"))
        let files = try FileManager.default.contentsOfDirectory(atPath: output.url.path).sorted()
        #expect(
            files == [
                "CarriedOverMembers.swift.txt", "ConversionReport.json", "ConversionReport.md", "Models.swift",
                "SchemaV1.swift",
            ])
        let models = try String(contentsOf: output.appending("Models.swift"), encoding: .utf8)
        #expect(models.contains("final class LineItem {"))
        #expect(models.contains("@Relationship(deleteRule: .cascade, inverse: \\LineItem.order)"))
        let compiled = try GeneratedCodeCompiler.typecheck([
            "Models.swift": models,
            "SchemaV1.swift": try String(contentsOf: output.appending("SchemaV1.swift"), encoding: .utf8),
        ])
        #expect(compiled.succeeded, "\(compiled.output)")
    }

    @Test func malformedSourceGivesFileLineDiagnosticsAndStillConvertsTheRest() throws {
        let input = try TemporaryDirectory()
        let output = try TemporaryDirectory()
        defer {
            input.remove()
            output.remove()
        }
        let source = """
            import RealmSwift

            class Good: Object {
                @Persisted(primaryKey: true) var id: Int
                @Persisted var name: String
            }

            class Odd: Object {
                @Persisted var location: CLLocation
                @Persisted var title: String
                @Unknown var wrapped: String = ""
            }
            """
        try Data(source.utf8).write(to: input.appending("Models.swift"))
        try Data("class Broken: Object {\n    @Persisted var a: String\n    func f() {\n".utf8)
            .write(to: input.appending("Broken.swift"))
        let result = try CarryoverBinary.run(["realm", "models", input.url.path, "--output", output.url.path])
        #expect(result.status == 1)
        let path = input.url.path
        #expect(result.standardError.contains("\(path)/Broken.swift:1: error: 'class Broken' is never closed"))
        #expect(
            result.standardError.contains("\(path)/Models.swift:9: error: 'location': unsupported type 'CLLocation'"))
        #expect(result.standardError.contains("\(path)/Models.swift:11: warning: unknown property wrapper '@Unknown'"))
        let models = try String(contentsOf: output.appending("Models.swift"), encoding: .utf8)
        #expect(models.contains("final class Good {"))
        #expect(models.contains("final class Odd {\n    var title: String\n"))
        #expect(models.contains("final class Broken {\n    var a: String\n"))
    }

    @Test func convertsARealmFileAndPrintsTheReportAsJSON() throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let result = try CarryoverBinary.run([
            "realm", "models", Fixtures.realm("music.v24.realm").path, "--output", output.url.path, "--json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect((report["classNames"] as? [String: String])?.keys.sorted() == ["Album", "Artist", "Playlist", "Track"])
        let written = try Data(contentsOf: output.appending("ConversionReport.json"))
        #expect(String(decoding: written, as: UTF8.self) == result.standardOutput)
    }

    @Test func usageErrorsExitWith64() throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let shop = Self.realmModels.appendingPathComponent("LegacyShop").path
        for (arguments, message) in [
            ([shop, "--output", output.url.path, "--min-ios", "16"], "'16' is not a valid value for '--min-ios'"),
            ([shop, "--output", output.url.path, "--rename", "Customer"], "'--rename' expects NAME=VALUE"),
            (
                [shop, "--output", output.url.path, "--delete-rule", "Order.lines=explode"],
                "'explode' is not a delete rule"
            ),
            ([shop, Fixtures.realm("music.v24.realm").path, "--output", output.url.path], "exactly one .realm file"),
            ([shop], "Missing expected option '--output'"),
        ] {
            let result = try CarryoverBinary.run(["realm", "models"] + arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.standardError.contains(message), "\(result.standardError)")
        }
    }

    @Test func anEncryptedRealmFileFailsWithAClearError() throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let result = try CarryoverBinary.run([
            "realm", "models", Fixtures.realm("music_encrypted.v24.realm").path, "--output", output.url.path,
        ])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(result.standardError.lowercased().contains("encrypted"))
    }
}
