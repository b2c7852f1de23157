/// The relationship checks of a full verification, fed while the objects are compared, so the destination is read
/// once: every destination link is tallied per relationship and checked against the keys the destination holds in
/// its target class, and every incoming link the source records is tallied as its inverse.
///
/// A link whose target class is not verified yet waits until it is (``Verifier`` verifies link targets first where
/// the schema allows, so only cycles and mixed values wait); a link into a class the schema lacks dangles.
struct LinkVerification {
    /// One link field of a class, as the object loop walks it.
    struct Field {
        var index: Int
        var name: String
        /// The class a `.link` field declares, with its relationship; `nil` for mixed fields.
        var declared: (targetClass: String, relationship: Int)?
    }

    private struct PendingLink {
        var relationship: Int
        var origin: Int64
        var target: Int64
    }

    private let classIndexByName: [String: Int]
    private var names: [RelationshipName] = []
    private var indexByName: [RelationshipName: Int] = [:]
    private var targetClassIndex: [Int?] = []
    private var forward: [LinkMultiset] = []
    private var inverse: [LinkMultiset] = []
    private var dangling: [Int] = []
    /// The destination's keys of every class verified so far, by class index.
    private var keysByClass: [KeySet?]
    private var pending: [Int: [PendingLink]] = [:]
    private var pendingOutsideSchema: [PendingLink] = []
    private var lastInverse: (originClass: String, originField: String, targetClass: String, relationship: Int)?

    init(schema: MigrationSchema) {
        var indexByName: [String: Int] = [:]
        for (index, cls) in schema.classes.enumerated() where indexByName[cls.name] == nil {
            indexByName[cls.name] = index
        }
        classIndexByName = indexByName
        keysByClass = Array(repeating: nil, count: schema.classes.count)
    }

    /// The link fields of `cls`, each `.link` field with its relationship.
    mutating func fields(of cls: ClassDescription) -> [Field] {
        cls.fields.indices.compactMap { index in
            let field = cls.fields[index]
            guard field.isRelationship else { return nil }
            let declared = field.type == .link ? field.targetClass : nil
            return Field(
                index: index, name: field.name,
                declared: declared.map {
                    ($0, relationship(originClass: cls.name, originField: field.name, targetClass: $0))
                })
        }
    }

    /// Tallies the links of a destination `record` of class `className` and checks that each resolves.
    mutating func addDestinationLinks(
        of record: MigrationRecord, in className: String, fields: [Field], problems: inout ProblemList
    ) {
        for field in fields where field.index < record.values.count {
            record.values[field.index].forEachLink { link in
                let relationship =
                    if let declared = field.declared, declared.targetClass == link.className {
                        declared.relationship
                    } else {
                        self.relationship(originClass: className, originField: field.name, targetClass: link.className)
                    }
                forward[relationship].insert(target: link.key, origin: record.key)
                let pendingLink = PendingLink(relationship: relationship, origin: record.key, target: link.key)
                if let target = targetClassIndex[relationship] {
                    if let keys = keysByClass[target] {
                        if !keys.contains(link.key) { addDangling(pendingLink, problems: &problems) }
                    } else {
                        pending[target, default: []].append(pendingLink)
                    }
                } else {
                    pendingOutsideSchema.append(pendingLink)
                }
            }
        }
    }

    /// Tallies the links the source records as pointing at `record` of class `className`.
    mutating func addSourceInverses(of record: MigrationRecord, in className: String) {
        for group in record.incomingLinks {
            let relationship: Int
            if let last = lastInverse, last.originClass == group.originClass, last.originField == group.originField,
                last.targetClass == className
            {
                relationship = last.relationship
            } else {
                relationship = self.relationship(
                    originClass: group.originClass, originField: group.originField, targetClass: className)
                lastInverse = (group.originClass, group.originField, className, relationship)
            }
            for origin in group.originKeys { inverse[relationship].insert(target: record.key, origin: origin) }
        }
    }

    /// Records the destination's keys of the class at `classIndex` (ascending) and resolves the links that waited.
    mutating func classVerified(_ classIndex: Int, keys: [Int64], problems: inout ProblemList) {
        let keySet = KeySet(keys)
        keysByClass[classIndex] = keySet
        for link in pending.removeValue(forKey: classIndex) ?? [] where !keySet.contains(link.target) {
            addDangling(link, problems: &problems)
        }
    }

    /// The verification of every relationship that has links on either side, sorted by name; links into classes
    /// never verified dangle.
    mutating func finish(problems: inout ProblemList) -> [RelationshipVerification] {
        for link in pendingOutsideSchema + pending.values.joined() { addDangling(link, problems: &problems) }
        pendingOutsideSchema = []
        pending = [:]
        let used = names.indices.filter { forward[$0].count > 0 || inverse[$0].count > 0 }
        return used.sorted { names[$0] < names[$1] }.map { index in
            let name = names[index]
            let agrees = forward[index] == inverse[index]
            if !agrees {
                problems.add(
                    .inverseMismatch, name.originClass, nil, [name.originField],
                    "\(forward[index].count) links into \(name.targetClass) in the destination; the source's inverse relationships list \(inverse[index].count), or other pairs"
                )
            }
            return RelationshipVerification(
                originClass: name.originClass, originField: name.originField, targetClass: name.targetClass,
                destinationLinks: forward[index].count, sourceInverseLinks: inverse[index].count,
                danglingLinks: dangling[index], inverseAgrees: agrees)
        }
    }

    private mutating func relationship(originClass: String, originField: String, targetClass: String) -> Int {
        let name = RelationshipName(originClass: originClass, originField: originField, targetClass: targetClass)
        if let index = indexByName[name] { return index }
        let index = names.count
        names.append(name)
        indexByName[name] = index
        targetClassIndex.append(classIndexByName[targetClass])
        forward.append(LinkMultiset())
        inverse.append(LinkMultiset())
        dangling.append(0)
        return index
    }

    private mutating func addDangling(_ link: PendingLink, problems: inout ProblemList) {
        dangling[link.relationship] += 1
        let name = names[link.relationship]
        problems.add(
            .danglingLink, name.originClass, link.origin, [name.originField],
            "links to \(name.targetClass)[\(link.target)], which the destination lacks")
    }
}
