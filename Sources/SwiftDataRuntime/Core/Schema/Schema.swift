/// Maps model classes to data in the model store: the entities, their properties, relationships and constraints.
///
/// Related models are included automatically: a schema of `[Track.self]` also describes the classes Track's
/// relationships point at.
public final class Schema: @unchecked Sendable, CustomDebugStringConvertible {
    /// A semantic version number of a schema.
    public struct Version: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
        /// The major version.
        public let major: Int
        /// The minor version.
        public let minor: Int
        /// The patch version.
        public let patch: Int

        /// Creates a version.
        public init(_ major: Int, _ minor: Int, _ patch: Int) {
            self.major = major
            self.minor = minor
            self.patch = patch
        }

        /// Orders by major, minor, patch.
        public static func < (lhs: Version, rhs: Version) -> Bool {
            (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
        }

        /// `major.minor.patch`.
        public var description: String { "\(major).\(minor).\(patch)" }
    }

    /// The schema's version.
    public let version: Version
    /// The entities, one per model class: the listed ones first, then the ones reached through relationships.
    public let entities: [Schema.Entity]
    /// The entities by name.
    public let entitiesByName: [String: Schema.Entity]

    /// Creates a schema for the given model classes.
    ///
    /// - Parameters:
    ///   - types: The model classes; classes their relationships reach are added.
    ///   - version: The version of the schema.
    public init(_ types: [any PersistentModel.Type], version: Version = Version(1, 0, 0)) {
        self.version = version
        var entities: [Entity] = []
        var seen: Set<ObjectIdentifier> = []
        var pending = types.map { EntityRegistry.entity(for: $0) }
        while !pending.isEmpty {
            let entity = pending.removeFirst()
            guard seen.insert(ObjectIdentifier(entity.modelType)).inserted else { continue }
            entities.append(entity)
            pending.append(contentsOf: entity.properties.compactMap(\.targetEntity))
        }
        self.entities = entities
        entitiesByName = Dictionary(entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Creates a schema from a versioned schema: its models and version.
    public convenience init(versionedSchema: any VersionedSchema.Type) {
        self.init(versionedSchema.models, version: versionedSchema.versionIdentifier)
    }

    func entity(named name: String) -> Entity? { entitiesByName[name] }

    /// The entity names and version.
    public var debugDescription: String { "Schema \(version): \(entities.map(\.name).joined(separator: ", "))" }
}
