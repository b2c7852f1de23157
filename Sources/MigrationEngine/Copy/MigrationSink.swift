/// Where a migration writes to.
///
/// The engine calls ``open(schema:sourceFingerprint:)`` once, then writes batches: each batch is a run of
/// ``writeAttributes(_:of:)`` or ``resolveRelationships(_:of:)`` calls ended by ``commit(_:)``, which must make
/// the batch's writes and the checkpoint durable together (one transaction). Writes not followed by a commit —
/// because the process died, or the engine called ``rollback()`` — must leave no trace.
public protocol MigrationSink: AnyObject {
    /// Prepares the destination for `schema`: creates its tables on first use, otherwise checks that the
    /// destination was written from the source with `sourceFingerprint` and returns the last committed checkpoint.
    /// - Returns: The last committed checkpoint, or `nil` for a new destination.
    /// - Throws: ``MigrationError/destinationFromAnotherSource(expected:found:)`` when the destination belongs to
    ///   another source; ``MigrationError/destinationSchemaMismatch(_:)`` when its schema differs.
    func open(schema: MigrationSchema, sourceFingerprint: String) throws -> MigrationCheckpoint?
    /// Writes every non-relationship field of `records`, all of class `cls` (relationship fields stay empty).
    func writeAttributes(_ records: [MigrationRecord], of cls: ClassDescription) throws
    /// Writes the relationship fields of `records` (already written by ``writeAttributes(_:of:)``).
    func resolveRelationships(_ records: [MigrationRecord], of cls: ClassDescription) throws
    /// Makes the writes since the last commit durable together with `checkpoint`.
    func commit(_ checkpoint: MigrationCheckpoint) throws
    /// Discards the writes since the last commit.
    func rollback()
    /// How many objects the destination touches for each link of `field` of `cls` when it resolves relationships,
    /// which the engine weighs a relationship batch by (1 unless the destination says otherwise: a SwiftData
    /// destination also creates an entry model for each element of a Realm list).
    func linkWeight(of field: FieldDescription, in cls: ClassDescription) -> Int
}

extension MigrationSink {
    /// Each link touches its target only.
    public func linkWeight(of field: FieldDescription, in cls: ClassDescription) -> Int { 1 }
}

/// Reads a destination back, for verification.
public protocol MigrationDestinationReader: AnyObject {
    /// The number of objects of `cls` in the destination.
    func objectCount(of cls: ClassDescription) throws -> Int
    /// Every object of `cls` in ascending key order, with every field decoded back into ``MigrationValue``s.
    func records(of cls: ClassDescription) throws -> any RecordCursor
}
