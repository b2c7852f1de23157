import Foundation
import RealmQueryConversion
import SwiftDataCodegen
import SwiftDataConversion
import TestSupport

/// The Realm models the query tests convert, through the real models pipeline (`ModelConversion`), with the class
/// `Person` renamed to `Owner` and the property `isDeleted` renamed by the generator (`isDeletedValue`).
enum QueryModels {
    static let source = """
        import RealmSwift

        enum Size: Int, PersistableEnum {
            case small = 1
            case medium
            case large
        }

        class Address: EmbeddedObject {
            @Persisted var city: String = ""
            @Persisted var zip: String?
        }

        class Person: Object {
            @Persisted(primaryKey: true) var id: ObjectId
            @Persisted var name: String = ""
            @Persisted var age: Int = 0
            @Persisted var address: Address?
            @Persisted var dogs: List<Dog>
            @Persisted var isDeleted: Bool = false
        }

        class Dog: Object {
            @Persisted var name: String = ""
            @Persisted var age: Int = 0
            @Persisted var weight: Double?
            @Persisted var born: Date = Date()
            @Persisted var tags: List<String>
            @Persisted var scores: List<Int>
            @Persisted var size: Size = .small
            @Persisted var chip: UUID?
            @Persisted var owner: Person?
            @Persisted var friends: List<Dog>
            @Persisted var attributes: Map<String, String>
            @Persisted var anything: AnyRealmValue
            @Persisted(originProperty: "dogs") var owners: LinkingObjects<Person>
        }
        """

    /// The generated models and their catalog, converted once per test process.
    static let converted: Result<ModelConversionResult, Error> = Result {
        let directory = try TemporaryDirectory("carryover-query-models")
        defer { directory.remove() }
        let file = directory.appending("Models.swift")
        try Data(source.utf8).write(to: file)
        return try ModelConversion(inputs: [file], options: CodegenOptions(renames: ["Person": "Owner"])).run()
    }

    static func converter() throws -> RealmQueryConverter {
        RealmQueryConverter(catalog: try converted.get().catalog)
    }

    static func modelsFile() throws -> String {
        try converted.get().files.first { $0.name == "Models.swift" }?.contents ?? ""
    }
}
