import SwiftDataCodegen

extension GeneratedModelCatalog {
    /// The generated model's name for the primary key property of a Realm class (renamed like every other
    /// property), if the class has a primary key.
    func generatedPrimaryKey(of realmClass: String) -> String? {
        guard let model = self[realmClass: realmClass], let key = model.primaryKey else { return nil }
        return model[realmProperty: key]?.swiftName ?? key
    }
}
