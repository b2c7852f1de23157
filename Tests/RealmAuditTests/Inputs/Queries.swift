import RealmSwift

struct DogQueries {
    let realm: Realm
    var cached: Results<Dog>?  // expect: query | Results | trivial | Results

    func run(min: Int, id: ObjectId) {
        let all = realm.objects(Dog.self)  // expect: query | objects(_:) | trivial | objects
        let one = realm.object(ofType: Dog.self, forPrimaryKey: id)  // expect: query | object(ofType:forPrimaryKey:) | trivial | object
        let old = realm.objects(Dog.self).filter("age > %@", min).sorted(byKeyPath: "name").first  // expect: query | objects(_:) | moderate | objects
        let named = all.filter(NSPredicate(format: "name BEGINSWITH[c] %@", "R"))  // expect: query | filter(_:) | moderate | filter
        let typed = all.where { $0.age > min }  // expect: query | where(_:) | moderate | where
        let sorted = all.sorted(by: [SortDescriptor(keyPath: "age"), SortDescriptor(keyPath: "name")])  // expect: query | sorted(by:) | trivial | sorted(by
        let unique = all.distinct(by: ["name"])  // expect: query | distinct(by:) | moderate | distinct
        let count = all.sorted(byKeyPath: "age", ascending: false).count  // expect: query | sorted(byKeyPath:ascending:) | trivial | sorted
        print(one as Any, old as Any, named, typed, sorted, unique, count)
    }
}
