import RealmSwift

struct DogQueries {
    let realm: Realm
    // expect: query | Results | trivial | Results
    var cached: Results<Dog>?

    func run(min: Int, id: ObjectId) {
        // expect: query | objects(_:) | trivial | objects
        let all = realm.objects(Dog.self)
        // expect: query | object(ofType:forPrimaryKey:) | trivial | object
        let one = realm.object(ofType: Dog.self, forPrimaryKey: id)
        // expect: query | objects(_:) | moderate | objects
        let old = realm.objects(Dog.self).filter("age > %@", min).sorted(byKeyPath: "name").first
        // expect: query | filter(_:) | moderate | filter
        let named = all.filter(NSPredicate(format: "name BEGINSWITH[c] %@", "R"))
        // expect: query | where(_:) | moderate | where
        let typed = all.where { $0.age > min }
        // expect: query | sorted(by:) | trivial | sorted(by
        let sorted = all.sorted(by: [SortDescriptor(keyPath: "age"), SortDescriptor(keyPath: "name")])
        // expect: query | distinct(by:) | moderate | distinct
        let unique = all.distinct(by: ["name"])
        // expect: query | sorted(byKeyPath:ascending:) | trivial | sorted
        let count = all.sorted(byKeyPath: "age", ascending: false).count
        // expect: query | objects(_:) | moderate | objects
        let swiftSide = realm.objects(Dog.self).where { $0.age > 2 }.sorted(byKeyPath: "name").filter { $0.isGood }
        print(swiftSide, one as Any, old as Any, named, typed, sorted, unique, count)
    }
}
