/// A position in a source file: used for diagnostics and reports.
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file path as given to the parser.
    public var file: String
    /// The 1-based line number.
    public var line: Int

    /// Creates a location.
    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    /// `file:line`, the form editors and compilers use.
    public var description: String { "\(file):\(line)" }
}

/// What happens to related objects when an object is deleted (the SwiftData vocabulary).
public enum DeleteRule: String, Sendable, Hashable, Codable, CaseIterable {
    /// Clear the references to the deleted object.
    case nullify
    /// Delete the related objects too.
    case cascade
    /// Refuse to delete while related objects exist.
    case deny
    /// Do nothing to the related objects.
    case noAction
}

/// An enum type used by persisted properties (`PersistableEnum` or the legacy `RealmEnum`).
public struct EnumSchema: Sendable, Hashable, Codable {
    /// One `case` of the enum.
    public struct Case: Sendable, Hashable, Codable {
        /// The case name.
        public var name: String
        /// The raw value literal as written (`"rock"`, `3`), or `nil` when it is implicit.
        public var rawValue: String?

        /// Creates a case.
        public init(name: String, rawValue: String? = nil) {
            self.name = name
            self.rawValue = rawValue
        }
    }

    /// The name properties use to refer to the enum (qualified with its enclosing types, e.g. `Track.Kind`).
    public var name: String
    /// The raw value type (`String`, `Int`, `Int8`…).
    public var rawType: String
    /// The cases in declaration order.
    public var cases: [Case]
    /// Where the enum was declared.
    public var sourceLocation: SourceLocation?
    /// The `#if` clauses the enum is declared under (`nil`: always), when known.
    public var condition: SourceCondition?

    /// Creates an enum description.
    public init(name: String, rawType: String, cases: [Case], sourceLocation: SourceLocation? = nil) {
        self.name = name
        self.rawType = rawType
        self.cases = cases
        self.sourceLocation = sourceLocation
    }
}

/// A member of a model class that Realm does not persist, kept verbatim for review.
public struct SourceMember: Sendable, Hashable, Codable {
    /// What kind of member it is.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A computed property (has a getter).
        case computedProperty
        /// A stored property Realm ignores (`ignoredProperties()`, no `@Persisted`, `lazy`, `static`…).
        case ignoredProperty
        /// A method.
        case method
        /// An initializer.
        case initializer
        /// A subscript.
        case `subscript`
        /// A nested type (class, struct, enum, typealias…).
        case nestedType
        /// A persisted property the conversion could not convert (its type cannot be told or Realm cannot store
        /// it): its stored data would be lost, so the conversion fails until a human adds what its error asks for.
        case unconvertedPersistedProperty
        /// Anything else the parser kept (`deinit`, …).
        case other
    }

    /// The member's name (`displayName`, `play(at:)`).
    public var name: String
    /// What kind of member it is.
    public var kind: Kind
    /// The member's full source text, attributes and doc comment included.
    public var sourceText: String
    /// Where the member was declared.
    public var sourceLocation: SourceLocation?
    /// For a stored property: the rule that makes it certainly not persisted (`static`, `computed (has a getter)`,
    /// `not @Persisted in a class that uses @Persisted`…), for the report.
    public var exclusionRule: String?

    /// Creates a member description.
    public init(
        name: String, kind: Kind, sourceText: String, sourceLocation: SourceLocation? = nil,
        exclusionRule: String? = nil
    ) {
        self.name = name
        self.kind = kind
        self.sourceText = sourceText
        self.sourceLocation = sourceLocation
        self.exclusionRule = exclusionRule
    }
}
