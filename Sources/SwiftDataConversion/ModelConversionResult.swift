import Foundation
import RealmModelParser
import SwiftDataCodegen

/// What a ``ModelConversion`` produced: files to write, the report, and the sources' diagnostics.
public struct ModelConversionResult: Sendable {
    /// The name of the review file, written only when there are members to review.
    public static let reviewFileName = "CarriedOverMembers.swift.txt"

    /// The number of Realm classes converted.
    public var classCount: Int
    /// Problems in the model sources, in file order (`file:line: severity: message`).
    public var diagnostics: [Diagnostic]
    /// What each construct became and what needs a human.
    public var report: ConversionReport
    /// Every Realm class's generated type and every property's Swift name and shape (for rewriting Realm queries).
    public var catalog: GeneratedModelCatalog
    /// The report as the JSON document written to `ConversionReport.json`.
    public var reportJSON: String
    /// Every file to write, in order: the generated Swift (and review file), `ConversionReport.md`,
    /// `ConversionReport.json`.
    public var files: [SwiftDataCodegen.File]

    /// Whether a source had an error: something was left out of the generated code.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    init(classCount: Int, diagnostics: [Diagnostic], generated: SwiftDataCodegen.Output) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        self.classCount = classCount
        self.diagnostics = diagnostics
        report = generated.report
        catalog = generated.catalog
        reportJSON = String(decoding: try encoder.encode(generated.report), as: UTF8.self) + "\n"
        files =
            generated.files + [
                SwiftDataCodegen.File(name: "ConversionReport.md", contents: report.markdown(), isCompiled: false),
                SwiftDataCodegen.File(name: "ConversionReport.json", contents: reportJSON, isCompiled: false),
            ]
    }

    /// Writes every file into `directory` (created if needed), each atomically, and removes a review file left by
    /// an earlier run when this one has none (it would describe members that no longer exist).
    /// - Throws: File system errors.
    public func write(to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for file in files {
            try Data(file.contents.utf8).write(to: directory.appendingPathComponent(file.name), options: .atomic)
        }
        if !files.contains(where: { $0.name == Self.reviewFileName }) {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(Self.reviewFileName))
        }
    }
}
