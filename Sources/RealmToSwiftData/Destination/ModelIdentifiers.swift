import SwiftData

/// The persistent identifiers of one class's models by Realm object key, so the relationship phase finds a batch's
/// link targets by their store identifiers (one fetch of the importer's `models(withIdentifiers:)`, by primary key)
/// instead of a fetch on `realmObjectKey`, which models for iOS 17 cannot index (every such fetch would scan the
/// table).
///
/// Keys are appended in ascending order: the engine writes a class in key order, batch by batch (it refuses a
/// source whose keys are not, `MigrationError.keysOutOfOrder`), and the store is read back in key order. So the keys
/// are one sorted array searched by bisection, beside the identifiers in the same order: no models, and in the Linux
/// runtime 48 bytes per object (an 8-byte key, a 40-byte identifier whose strings are shared).
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
struct ModelIdentifiers {
    private var keys: [Int64] = []
    private var identifiers: [PersistentIdentifier] = []

    /// Records the identifier of the model with `key`, which must be above every key recorded so far (a key that
    /// is not is never found, so its links are reported unresolved rather than set wrongly).
    mutating func append(key: Int64, identifier: PersistentIdentifier) {
        guard keys.last.map({ $0 < key }) ?? true else { return }
        keys.append(key)
        identifiers.append(identifier)
    }

    /// The identifier of the model with `key`, if one was recorded.
    func identifier(for key: Int64) -> PersistentIdentifier? {
        var low = keys.startIndex
        var high = keys.endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < keys.endIndex && keys[low] == key ? identifiers[low] : nil
    }
}
