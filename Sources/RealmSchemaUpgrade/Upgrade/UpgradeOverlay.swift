import MigrationEngine

/// What a migration block changed, kept beside the untouched file: values it set, objects it created and deleted,
/// classes whose data it deleted. Memory grows with what the block changes, not with the file.
struct UpgradeOverlay {
    /// Values the block set on objects of the file, by class and field index (of the app's class).
    var values: [String: [Int: ChangedColumn]] = [:]
    /// Objects of the file the block deleted, by class.
    var deleted: [String: Set<Int64>] = [:]
    /// The app's classes whose file objects `deleteData(forType:)` removed.
    var cleared: Set<String> = []
    /// The file's classes the app no longer declares whose table `deleteData(forType:)` removed.
    var removedTables: Set<String> = []
    /// Objects the block created, by class, in creation (and key) order; their values are the app's fields.
    var created: [String: [MigrationRecord]] = [:]
    /// Position of each created object in `created`, by class and key.
    var createdPosition: [String: [Int64: Int]] = [:]

    /// Whether the object of the file is gone from the upgraded view.
    func isDeleted(_ className: String, _ key: Int64) -> Bool {
        cleared.contains(className) || deleted[className]?.contains(key) == true
    }

    /// Whether anything was deleted, so links must be checked against deleted targets.
    var hasDeletions: Bool { !cleared.isEmpty || deleted.values.contains { !$0.isEmpty } }
}
