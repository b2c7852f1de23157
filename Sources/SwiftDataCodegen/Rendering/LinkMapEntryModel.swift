import RealmSchema

/// The generated model for the entries of one Realm `Map` of links (SwiftData has no keyed relationship):
///
/// ```swift
/// @Model
/// final class OwnerDogsEntry {
///     var key: String = ""
///     @Relationship(deleteRule: .nullify)
///     var value: Dog?
///     var owner: Owner?  // inverse of Owner.dogs
/// }
/// ```
struct LinkMapEntryModel {
    /// The inverse property on the entry that points back at the map's owner.
    static let ownerProperty = "owner"

    var name: String
    /// The model holding the map.
    var owner: String
    /// The model the map's values link to.
    var target: String
    /// The `#if` clauses the map exists under (its class's, then its own).
    var condition: SourceCondition?

    func render(into writer: inout CodeWriter) {
        writer.line("/// One entry of a Realm map of links held by `\(owner)`: its key and the linked model.")
        writer.line("@Model")
        writer.block("final class \(name) {") { writer in
            writer.line("var key: String = \"\"")
            writer.line("@Relationship(deleteRule: .nullify)")
            writer.line("var value: \(target)?")
            writer.line("var \(Self.ownerProperty): \(owner)?")
            writer.line()
            writer.block("init(key: String, value: \(target)?) {") { writer in
                writer.line("self.key = key")
                writer.line("self.value = value")
            }
        }
    }
}
