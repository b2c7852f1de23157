import RealmSchema

/// Properties whose type the input does not declare: kept in the shape the declaration shows.
extension ModelsRenderer {
    /// `var address: Address?`, `var tags: [Tag] = []`, `var status: Status`: a plain stored property under the
    /// app's own type name, which SwiftData reads as a relationship, a composite attribute or a `Codable` value
    /// once the type is known. Reported as an assumption; the importer does not move it (see `ImporterRenderer`).
    mutating func assumedMember(_ property: ModelProperty, key: String, typeName: String, realm: String) -> Member {
        let element = typeName + (property.isOptional && property.collection != .single ? "?" : "")
        var member = Member(name: property.name, type: element)
        switch property.collection {
        case .single:
            if property.isOptional {
                member.type = typeName + "?"
                member.parameterDefault = .some("nil")
            } else {
                member.parameterDefault = .some(nil)
            }
        case .list, .set:
            member.type = "[\(element)]"
            member.declarationDefault = "[]"
            member.parameterDefault = .some("[]")
        case .dictionary:
            member.type = "[String: \(element)]"
            member.declarationDefault = "[:]"
            member.parameterDefault = .some("[:]")
        }
        report.construct(key, realm, "var \(member.name): \(member.type)", property.sourceLocation)
        report.human(
            .input, key,
            "assumed: \(typeName) is declared elsewhere; give its file to decide whether it is an object, an "
                + "embedded object or an enum (the property is kept as 'var \(member.name): \(member.type)')",
            property.sourceLocation)
        return member
    }
}
