/// What ``ModelContext/model(for:)`` returns for an identifier with no model behind it: a model of no entity and no
/// properties, so casting it to a model class gives `nil` and nothing can read an unset property.
final class MissingModel: PersistentModel {
    var persistentBackingData: BackingData

    init(backingData: BackingData) {
        persistentBackingData = backingData
    }

    static var schemaMetadata: [Schema.PropertyMetadata] { [] }
}
