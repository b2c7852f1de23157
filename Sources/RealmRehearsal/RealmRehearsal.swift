import Foundation
import MigrationEngine
import RealmFile
import RealmFileModelInput
import RealmRehearsalDriver
import RealmToSwiftData
import SwiftDataCodegen
import SwiftDataConversion
import SwiftDataToolchain

/// The whole in-app Realm → SwiftData migration, run on a real user's `.realm` file before the app ships:
/// generates the models and importer from the file (or takes the app's own, perhaps edited), builds them with the
/// Swift toolchain into a program together with Carryover's SwiftData destination — against SwiftData on macOS,
/// against Carryover's Linux runtime of it elsewhere — and runs the migration into a store file.
///
/// ```swift
/// let rehearsal = RealmRehearsal(realmFile: url)
/// let report = try await rehearsal.run { progress in print(progress.fractionCompleted) }
/// print(report.result.succeeded)
/// ```
public struct RealmRehearsal: Sendable {
    /// The Realm file; only read.
    public var realmFile: URL
    /// The folder of the app's generated (and perhaps edited) models and importer; `nil` generates them from the
    /// file.
    public var modelsDirectory: URL?
    /// The app's Realm model sources (a folder or files, with the code that configures Realm: `schemaVersion`,
    /// `migrationBlock`): the models, importer and carried-over block are generated from them, as `realm models`
    /// generates them; unused with `modelsDirectory`.
    public var appSources: [URL]?
    /// The oldest iOS the models generated from the file target (iOS 18 models index `realmObjectKey`); unused
    /// with `modelsDirectory`.
    public var minimumIOS = CodegenOptions.MinimumIOS.iOS17
    /// The store to write; `nil` for a fresh one in a temporary folder. An existing store is continued.
    public var store: URL?
    /// Objects per batch.
    public var batchSize = RealmToSwiftDataMigration.defaultBatchSize
    /// The file's 64-byte encryption key, if any.
    public var encryptionKey: Data?
    /// Where to write the `<Class>.jsonl` dumps of what the store holds afterwards.
    public var dumpDirectory: URL?
    /// How thoroughly to verify.
    public var verification = VerificationLevel.full
    /// Test hook: run as if the store's volume had this many bytes free when the run starts, less what the store's
    /// files grow by (``RehearsalRequest/simulatedFreeBytes``); `nil` for the volume's own figure.
    public var simulatedFreeBytes: Int64?
    /// Test hook: the free space every check after the first (the checks between batches) sees, when set.
    public var simulatedFreeBytesBetweenBatches: Int64?
    /// Test hook: variables added to the program's environment, such as the Linux runtime's fault hooks
    /// (`CARRYOVER_RUNTIME_KILL_IN_SAVE`, `CARRYOVER_RUNTIME_STORE_FAULT`; see the runtime's README).
    public var runtimeEnvironment: [String: String] = [:]
    /// How to build the program (the toolchain and the package's build products).
    public var builder: SwiftProgramBuilder

    /// Creates a rehearsal of `realmFile` with the default builder (this package's build products).
    public init(realmFile: URL, builder: SwiftProgramBuilder) {
        self.realmFile = realmFile
        self.builder = builder
    }

    /// What a rehearsal did.
    public struct Report: Sendable, Codable {
        /// The store written.
        public var store: String
        /// The program that ran the migration (cached by the content of its sources).
        public var program: String
        /// What the program answered.
        public var result: RehearsalResult
    }

    /// Builds (or reuses) the rehearsal program and runs it.
    /// - Parameter progress: Receives the migration's progress as the program reports it.
    /// - Throws: ``RealmRehearsalError`` when the models cannot be generated or built, or the program crashed.
    public func run(progress: @escaping @Sendable (RealmToSwiftDataProgress) -> Void = { _ in }) async throws -> Report
    {
        let program = try self.program()
        let storeURL = try store ?? freshStore()
        var request = RehearsalRequest(
            realmFile: realmFile.path, store: storeURL.path, batchSize: batchSize,
            encryptionKeyHex: encryptionKey.map { $0.map { String(format: "%02x", $0) }.joined() },
            dumpDirectory: dumpDirectory?.path, verification: verification)
        request.simulatedFreeBytes = simulatedFreeBytes
        request.simulatedFreeBytesBetweenBatches = simulatedFreeBytesBetweenBatches
        let result = try await RehearsalProcess.run(
            program, request: request, environment: runtimeEnvironment, progress: progress)
        return Report(store: storeURL.path, program: program.path, result: result)
    }

    /// Builds the rehearsal program, or takes it from the cache when its sources are unchanged: run it with a
    /// JSON-encoded `RehearsalRequest` as its only argument.
    /// - Parameter optimized: Whether to compile the models and importer with optimization (benchmarks).
    public func program(optimized: Bool = false) throws -> URL {
        try builder.build(files: programSources(), optimized: optimized)
    }

    /// The program's sources: the models and importer, and a `main.swift` that hands them to the driver.
    func programSources() throws -> [String: String] {
        var files = try modelsDirectory.map(Self.sources(in:)) ?? appSources.map(convertedSources) ?? generatedSources()
        files["main.swift"] = """
            import RealmRehearsalDriver

            await RehearsalDriver.main(importer: GeneratedRealmImporter(), models: SchemaV1.models)

            """
        return files
    }

    private func convertedSources(_ inputs: [URL]) throws -> [String: String] {
        let result: ModelConversionResult
        do {
            result = try ModelConversion(inputs: inputs, options: CodegenOptions(minimumIOS: minimumIOS)).run()
        } catch {
            throw RealmRehearsalError.unusableSources(String(describing: error))
        }
        var files: [String: String] = [:]
        for file in result.files where file.isCompiled { files[file.name] = file.contents }
        return files
    }

    private func generatedSources() throws -> [String: String] {
        let input: RealmFileModelInput
        do {
            input = try RealmFileModelInput(file: RealmFileReader(url: realmFile, encryptionKey: encryptionKey))
        } catch {
            throw RealmRehearsalError.unreadableRealmFile(String(describing: error))
        }
        var options = CodegenOptions(minimumIOS: minimumIOS)
        options.listUsage = input.listUsage
        options.decimalsStoredAsText = input.decimalsBeyondFoundationDecimal
        options.valuesHoldingNaN = input.valuesHoldingNaN
        let result = SwiftDataCodegen.generate(input.schema, options: options)
        var files: [String: String] = [:]
        for file in result.files where file.isCompiled { files[file.name] = file.contents }
        return files
    }

    /// Every `.swift` file directly in `directory`, by name.
    static func sources(in directory: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path)
        where name.hasSuffix(".swift") && name != "main.swift" {
            files[name] = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        }
        guard !files.isEmpty else { throw RealmRehearsalError.noModels(directory.path) }
        return files
    }

    private func freshStore() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "carryover-rehearsal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("default.store")
    }
}

/// Why a rehearsal could not run.
public enum RealmRehearsalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The Realm file could not be read to generate models from it.
    case unreadableRealmFile(String)
    /// The models folder holds no `.swift` files.
    case noModels(String)
    /// The app's sources could not be converted into models.
    case unusableSources(String)
    /// The program ended without an answer (crashed, killed, or printed something else).
    case programFailed(status: Int32, output: String)

    public var description: String {
        switch self {
        case .unreadableRealmFile(let reason): "The Realm file cannot be read: \(reason)"
        case .noModels(let path): "\(path) holds no .swift files"
        case .unusableSources(let reason): "The app's Realm model sources cannot be converted: \(reason)"
        case .programFailed(let status, let output):
            "The rehearsal program ended with status \(status) without a result:\n\(output)"
        }
    }
}
