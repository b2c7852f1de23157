/// How the store keeps one to-many relationship, as Core Data's SQLite store does, and the SQL that reads it.
///
/// A one-to-many (its inverse is a to-one) is kept only in the foreign-key column of that inverse, in the target's
/// table: setting either side sets that column, so there is nothing more to write. A many-to-many, or a to-many
/// without an inverse, is a join table of `(owner, target)` rows, a set.
struct ToManySQL {
    /// The join table, or `nil` for a one-to-many, which lives in its inverse's foreign-key column.
    let joinTable: String?
    /// Selects the related rows of one owner (bind the owner's primary key): the target's `selectList` columns.
    let selectRelated: String

    /// The SQL of `entity`'s property `index`; `nil` when it is not a to-many relationship.
    init?(entity: Entity, index: Int) {
        let property = entity.properties[index]
        guard case .toMany(let targetType) = property.kind else { return nil }
        let target = EntityRegistry.entity(for: targetType)
        let select = "SELECT \(target.sql.selectList) FROM \(target.sql.table) WHERE"
        if let inverse = entity.inverse(of: index), target.properties[inverse].isToOne {
            joinTable = nil
            selectRelated = "\(select) \(Store.quote(target.properties[inverse].name)) = ?"
        } else {
            let join = Store.quote("\(entity.name)_\(property.name)")
            joinTable = join
            selectRelated = "\(select) pk IN (SELECT target FROM \(join) WHERE owner = ?)"
        }
    }
}
