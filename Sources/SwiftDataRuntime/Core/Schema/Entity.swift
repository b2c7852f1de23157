import Synchronization

/// The runtime's name for ``Schema/Entity``.
typealias Entity = Schema.Entity

extension Schema {
    /// An object that provides a blueprint for the associated model class: its name (public, as in Apple's SwiftData)
    /// and, for the runtime, its table, properties and constraints, built once from `schemaMetadata`, `#Unique` and
    /// `#Index` and shared by every container.
    public final class Entity: Hashable, @unchecked Sendable {
        final class Property {
            let index: Int
            let name: String
            let keyPath: AnyKeyPath
            let kind: PropertyKind
            let relationship: Schema.Relationship?
            let isUnique: Bool
            /// A non-optional to-one relationship: every stored row must link to an existing model.
            let isRequired: Bool

            init(index: Int, metadata: Schema.PropertyMetadata) {
                self.index = index
                self.name = metadata.name
                self.keyPath = metadata.keypath
                self.kind = metadata.kind
                self.isRequired = metadata.isRequired
                self.relationship = metadata.metadata as? Schema.Relationship
                let attribute = metadata.metadata as? Schema.Attribute
                self.isUnique =
                    attribute?.options.contains(.unique) == true
                    || relationship?.options.contains(.unique) == true
            }

            var codec: AttributeCodec? {
                if case .attribute(let codec) = kind { return codec }
                return nil
            }
            var isRelationship: Bool { codec == nil }
            var isToMany: Bool {
                if case .toMany = kind { return true }
                return false
            }
            var isToOne: Bool {
                if case .toOne = kind { return true }
                return false
            }
            var targetType: (any PersistentModel.Type)? {
                switch kind {
                case .attribute: return nil
                case .toOne(let type), .toMany(let type): return type
                }
            }
            var targetEntity: Entity? { targetType.map { EntityRegistry.entity(for: $0) } }
            var deleteRule: Schema.Relationship.DeleteRule { relationship?.deleteRule ?? .nullify }
        }

        /// The entity's name: its model class's name.
        public let name: String
        let modelType: any PersistentModel.Type
        /// `\Model.persistentModelID`, which predicates compare with identifiers.
        let identifierKeyPath: AnyKeyPath
        let properties: [Property]
        /// Each constraint as property indices (attributes or to-one relationships).
        let uniqueConstraints: [[Int]]
        let indices: [[Int]]
        /// The non-optional to-one relationships, which a row loads with it.
        let requiredLinks: [Property]
        /// SQL text used on every row, built once.
        let sql: EntitySQL
        private let inverses = Mutex<[Int: Int?]>([:])
        private let toManySQL = Mutex<[Int: ToManySQL?]>([:])

        init(_ type: any PersistentModel.Type) {
            name = String(describing: type)
            modelType = type
            func identifierKeyPath<Model: PersistentModel>(_: Model.Type) -> AnyKeyPath { \Model.persistentModelID }
            self.identifierKeyPath = identifierKeyPath(type)
            let properties = type.schemaMetadata.enumerated().map { Property(index: $0.offset, metadata: $0.element) }
            self.properties = properties
            func indices(_ keyPaths: [AnyKeyPath]) -> [Int] {
                keyPaths.compactMap { keyPath in properties.first { $0.keyPath == keyPath }?.index }
            }
            var unique = properties.filter(\.isUnique).map { [$0.index] }
            for constraint in type._$uniqueConstraints.map(indices)
            where !constraint.isEmpty && !unique.contains(constraint) {
                unique.append(constraint)
            }
            uniqueConstraints = unique
            self.indices = type._$indices.map(indices).filter { !$0.isEmpty }
            requiredLinks = properties.filter { $0.isRequired && $0.isToOne }
            sql = EntitySQL(name: name, properties: properties, uniqueConstraints: unique)
        }

        /// The index of the inverse of relationship `index` in the target entity: declared here with `inverse:`, or on
        /// the target with an `inverse:` naming this property.
        func inverse(of index: Int) -> Int? {
            if let cached = inverses.withLock({ $0[index] }) { return cached }
            let resolved = resolveInverse(of: index)
            inverses.withLock { $0[index] = .some(resolved) }
            return resolved
        }

        private func resolveInverse(of index: Int) -> Int? {
            let property = properties[index]
            guard let target = property.targetEntity else { return nil }
            if let keyPath = property.relationship?.inverse {
                return target.properties.first { $0.keyPath == keyPath }?.index
            }
            return target.properties.first { candidate in
                candidate.relationship?.inverse == property.keyPath && candidate.targetType == modelType
            }?.index
        }

        /// How the store keeps to-many relationship `index`, and the SQL that reads it (built once); `nil` when
        /// property `index` is not a to-many relationship.
        func toMany(_ index: Int) -> ToManySQL? {
            if let cached = toManySQL.withLock({ $0[index] }) { return cached }
            let built = ToManySQL(entity: self, index: index)
            toManySQL.withLock { $0[index] = built }
            return built
        }

        /// Entities are equal when they are the same entity (one per model class).
        public static func == (lhs: Entity, rhs: Entity) -> Bool { lhs === rhs }

        /// Hashes the entity's identity.
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }
}

/// The SQL text of an entity's table, built once (quoting names on every row was a measurable cost).
struct EntitySQL {
    let table: String
    let storedProperties: [Entity.Property]
    let selectList: String
    let insert: String
    let selectByKey: String
    /// Every row's `selectList`, to be followed by a `WHERE` clause.
    let selectAll: String
    let uniqueLookups: [String]

    init(name: String, properties: [Entity.Property], uniqueConstraints: [[Int]]) {
        table = Store.quote(name)
        storedProperties = properties.filter { !$0.isToMany }
        let columns = [#""pk""#] + storedProperties.map { Store.quote($0.name) }
        selectList = columns.joined(separator: ", ")
        let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        insert = "INSERT INTO \(table)(\(selectList)) VALUES (\(marks))"
        selectAll = "SELECT \(selectList) FROM \(table)"
        selectByKey = "\(selectAll) WHERE pk = ?"
        uniqueLookups = uniqueConstraints.map { constraint in
            let conditions = constraint.map { "\(Store.quote(properties[$0].name)) IS ?" }
            return "SELECT pk FROM \(Store.quote(name)) WHERE \(conditions.joined(separator: " AND ")) LIMIT 1"
        }
    }
}

/// One ``Entity`` per model class, process-wide.
enum EntityRegistry {
    private static let entities = Mutex<[ObjectIdentifier: Entity]>([:])

    static func entity(for type: any PersistentModel.Type) -> Entity {
        let key = ObjectIdentifier(type)
        if let entity = entities.withLock({ $0[key] }) { return entity }
        // Built outside the lock: building reads `schemaMetadata`, which never re-enters the registry.
        let entity = Entity(type)
        return entities.withLock { cache in
            if let existing = cache[key] { return existing }
            cache[key] = entity
            return entity
        }
    }
}
