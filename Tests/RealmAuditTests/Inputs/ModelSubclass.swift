import RealmSwift

// expect: model | subclass of a model class | moderate | class
class Puppy: Dog {
    // expect: model | @Persisted | trivial | @Persisted
    @Persisted var weeks: Int
}

// expect: model | subclass of a model class | moderate | class
class GuideDog: Puppy {
    // expect: model | @Persisted | trivial | @Persisted
    @Persisted var handler: String
}

class DogViewModel: Codable {
    @Persisted var notAModel: String
}
