import Checksums

/// Verifies a destination against its source: every object, not a sample.
///
/// At level `full`: per class the counts; per object a SHA-256 digest of the key and every field, source against
/// destination (a differing object is reported with the fields that differ); every link in the destination
/// resolves to an object that exists there; and, per relationship, the destination's links inverted equal the
/// inverse relationships (backlinks) the source records.
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
        var keysByClass: [String: [Int64]] = [:]
        var sourceInverses: [RelationshipName: LinkMultiset] = [:]
        for cls in schema.classes {
            let sourceCount = try source.objectCount(of: cls)
            let destinationCount = try destination.objectCount(of: cls)
            if sourceCount != destinationCount {
                problems.add(
                    .countMismatch, cls.name, nil, [],
                    "source has \(sourceCount) objects, destination \(destinationCount)")
            }
            var result = ClassVerification(
                name: cls.name, sourceCount: sourceCount, destinationCount: destinationCount, objectsCompared: 0,
                objectsDiffering: 0, sourceDigest: nil, destinationDigest: nil)
            if level == .full {
                var keys: [Int64] = []
                keys.reserveCapacity(destinationCount)
                try compareObjects(of: cls, into: &result, keys: &keys, inverses: &sourceInverses, problems: &problems)
                keysByClass[cls.name] = keys
            }
            classes.append(result)
        }
        var relationships: [RelationshipVerification] = []
        if level == .full {
            relationships = try verifyLinks(
                schema: schema, keysByClass: keysByClass, sourceInverses: sourceInverses, problems: &problems)
        }
        return VerificationReport(
            level: level, passed: problems.count == 0, classes: classes, relationships: relationships,
            problemCount: problems.count, problems: problems.listed)
    }

    /// Walks source and destination objects of `cls` side by side in key order, comparing digests.
    private func compareObjects(
        of cls: ClassDescription, into result: inout ClassVerification, keys: inout [Int64],
        inverses: inout [RelationshipName: LinkMultiset], problems: inout ProblemList
    ) throws {
        let sourceCursor = try source.records(of: cls, after: nil)
        let destinationCursor = try destination.records(of: cls)
        var sourceDigest = SHA256()
        var destinationDigest = SHA256()
        var buffer: [UInt8] = []
        var sourceRecord = try sourceCursor.next()
        var destinationRecord = try destinationCursor.next()
        while sourceRecord != nil || destinationRecord != nil {
            if let record = sourceRecord, destinationRecord.map({ record.key < $0.key }) ?? true {
                problems.add(.missingObject, cls.name, record.key, [], "object is missing from the destination")
                sourceDigest.update(record.digest(buffer: &buffer))
                recordInverses(of: record, in: cls, into: &inverses)
                sourceRecord = try sourceCursor.next()
            } else if let record = destinationRecord, sourceRecord.map({ record.key < $0.key }) ?? true {
                problems.add(.unexpectedObject, cls.name, record.key, [], "destination has an object the source lacks")
                keys.append(record.key)
                destinationDigest.update(record.digest(buffer: &buffer))
                destinationRecord = try destinationCursor.next()
            } else if let expected = sourceRecord, let actual = destinationRecord {
                let expectedDigest = expected.digest(buffer: &buffer)
                let actualDigest = actual.digest(buffer: &buffer)
                sourceDigest.update(expectedDigest)
                destinationDigest.update(actualDigest)
                result.objectsCompared += 1
                if expectedDigest != actualDigest {
                    result.objectsDiffering += 1
                    let fields = differingFields(expected, actual, in: cls)
                    problems.add(.valueMismatch, cls.name, expected.key, fields, "field values differ")
                }
                keys.append(actual.key)
                recordInverses(of: expected, in: cls, into: &inverses)
                sourceRecord = try sourceCursor.next()
                destinationRecord = try destinationCursor.next()
            }
        }
        result.sourceDigest = SHA256.hex(sourceDigest.finalize())
        result.destinationDigest = SHA256.hex(destinationDigest.finalize())
    }

    private func differingFields(_ expected: MigrationRecord, _ actual: MigrationRecord, in cls: ClassDescription)
        -> [String]
    {
        guard expected.values.count == actual.values.count else { return cls.fields.map(\.name) }
        return cls.fields.indices.filter {
            ValueEncoding.encoded(expected.values[$0]) != ValueEncoding.encoded(actual.values[$0])
        }.map { cls.fields[$0].name }
    }

    private func recordInverses(
        of record: MigrationRecord, in cls: ClassDescription, into inverses: inout [RelationshipName: LinkMultiset]
    ) {
        for group in record.incomingLinks {
            let name = RelationshipName(
                originClass: group.originClass, originField: group.originField, targetClass: cls.name)
            for origin in group.originKeys {
                inverses[name, default: LinkMultiset()].insert(target: record.key, origin: origin)
            }
        }
    }

    /// Reads the destination's links back, checks that each resolves, and compares them, inverted, with the source's.
    private func verifyLinks(
        schema: MigrationSchema, keysByClass: [String: [Int64]], sourceInverses: [RelationshipName: LinkMultiset],
        problems: inout ProblemList
    ) throws -> [RelationshipVerification] {
        var destinationLinks: [RelationshipName: LinkMultiset] = [:]
        var dangling: [RelationshipName: Int] = [:]
        for cls in schema.classes where cls.hasRelationships {
            let cursor = try destination.records(of: cls)
            while let record = try cursor.next() {
                for (field, value) in zip(cls.fields, record.values) where field.isRelationship {
                    value.forEachLink { link in
                        let name = RelationshipName(
                            originClass: cls.name, originField: field.name, targetClass: link.className)
                        destinationLinks[name, default: LinkMultiset()].insert(target: link.key, origin: record.key)
                        if !(keysByClass[link.className]?.containsSorted(link.key) ?? false) {
                            dangling[name, default: 0] += 1
                            problems.add(
                                .danglingLink, cls.name, record.key, [field.name],
                                "links to \(link.className)[\(link.key)], which the destination lacks")
                        }
                    }
                }
            }
        }
        let names = Set(destinationLinks.keys).union(sourceInverses.keys).sorted()
        return names.map { name in
            let forward = destinationLinks[name] ?? LinkMultiset()
            let inverse = sourceInverses[name] ?? LinkMultiset()
            if forward != inverse {
                problems.add(
                    .inverseMismatch, name.originClass, nil, [name.originField],
                    "\(forward.count) links into \(name.targetClass) in the destination; the source's inverse relationships list \(inverse.count), or other pairs"
                )
            }
            return RelationshipVerification(
                originClass: name.originClass, originField: name.originField, targetClass: name.targetClass,
                destinationLinks: forward.count, sourceInverseLinks: inverse.count, danglingLinks: dangling[name] ?? 0,
                inverseAgrees: forward == inverse)
        }
    }
}

/// Problems found so far: all counted, the first ones kept.
private struct ProblemList {
    private(set) var count = 0
    private(set) var listed: [VerificationProblem] = []

    mutating func add(
        _ kind: VerificationProblem.Kind, _ className: String, _ key: Int64?, _ fields: [String], _ detail: String
    ) {
        count += 1
        if listed.count < VerificationReport.maximumListedProblems {
            listed.append(
                VerificationProblem(kind: kind, className: className, key: key, fields: fields, detail: detail))
        }
    }
}

extension Array where Element == Int64 {
    /// Binary search in an ascending array.
    fileprivate func containsSorted(_ key: Int64) -> Bool {
        var low = 0
        var high = count
        while low < high {
            let middle = low + (high - low) / 2
            if self[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < count && self[low] == key
    }
}
