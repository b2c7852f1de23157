import Foundation
import RealmMigrationSource
import Testing

/// The store size estimate against the store a rehearsal wrote: never under, within the bound
/// docs/in-app-migration.md states (3 × the store file, plus 256 KiB).
enum StoreSizeCheck {
    static func expectEstimate(of name: String, covers store: URL, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let estimate = try StoreSizeEstimator(file: Rehearsals.open(name)).estimate()
        let attributes = try FileManager.default.attributesOfItem(atPath: store.path)
        let actual = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        let wal = (try? FileManager.default.attributesOfItem(atPath: store.path + "-wal"))?[.size] as? NSNumber
        print(
            "store size \(name): estimate \(estimate.storeBytes) (+ log \(estimate.walBytes)), actual \(actual) (+ log \(wal?.int64Value ?? 0))"
        )
        #expect(actual > 0, sourceLocation: sourceLocation)
        // The program exits without a final checkpoint: some pages may still sit in the log (then the store file is
        // small and the log holds them, repeated per commit), so the log's estimate covers what the log holds.
        let total = actual + (wal?.int64Value ?? 0)
        #expect(estimate.storeBytes >= actual, "\(name): estimate under the store", sourceLocation: sourceLocation)
        #expect(
            estimate.storeBytes + estimate.walBytes >= total, "\(name): store and log over the estimate",
            sourceLocation: sourceLocation)
        #expect(
            estimate.storeBytes <= 3 * total + 256 * 1_024, "\(name): estimate beyond its bound",
            sourceLocation: sourceLocation)
    }
}
