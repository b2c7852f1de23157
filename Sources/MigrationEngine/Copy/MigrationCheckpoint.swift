/// How far a migration got: stored in the destination with every batch, so a rerun continues from it.
public struct MigrationCheckpoint: Sendable, Hashable, Codable {
    /// The two copy phases, in order, and the end state.
    public enum Phase: Int, Sendable, Hashable, Codable, Comparable {
        /// Copying every non-relationship field of every object.
        case attributes = 0
        /// Writing the links, once every object exists.
        case relationships = 1
        /// Everything copied.
        case finished = 2

        public static func < (lhs: Phase, rhs: Phase) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The phase the last committed batch belonged to.
    public var phase: Phase
    /// The index (in ``MigrationSchema/classes``) of the class of the last committed batch.
    public var classIndex: Int
    /// The key of the last object of the last committed batch; `nil` before the first batch of the class.
    public var lastKey: Int64?
    /// Objects of that class done in this phase.
    public var classObjectsDone: Int
    /// Objects done in this phase over all classes.
    public var phaseObjectsDone: Int
    /// Batches committed so far, over both phases.
    public var batchesCommitted: Int

    /// Creates a checkpoint.
    public init(
        phase: Phase, classIndex: Int, lastKey: Int64?, classObjectsDone: Int, phaseObjectsDone: Int,
        batchesCommitted: Int
    ) {
        self.phase = phase
        self.classIndex = classIndex
        self.lastKey = lastKey
        self.classObjectsDone = classObjectsDone
        self.phaseObjectsDone = phaseObjectsDone
        self.batchesCommitted = batchesCommitted
    }

    /// The checkpoint of a destination nothing was copied to yet.
    public static let start = MigrationCheckpoint(
        phase: .attributes, classIndex: 0, lastKey: nil, classObjectsDone: 0, phaseObjectsDone: 0,
        batchesCommitted: 0)
}
