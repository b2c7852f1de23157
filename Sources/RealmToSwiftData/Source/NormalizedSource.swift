import MigrationEngine

/// The source as the store should hold it, for verification: each record passed through the models' types (see
/// ``ClassBinding/normalized(_:)``), so the comparison checks what a model of that type can hold, field by field.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class NormalizedSource: MigrationSource {
    private let base: any MigrationSource
    private let sink: SwiftDataSink

    init(_ base: any MigrationSource, as sink: SwiftDataSink) {
        self.base = base
        self.sink = sink
    }

    func schema() throws -> MigrationSchema { try base.schema() }
    func fingerprint() throws -> String { try base.fingerprint() }
    func objectCount(of cls: ClassDescription) throws -> Int { try base.objectCount(of: cls) }

    func records(of cls: ClassDescription, after key: Int64?) throws -> any RecordCursor {
        NormalizingCursor(base: try base.records(of: cls, after: key)) { [sink] in sink.normalized($0, of: cls) }
    }
}

private final class NormalizingCursor: RecordCursor {
    private let base: any RecordCursor
    private let normalize: (MigrationRecord) -> MigrationRecord

    init(base: any RecordCursor, normalize: @escaping (MigrationRecord) -> MigrationRecord) {
        self.base = base
        self.normalize = normalize
    }

    /// As detachable as the base: normalizing is a pure conversion through the models' value types.
    var isDetachable: Bool { base.isDetachable }

    func next() throws -> MigrationRecord? { try base.next().map(normalize) }
}
