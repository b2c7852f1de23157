import SwiftData

/// The Realm keys of the models verification has read back, by persistent identifier, for the classes links point
/// to, so reading a link back takes its target's key from the target's identifier, which a model knows without its
/// row. On Apple's SwiftData a relationship's target is a fault until one of its properties is read: reading each
/// list element's `realmObjectKey` would fetch one row per element, a million single-row fetches for a million list
/// entries. Only what verification itself read is here, never what the writer recorded; a target not read yet (a
/// class linking to itself, read in the same pass) gives its key from the model.
///
/// Classes are read back one after another, link targets first, so each table is filled before its lookups begin.
/// It keeps a hash of each identifier and the key, sorted, with a directory of the hashes' leading bits (about 20
/// bytes per object); a hash two identifiers share is ambiguous and left to the model.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class VerifiedKeys {
    private var tables: [String: KeyTable] = [:]

    /// Keys will be recorded for the models of `classes` (Realm class names).
    init(classes: some Sequence<String>) {
        for name in classes { tables[name] = KeyTable() }
    }

    /// Records `model`'s key, if its class is one links point to.
    func record<Model: RealmImportedModel>(_ model: Model) {
        tables[Model.realmClassName]?.append(hash: model.persistentModelID.hashValue, key: model.realmObjectKey)
    }

    /// `target`'s Realm key: recorded by its identifier, else read from the model.
    func key<Target: RealmImportedModel>(of target: Target) -> Int64 {
        let hash = target.persistentModelID.hashValue
        return tables[Target.realmClassName]?.key(forHash: hash) ?? target.realmObjectKey
    }
}

/// Keys by identifier hash: a sorted part, found through a directory of its hashes' leading bits (about one entry
/// per slot, so a lookup reads one or two places rather than bisecting a large array), and the most recent records,
/// sorted in once they are a quarter of its size (so sorting costs O(n log n) overall however records and lookups
/// interleave).
struct KeyTable {
    private var hashes: [UInt64] = []
    private var keys: [Int64] = []
    /// `starts[slot]..<starts[slot + 1]` are the sorted entries whose hash begins with the bits of `slot`.
    private var starts: [Int32] = [0, 0]
    private var slotBits = 0
    private var recent: [(hash: UInt64, key: Int64)] = []

    mutating func append(hash: Int, key: Int64) {
        recent.append((UInt64(bitPattern: Int64(hash)), key))
    }

    /// The key recorded for `hash`; `nil` when none is in the sorted part, or when two identifiers share it.
    mutating func key(forHash hash: Int) -> Int64? {
        if !recent.isEmpty, recent.count * 4 >= hashes.count { merge() }
        let wanted = UInt64(bitPattern: Int64(hash))
        let slot = slotBits == 0 ? 0 : Int(wanted >> UInt64(64 - slotBits))
        var found: Int64?
        for index in Int(starts[slot])..<Int(starts[slot + 1]) where hashes[index] == wanted {
            guard found == nil else { return nil }
            found = keys[index]
        }
        return found
    }

    private mutating func merge() {
        recent += zip(hashes, keys).map { (hash: $0, key: $1) }
        hashes = []
        keys = []
        recent.sort { $0.hash < $1.hash }
        hashes = recent.map(\.hash)
        keys = recent.map(\.key)
        recent = []
        slotBits = 0
        // A directory of 32-bit positions; a class of more objects (no Realm file holds one) is left to the models.
        guard hashes.count < Int(Int32.max) else {
            (hashes, keys, starts) = ([], [], [0, 0])
            return
        }
        while slotBits < 32, 1 << (slotBits + 1) <= hashes.count { slotBits += 1 }
        starts = Array(repeating: Int32(hashes.count), count: (1 << slotBits) + 1)
        for index in hashes.indices.reversed() {
            starts[slotBits == 0 ? 0 : Int(hashes[index] >> UInt64(64 - slotBits))] = Int32(index)
        }
        // A slot no hash begins with starts where the next one does.
        for slot in stride(from: (1 << slotBits) - 1, through: 0, by: -1) where starts[slot] > starts[slot + 1] {
            starts[slot] = starts[slot + 1]
        }
    }
}
