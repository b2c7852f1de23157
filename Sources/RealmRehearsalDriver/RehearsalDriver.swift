import Foundation
import MigrationEngine
import RealmExport
import RealmToSwiftData
import SwiftData

/// The body of the program `carryover realm rehearse` builds from an app's generated models: runs the in-app
/// migration exactly as the app would, into a store file, and answers with a ``RehearsalResult``.
///
/// The generated `main.swift` is one line:
/// ```swift
/// await RehearsalDriver.main(importer: GeneratedRealmImporter(), models: SchemaV1.models)
/// ```
/// Progress goes to standard error as `progress <json>` lines; the result is the last line of standard output.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public enum RehearsalDriver {
    /// Runs the request in the first argument and exits: 0 when the store verified, 1 otherwise, 64 on a bad
    /// request.
    public static func main(importer: some RealmImporter, models: [any PersistentModel.Type]) async -> Never {
        let arguments = CommandLine.arguments
        guard arguments.count == 2,
            let request = try? JSONDecoder().decode(
                RehearsalRequest.self, from: Data(arguments[1].utf8))
        else {
            FileHandle.standardError.write(Data("usage: \(arguments.first ?? "rehearsal") '<request JSON>'\n".utf8))
            exit(64)
        }
        let result = await run(request, importer: importer, models: models)
        var line = (try? JSONEncoder.compact.encode(result)) ?? Data("{}".utf8)
        line.append(0x0A)
        FileHandle.standardOutput.write(line)
        exit(result.succeeded ? 0 : 1)
    }

    static func run(_ request: RehearsalRequest, importer: some RealmImporter, models: [any PersistentModel.Type])
        async -> RehearsalResult
    {
        let start = DispatchTime.now().uptimeNanoseconds
        var result = RehearsalResult(seconds: 0, dumpFiles: [:])
        do {
            let key = try request.encryptionKeyHex.map(hexBytes)
            let configuration = ModelConfiguration(url: URL(fileURLWithPath: request.store))
            let container: ModelContainer
            do {
                container = try ModelContainer(for: Schema(models), configurations: configuration)
            } catch {
                // As the app would show it: the container's own store failures typed like the migration's.
                throw RealmToSwiftDataError.storageFailure(in: error).map(RealmToSwiftDataError.storageFailed) ?? error
            }
            var migration = RealmToSwiftDataMigration(
                realmFile: URL(fileURLWithPath: request.realmFile), container: container, importer: importer,
                encryptionKey: key, batchSize: request.batchSize, verification: request.verification)
            if let free = request.simulatedFreeBytes {
                migration = migration.checkingFreeSpace(
                    with: .simulatedVolume(freeBytes: free, store: configuration.url))
            }
            if let later = request.simulatedFreeBytesBetweenBatches {
                migration = migration.checkingFreeSpace(with: .afterFirstCheck(.fixed(Int64.max), then: .fixed(later)))
            }
            result.outcome = try await migration.run { progress in
                if let json = try? JSONEncoder.compact.encode(progress) {
                    FileHandle.standardError.write(Data("progress ".utf8) + json + Data([0x0A]))
                }
            }
            result.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            result.peakLiveModels = RuntimeStatistics.peakLiveModels
            if let directory = request.dumpDirectory {
                result.dumpFiles = try dump(migration, into: URL(fileURLWithPath: directory))
            }
        } catch let failure as RealmToSwiftDataError {
            result.failure = failure
        } catch {
            result.error = String(describing: error)
        }
        result.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        result.storeWrites = RuntimeStatistics.storeWrites
        result.storeFailedFile = RuntimeStatistics.storeFailedFile
        return result
    }

    /// Writes `<Class>.jsonl` per class into `directory`.
    private static func dump(_ migration: RealmToSwiftDataMigration, into directory: URL) throws -> [String: String] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var outputs: [String: (OutputBuffer, FileHandle)] = [:]
        var files: [String: String] = [:]
        var records: [(ClassDescription, MigrationRecord)] = []
        let classes = try migration.readBack { records.append(($0, $1)) }
        var primaryKeys: [String: [Int64: MigrationValue]] = [:]
        for (cls, record) in records {
            guard let keyIndex = cls.fields.firstIndex(where: { $0.name == cls.primaryKey }),
                record.values.indices.contains(keyIndex)
            else { continue }
            primaryKeys[cls.name, default: [:]][record.key] = record.values[keyIndex]
        }
        let dump = StoreDump(
            classes: Dictionary(classes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }),
            primaryKeys: primaryKeys)
        for cls in classes where !cls.isEmbedded {
            let url = directory.appendingPathComponent("\(cls.name).jsonl")
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
            let handle = try FileHandle(forWritingTo: url)
            outputs[cls.name] = (OutputBuffer(destination: FileHandleDestination(handle)), handle)
            files[cls.name] = url.path
        }
        for (cls, record) in records {
            guard let (output, _) = outputs[cls.name] else { continue }
            dump.writeLine(record, of: cls, to: output)
        }
        for (output, handle) in outputs.values {
            try output.flush()
            try handle.close()
        }
        return files
    }

    private static func hexBytes(_ text: String) throws -> Data {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { throw RehearsalDriverError.badKey }
        var bytes = Data(capacity: digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else {
                throw RehearsalDriverError.badKey
            }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case 0x30...0x39: digit - 0x30
        case 0x61...0x66: digit - 0x61 + 10
        case 0x41...0x46: digit - 0x41 + 10
        default: nil
        }
    }
}

enum RehearsalDriverError: Error {
    case badKey
}

extension JSONEncoder {
    /// An encoder for one-line JSON with sorted keys.
    static var compact: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
