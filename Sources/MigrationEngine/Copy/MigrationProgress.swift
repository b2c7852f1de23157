/// One progress report of a running migration, sent after every committed batch.
public struct MigrationProgress: Sendable, Hashable, Codable {
    /// The phase being copied.
    public var phase: MigrationCheckpoint.Phase
    /// The class being copied.
    public var className: String
    /// Objects of the class done in this phase.
    public var classDone: Int
    /// Objects of the class.
    public var classTotal: Int
    /// Objects done in this phase over all classes.
    public var phaseDone: Int
    /// Objects to copy in this phase over all classes.
    public var phaseTotal: Int
    /// Payload bytes copied by this run (strings and binaries by length, other values by their fixed size).
    public var bytes: Int64
    /// Objects per second copied by this run so far.
    public var objectsPerSecond: Double

    /// Creates a progress report.
    public init(
        phase: MigrationCheckpoint.Phase, className: String, classDone: Int, classTotal: Int, phaseDone: Int,
        phaseTotal: Int, bytes: Int64, objectsPerSecond: Double
    ) {
        self.phase = phase
        self.className = className
        self.classDone = classDone
        self.classTotal = classTotal
        self.phaseDone = phaseDone
        self.phaseTotal = phaseTotal
        self.bytes = bytes
        self.objectsPerSecond = objectsPerSecond
    }
}
