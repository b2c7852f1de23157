import Foundation

/// Verifies a destination against its source: every object, not a sample.
///
/// At level `full`: per class the counts; per object the key and every field, source against destination, compared
/// value by value as they stream in key order (bit for bit, as ``ValueEncoding`` would encode them; a differing
/// object is reported with the fields that differ); every link in the destination resolves to an object that exists
/// there; and, per relationship, the destination's links inverted equal the inverse relationships (backlinks) the
/// source records. Both sides are read once, independently of what the copy wrote; a source whose cursors are
/// detachable (``RecordCursor/isDetachable``) is read ahead on a second thread while the destination is read.
///
/// ```swift
/// let report = try Verifier(source: source, destination: sink).verify(level: .full)
/// ```
public struct Verifier {
    private let source: any MigrationSource
    private let destination: any MigrationDestinationReader

    /// Creates a verifier.
    public init(source: any MigrationSource, destination: any MigrationDestinationReader) {
        self.source = source
        self.destination = destination
    }

    /// Runs the checks of `level`.
    /// - Throws: Errors reading either side (differences are not errors: they are in the report).
    public func verify(level: VerificationLevel) throws -> VerificationReport {
        var problems = ProblemList()
        guard level != .none else {
            return VerificationReport(
                level: level, passed: true, classes: [], relationships: [], problemCount: 0, problems: [])
        }
        let schema = try source.schema()
        var classes: [ClassVerification] = []
        for cls in schema.classes {
            let sourceCount = try source.objectCount(of: cls)
            let destinationCount = try destination.objectCount(of: cls)
            if sourceCount != destinationCount {
                problems.add(
                    .countMismatch, cls.name, nil, [],
                    "source has \(sourceCount) objects, destination \(destinationCount)")
            }
            classes.append(
                ClassVerification(
                    name: cls.name, sourceCount: sourceCount, destinationCount: destinationCount, objectsCompared: 0,
                    objectsDiffering: 0))
        }
        var relationships: [RelationshipVerification] = []
        if level == .full {
            var links = LinkVerification(schema: schema)
            for index in schema.linkTargetsFirst() {
                let keys = try compareObjects(
                    of: schema.classes[index], into: &classes[index], links: &links, problems: &problems)
                links.classVerified(index, keys: keys, problems: &problems)
            }
            relationships = links.finish(problems: &problems)
        }
        return VerificationReport(
            level: level, passed: problems.count == 0, classes: classes, relationships: relationships,
            problemCount: problems.count, problems: problems.listed)
    }

    /// Walks source and destination objects of `cls` side by side in key order, comparing them field by field and
    /// feeding their links to `links`. Returns the destination's keys.
    private func compareObjects(
        of cls: ClassDescription, into result: inout ClassVerification, links: inout LinkVerification,
        problems: inout ProblemList
    ) throws -> [Int64] {
        let sourceRecords = try source.records(of: cls, after: nil)
        let readAhead = sourceRecords.isDetachable && Self.hasSecondCore ? ReadAheadCursor(sourceRecords) : nil
        defer { readAhead?.close() }
        let sourceCursor = readAhead ?? sourceRecords
        let destinationCursor = try destination.records(of: cls)
        let linkFields = links.fields(of: cls)
        var keys: [Int64] = []
        keys.reserveCapacity(result.destinationCount)
        var sourceRecord = try sourceCursor.next()
        var destinationRecord = try destinationCursor.next()
        while sourceRecord != nil || destinationRecord != nil {
            if let record = sourceRecord, destinationRecord.map({ record.key < $0.key }) ?? true {
                problems.add(.missingObject, cls.name, record.key, [], "object is missing from the destination")
                links.addSourceInverses(of: record, in: cls.name)
                sourceRecord = try sourceCursor.next()
            } else if let record = destinationRecord, sourceRecord.map({ record.key < $0.key }) ?? true {
                problems.add(.unexpectedObject, cls.name, record.key, [], "destination has an object the source lacks")
                keys.append(record.key)
                links.addDestinationLinks(of: record, in: cls.name, fields: linkFields, problems: &problems)
                destinationRecord = try destinationCursor.next()
            } else if let expected = sourceRecord, let actual = destinationRecord {
                result.objectsCompared += 1
                if !expected.values.isIdentical(to: actual.values) {
                    result.objectsDiffering += 1
                    problems.add(
                        .valueMismatch, cls.name, expected.key, differingFields(expected, actual, in: cls),
                        "field values differ")
                }
                keys.append(actual.key)
                links.addSourceInverses(of: expected, in: cls.name)
                links.addDestinationLinks(of: actual, in: cls.name, fields: linkFields, problems: &problems)
                sourceRecord = try sourceCursor.next()
                destinationRecord = try destinationCursor.next()
            }
        }
        return keys
    }

    /// Whether reading the source ahead on a thread of its own can overlap with the comparison.
    private static var hasSecondCore: Bool { ProcessInfo.processInfo.activeProcessorCount > 1 }

    private func differingFields(_ expected: MigrationRecord, _ actual: MigrationRecord, in cls: ClassDescription)
        -> [String]
    {
        guard expected.values.count == actual.values.count, expected.values.count == cls.fields.count else {
            return cls.fields.map(\.name)
        }
        return cls.fields.indices.filter { !expected.values[$0].isIdentical(to: actual.values[$0]) }.map {
            cls.fields[$0].name
        }
    }
}
