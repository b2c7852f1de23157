import RealmSwift

class Puppy: Dog {  // expect: model | subclass of a model class | moderate | class
    @Persisted var weeks: Int  // expect: model | @Persisted | trivial | @Persisted
}

class GuideDog: Puppy {  // expect: model | subclass of a model class | moderate | class
    @Persisted var handler: String  // expect: model | @Persisted | trivial | @Persisted
}

class DogViewModel: Codable {
    @Persisted var notAModel: String
}
