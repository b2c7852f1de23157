import Foundation
import MigrationEngine
import SwiftData

/// Reads and writes the importer's state model with its type erased.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
struct MigrationState {
    let model: any RealmMigrationStateModel

    var sourceFingerprint: String { model.sourceFingerprint }
    var sourceSchema: Data { model.sourceSchema }

    /// The last saved checkpoint; `nil` when none was saved.
    var checkpoint: MigrationCheckpoint? {
        get throws {
            guard !model.checkpoint.isEmpty else { return nil }
            return try JSONDecoder().decode(MigrationCheckpoint.self, from: model.checkpoint)
        }
    }

    /// The last verification report; `nil` when no run verified.
    var verification: VerificationReport? {
        get throws {
            guard let data = model.verification else { return nil }
            return try JSONDecoder().decode(VerificationReport.self, from: data)
        }
    }

    func setCheckpoint(_ checkpoint: MigrationCheckpoint) throws {
        model.checkpoint = try JSONEncoder.sorted.encode(checkpoint)
    }

    func setVerification(_ report: VerificationReport) throws {
        model.verification = try JSONEncoder.sorted.encode(report)
    }

    /// The state in the store, if a migration saved one. One fetch of at most one object.
    static func fetch(_ type: any RealmMigrationStateModel.Type, in context: ModelContext) throws -> MigrationState? {
        func fetch<State: RealmMigrationStateModel>(_ type: State.Type) throws -> MigrationState? {
            var descriptor = FetchDescriptor<State>()
            descriptor.fetchLimit = 1
            return try context.fetch(descriptor).first.map(MigrationState.init)
        }
        return try fetch(type)
    }

    /// A new state for the file with `fingerprint`, inserted into `context`.
    static func insert(
        _ type: any RealmMigrationStateModel.Type, fingerprint: String, schema: Data, into context: ModelContext
    ) -> MigrationState {
        func insert<State: RealmMigrationStateModel>(_ type: State.Type) -> MigrationState {
            let state = State()
            state.sourceFingerprint = fingerprint
            state.sourceSchema = schema
            context.insert(state)
            return MigrationState(model: state)
        }
        return insert(type)
    }
}
