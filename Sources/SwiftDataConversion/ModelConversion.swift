import Foundation
import RealmModelParser
import RealmSchema
import SwiftDataCodegen
import SwiftSourceSyntax

/// The Realm models → SwiftData flow as one call: reads Realm model sources and/or one `.realm` file, generates the
/// SwiftData code and the conversion report, and writes them to a folder.
///
/// Inputs are source files (`.swift`, and Objective-C `.h`, `.m`, `.mm`), folders of them (whole app folders:
/// searched recursively, build and vendor folders skipped, `excludes` left out) and at most one `.realm` file. With only the
/// file, its schema is converted. With sources too, the sources' models are converted and the file contributes its
/// data: whether each list of objects is one-to-many or many-to-many, which source code cannot tell; the type of
/// every persisted property the sources leave open; and a diagnostic for every class and property where the two
/// differ (an error for a stored column or class the models would not hold). Problems in the sources are
/// diagnostics (and items of the report); everything else is still converted.
///
/// ```swift
/// let conversion = ModelConversion(inputs: [modelsFolder, realmURL], options: CodegenOptions(minimumIOS: .iOS18))
/// let result = try conversion.run()
/// for diagnostic in result.diagnostics { print(diagnostic) }
/// try result.write(to: outputFolder)
/// ```
public struct ModelConversion: Sendable, Hashable {
    /// Swift files, folders of Swift files, and/or one `.realm` file.
    public var inputs: [URL]
    /// Target iOS, CloudKit, renames, delete rules. Its `listUsage` and `decimalsStoredAsText` are replaced by the
    /// `.realm` file's, if any.
    public var options: CodegenOptions
    /// The 64-byte key of an encrypted `.realm` input.
    public var encryptionKey: Data?
    /// Source paths to leave out (generated or vendored code), matched against paths relative to each input folder.
    public var excludes: [PathGlob]

    /// Describes a conversion; nothing is read until ``run()``.
    /// - Parameters:
    ///   - inputs: Swift files, folders of Swift files, and/or one `.realm` file.
    ///   - options: How to generate the models.
    ///   - encryptionKey: The key of an encrypted `.realm` input.
    ///   - excludes: Source paths to leave out.
    public init(
        inputs: [URL], options: CodegenOptions = CodegenOptions(), encryptionKey: Data? = nil, excludes: [PathGlob] = []
    ) {
        self.inputs = inputs
        self.options = options
        self.encryptionKey = encryptionKey
        self.excludes = excludes
    }

    /// Reads the inputs and generates the files.
    /// - Returns: The generated files (the report's two files included), the report and the sources' diagnostics.
    /// - Throws: ``ModelConversionError`` for unusable inputs, `RealmFileError` for an unreadable `.realm` file,
    ///   file system errors reading sources.
    public func run() throws -> ModelConversionResult {
        let realmFiles = inputs.filter { $0.pathExtension == "realm" }
        guard realmFiles.count <= 1 else { throw ModelConversionError.severalRealmFiles }
        guard !realmFiles.isEmpty || encryptionKey == nil else {
            throw ModelConversionError.encryptionKeyWithoutRealmFile
        }
        var options = options
        let fileModels = try realmFiles.first.map { try RealmFileModels(url: $0, encryptionKey: encryptionKey) }
        // With sources too, the file only contributes its data: how each list of objects is used.
        if let fileModels {
            options.listUsage = fileModels.listUsage
            options.decimalsStoredAsText = fileModels.decimalsStoredAsText
            options.valuesHoldingNaN = fileModels.valuesHoldingNaN
        }
        let sourceInputs = inputs.filter { $0.pathExtension != "realm" }
        var schema: ModelSchema
        var diagnostics: [Diagnostic] = []
        if let fileModels, sourceInputs.isEmpty {
            schema = ModelSchema(fileModels.schema)
        } else {
            let (sources, paths) = try Self.readSources(sourceInputs, excluding: excludes)
            guard !sources.isEmpty else { throw ModelConversionError.noSwiftSources }
            let layout = ProjectLayout.find(in: sourceInputs, excluding: excludes)
            // Swift files are resolved module by module; Objective-C models join them, links resolving across both
            // (those of files only test targets compile are reported, as Swift ones are).
            let swift = sources.indices.filter { !RealmModelParser.isObjectiveC(sources[$0].path) }
            let objectiveC = sources.indices.filter { RealmModelParser.isObjectiveC(sources[$0].path) }
            let testsOnly = layout.modules(of: objectiveC.map { paths[$0] }).testsOnly
            let parsed = RealmModelParser.adding(
                objectiveC: objectiveC.map { sources[$0] },
                to: RealmModelParser.parse(
                    swift.map { sources[$0] }, modules: layout.modules(of: swift.map { paths[$0] })),
                testOnlyFiles: Set(testsOnly.filter(objectiveC.indices.contains).map { sources[objectiveC[$0]].path }))
            diagnostics =
                layout.problems.map { Diagnostic(.warning, SourceLocation(file: $0.path, line: 1), $0.message) }
                + parsed.diagnostics
            schema = parsed.schema
        }
        guard !schema.objectTypes.isEmpty else { throw ModelConversionError.noModelClasses(diagnostics: diagnostics) }
        var comparison: SourceFileComparison?
        if let fileModels, let realmFile = realmFiles.first, !sourceInputs.isEmpty {
            let compared = SourceFileComparison(
                sources: schema, diagnostics: diagnostics, file: fileModels.schema, filePath: realmFile.relativePath)
            (schema, diagnostics, comparison) = (compared.schema, compared.diagnostics, compared)
        }

        var output = SwiftDataCodegen.generate(schema, options: options)
        output.report.addInputProblems(
            diagnostics.map { ($0.location, "\($0.severity.rawValue): \($0.message)") })
        output.report.addLostData(comparison?.lostColumns ?? [])
        return try ModelConversionResult(
            classCount: schema.objectTypes.count, diagnostics: diagnostics, generated: output)
    }

    /// The Swift files among `inputs` (folders searched as ``SwiftSourceFiles`` does), read as parser input, with
    /// their standardized paths (what project descriptions name).
    private static func readSources(_ inputs: [URL], excluding excludes: [PathGlob]) throws
        -> (files: [RealmModelParser.SourceFile], paths: [String])
    {
        let found: [FoundSwiftFile]
        do {
            found = try SwiftSourceFiles.find(
                inputs, excluding: excludes, extensions: RealmModelParser.objectiveCExtensions.union(["swift"]))
        } catch .noSuchInput(let path) {
            throw ModelConversionError.noSuchInput(path)
        }
        let files = try found.map { file in
            RealmModelParser.SourceFile(path: file.url.relativePath, text: try Self.text(of: file.url))
        }
        return (files, found.map { $0.url.standardizedFileURL.path })
    }

    /// A source file's text: UTF-8; an Objective-C file in an older encoding (MacRoman, Latin-1, common in old
    /// projects) is decoded with its invalid bytes replaced, so one comment never stops the conversion.
    private static func text(of url: URL) throws -> String {
        guard RealmModelParser.isObjectiveC(url.path) else { return try String(contentsOf: url, encoding: .utf8) }
        let data = try Data(contentsOf: url)
        return String(decoding: data, as: UTF8.self)
    }
}
