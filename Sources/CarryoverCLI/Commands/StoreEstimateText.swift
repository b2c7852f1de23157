import Foundation
import RealmFile
import RealmMigrationSource

/// The store size estimate as `realm inspect` and `realm rehearse` print it.
enum StoreEstimateText {
    /// The estimate of `file`'s store, or why there is none.
    static func estimate(of file: RealmFileReader, batchSize: Int = 1_000) -> Result<StoreSizeEstimate, any Error> {
        Result { try StoreSizeEstimator(file: file, batchSize: batchSize).estimate() }
    }

    /// One line: what the migration needs, and its parts.
    static func line(_ estimate: Result<StoreSizeEstimate, any Error>) -> String {
        switch estimate {
        case .success(let estimate):
            "Store estimate: \(estimate.neededBytes) bytes needed (store \(estimate.storeBytes), write-ahead log "
                + "\(estimate.walBytes), margin \(estimate.marginBytes)) for \(estimate.objects) objects, "
                + "\(estimate.links) links, \(estimate.stringAndBinaryBytes) bytes of strings and binaries\n"
        case .failure(let error): "Store estimate: unavailable (\(error))\n"
        }
    }

    /// The estimate as a JSON object (its Codable form), or `nil` when there is none.
    static func jsonObject(_ estimate: Result<StoreSizeEstimate, any Error>) -> Any? {
        guard case .success(let estimate) = estimate, let data = try? JSONEncoder().encode(estimate) else {
            return nil
        }
        var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        object?["neededBytes"] = estimate.neededBytes
        return object
    }
}
