import Foundation
import RealmModelParser
import RealmSchema
import SwiftDataCodegen

/// The realistic model sets in `Tests/RealmModels` and the option sets they are converted with.
enum RealisticModels {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("RealmModels")

    /// The `.swift` files of one set, sorted, with paths relative to `Tests/RealmModels`.
    static func sources(_ set: String) throws -> [RealmModelParser.SourceFile] {
        let directory = folder.appendingPathComponent(set)
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }
            .sorted().map { name in
                RealmModelParser.SourceFile(
                    path: "\(set)/\(name)",
                    text: try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
            }
    }

    /// One golden case: a model set and options.
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var set: String
        var options: CodegenOptions
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "ModernMusicIOS17", set: "ModernMusic", options: CodegenOptions()),
        Case(
            name: "ModernMusicIOS18Renamed", set: "ModernMusic",
            options: CodegenOptions(minimumIOS: .iOS18, renames: ["Artist": "Performer", "Track": "Song"])),
        Case(
            name: "ModernMusicCloudKit", set: "ModernMusic", options: CodegenOptions(minimumIOS: .iOS18, cloudKit: true)
        ),
        Case(name: "LegacyShopIOS17", set: "LegacyShop", options: CodegenOptions()),
        Case(
            name: "LegacyShopIOS18", set: "LegacyShop",
            options: CodegenOptions(minimumIOS: .iOS18, deleteRules: ["Order.lines": .cascade])),
        Case(name: "LegacyShopCloudKit", set: "LegacyShop", options: CodegenOptions(cloudKit: true)),
    ]

    /// Parses the case's set and generates code; parser diagnostics go into the report, as the CLI does.
    static func convert(_ testCase: Case) throws -> (output: SwiftDataCodegen.Output, parsed: RealmModelParser.Result) {
        let parsed = RealmModelParser.parse(try sources(testCase.set))
        var output = SwiftDataCodegen.generate(parsed.schema, options: testCase.options)
        output.report.addInputProblems(
            parsed.diagnostics.map { ($0.location, "\($0.severity.rawValue): \($0.message)") })
        return (output, parsed)
    }
}
