import RealmSwift

public class RecipientsList: EmbeddedObject {
    @Persisted public var names: List<String>
}

public class PricePoint: EmbeddedObject {
    @Persisted public var date: Date
    @Persisted public var value: Double
}
