/// To-many relationships are sets, as in Core Data's store under Apple's SwiftData: a model is in a relationship
/// once, and the order a relationship is read in is not the order it was written in.
///
/// A list is deduplicated (by model storage) and arranged by a seeded hash of each model's identifier once, when it
/// is set or loaded; models added one at a time by inverse maintenance go to their hashed place. The seed differs
/// from one context to the next (``ModelContext/relationshipOrderSeed``, random unless a test sets it) and models
/// outside any context use a seed drawn once per process, so code that relies on insertion order, or on one order
/// seen before, fails here as it can on a device.
enum RelationshipOrder {
    /// The seed for models in no context, drawn once per process.
    static let processSeed = UInt64.random(in: .min ... .max)

    /// The model's place under `seed`: a hash of its primary key (its temporary key before its first save).
    static func key(_ model: any PersistentModel, seed: UInt64) -> UInt64 {
        let backing = model.persistentBackingData
        return mix(seed ^ UInt64(bitPattern: backing.primaryKey ?? backing.temporaryKey))
    }

    /// The distinct models of `models` (the first of each storage), arranged by ``key(_:seed:)``.
    static func arranged(_ models: [any PersistentModel], seed: UInt64) -> [any PersistentModel] {
        var seen: Set<ObjectIdentifier> = []
        seen.reserveCapacity(models.count)
        var keyed: [(key: UInt64, model: any PersistentModel)] = []
        keyed.reserveCapacity(models.count)
        for model in models where seen.insert(ObjectIdentifier(model.persistentBackingData)).inserted {
            keyed.append((key(model, seed: seed), model))
        }
        // Mostly sorted already when a list gains a few models (the standard sort finds the runs).
        keyed.sort { $0.key < $1.key }
        return keyed.map(\.model)
    }

    /// Where `model` goes in `list`, a list arranged under `seed` (a binary search).
    static func insertionIndex(of model: any PersistentModel, in list: [any PersistentModel], seed: UInt64) -> Int {
        let target = key(model, seed: seed)
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if key(list[middle], seed: seed) < target { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// SplitMix64's finalizer: every bit of the input affects every bit of the output.
    private static func mix(_ value: UInt64) -> UInt64 {
        var bits = value &+ 0x9E37_79B9_7F4A_7C15
        bits = (bits ^ (bits >> 30)) &* 0xBF58_476D_1CE4_E5B9
        bits = (bits ^ (bits >> 27)) &* 0x94D0_49BB_1331_11EB
        return bits ^ (bits >> 31)
    }
}
