/// How thoroughly to verify a destination.
public enum VerificationLevel: String, Sendable, Hashable, Codable, CaseIterable {
    /// Counts, every field of every object compared, every link resolved and every inverse compared.
    case full
    /// Object counts per class only.
    case counts
    /// No verification (the report says so and passes).
    case none
}

/// The result of verifying a destination against its source. Codable, so programs can read it as JSON.
public struct VerificationReport: Sendable, Hashable, Codable {
    /// The level that was checked.
    public var level: VerificationLevel
    /// Whether every check passed.
    public var passed: Bool
    /// Per class: counts and objects compared.
    public var classes: [ClassVerification]
    /// Per relationship (origin class and field → target class): link counts and inverse agreement.
    public var relationships: [RelationshipVerification]
    /// The number of problems found.
    public var problemCount: Int
    /// The first problems found (at most ``VerificationReport/maximumListedProblems``).
    public var problems: [VerificationProblem]

    /// How many problems a report lists in full.
    public static let maximumListedProblems = 100
}

/// The verification of one class.
public struct ClassVerification: Sendable, Hashable, Codable {
    /// The class name.
    public var name: String
    /// Objects in the source.
    public var sourceCount: Int
    /// Objects in the destination.
    public var destinationCount: Int
    /// Objects whose every field was compared (present on both sides); 0 at level `counts`.
    public var objectsCompared: Int
    /// Compared objects with at least one field that differs.
    public var objectsDiffering: Int
}

/// The verification of the links of one field.
public struct RelationshipVerification: Sendable, Hashable, Codable {
    /// The class holding the links.
    public var originClass: String
    /// The field holding the links.
    public var originField: String
    /// The class the links point into.
    public var targetClass: String
    /// Links found in the destination.
    public var destinationLinks: Int
    /// Links the source's inverse relationships (backlinks) record.
    public var sourceInverseLinks: Int
    /// Destination links whose target object does not exist in the destination.
    public var danglingLinks: Int
    /// Whether the destination's links, inverted, are exactly the source's inverse relationships
    /// (compared as multisets of (target, origin) pairs through a 128-bit order-independent hash and the counts).
    public var inverseAgrees: Bool
}

/// One problem found by verification.
public struct VerificationProblem: Sendable, Hashable, Codable {
    /// What kind of problem.
    public enum Kind: String, Sendable, Hashable, Codable {
        case countMismatch, missingObject, unexpectedObject, valueMismatch, danglingLink, inverseMismatch
    }

    /// What kind of problem.
    public var kind: Kind
    /// The class concerned.
    public var className: String
    /// The object concerned, if one.
    public var key: Int64?
    /// The fields concerned, if any.
    public var fields: [String]
    /// A sentence saying what differs.
    public var detail: String
}
