/// Query chains with the SwiftData code they must become (or why they cannot), checked against Realm's documented
/// semantics: NSPredicate format syntax as Realm reads it, and the type-safe query API.
struct QueryCase: Sendable, CustomStringConvertible {
    enum Expectation: Sendable {
        /// Converted; the predicate (or whole code) contains each text.
        case converted([String])
        /// Not convertible; a problem's message contains the text.
        case refused(String)
    }

    var chain: String
    /// The parameters the chain's arguments need in the compile check (`minAge: Int`).
    var parameters: String = ""
    var elementClass: String?
    var expectation: Expectation

    var description: String { chain }

    static let all: [QueryCase] = comparisons + strings + collections + chains + typeSafe + refusals

    static let comparisons: [QueryCase] = [
        QueryCase(chain: #"realm.objects(Dog.self).filter("age == 3")"#, expectation: .converted(["dog.age == 3"])),
        QueryCase(chain: #"realm.objects(Dog.self).filter("age = 3")"#, expectation: .converted(["dog.age == 3"])),
        QueryCase(chain: #"realm.objects(Dog.self).filter("age != 3")"#, expectation: .converted(["dog.age != 3"])),
        QueryCase(chain: #"realm.objects(Dog.self).filter("age <> 3")"#, expectation: .converted(["dog.age != 3"])),
        QueryCase(chain: #"realm.objects(Dog.self).filter("age < 3")"#, expectation: .converted(["dog.age < 3"])),
        QueryCase(chain: #"realm.objects(Dog.self).filter("age <= 3")"#, expectation: .converted(["dog.age <= 3"])),
        QueryCase(chain: #"realm.objects(Dog.self).filter("age =< 3")"#, expectation: .converted(["dog.age <= 3"])),
        QueryCase(chain: #"realm.objects(Dog.self).filter("age > 3")"#, expectation: .converted(["dog.age > 3"])),
        QueryCase(chain: #"realm.objects(Dog.self).filter("age >= 3")"#, expectation: .converted(["dog.age >= 3"])),
        QueryCase(chain: #"realm.objects(Dog.self).filter("3 < age")"#, expectation: .converted(["dog.age > 3"])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("age > %@ AND name == %@", minAge, name)"#,
            parameters: "minAge: Int, name: String",
            expectation: .converted([
                "let minAge2: Int = minAge", "let name2: String = name", "dog.age > minAge2 && dog.name == name2",
            ])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("age > 1 OR NOT (age < 5 && name != 'x') || !(age == 2)")"#,
            expectation: .converted(["((dog.age > 1 || !((dog.age < 5 && dog.name != \"x\"))) || !(dog.age == 2))"])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("TRUEPREDICATE")"#, expectation: .converted(["{ dog in true }"])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("FALSEPREDICATE")"#, expectation: .converted(["{ dog in false }"])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("weight == nil")"#, expectation: .converted(["dog.weight == nil"])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("weight != NULL")"#, expectation: .converted(["dog.weight != nil"])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("weight > 2.5")"#,
            expectation: .converted(["dog.weight.flatMap { value in value > 2.5 } == true"])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("born > 2021-02-20@17:30:15:500000000")"#,
            expectation: .converted(["Date(timeIntervalSince1970: 1613842215.500000000)", "dog.born > date"])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("born < T1613842215:0")"#,
            expectation: .converted(["Date(timeIntervalSince1970: 1613842215)"])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("chip == uuid(137f2d1a-1b56-4bbd-9a0e-d27fa6a3f2c2)")"#,
            expectation: .converted(["UUID(uuid: (0x13, 0x7F, 0x2D, 0x1A,", "dog.chip == uuid"])),
        QueryCase(
            chain: #"realm.objects(Person.self).filter("id == oid(507F1F77BCF86CD799439011)")"#,
            expectation: .converted([#"owner.id == "507f1f77bcf86cd799439011""#])),
        QueryCase(
            chain: #"realm.objects(Person.self).filter("isDeleted == false AND name == \"Ann\"")"#,
            expectation: .converted([#"owner.isDeletedValue == false && owner.name == "Ann""#])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("size == 2")"#,
            expectation: .converted(["let medium = Size.medium", "dog.size == medium"])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("size == %@", raw)"#, parameters: "raw: Int",
            expectation: .converted(["let raw2: Int = raw", "dog.size.rawValue == raw2"])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("age BETWEEN {1, 5}")"#,
            expectation: .converted(["(dog.age >= 1 && dog.age <= 5)"])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("age BETWEEN {%@, %@}", low, high)"#,
            parameters: "low: Int, high: Int",
            expectation: .converted(["dog.age >= low2 && dog.age <= high2"])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("age IN {1, 2, 3}")"#,
            expectation: .converted(["let values: [Int] = [1, 2, 3]", "values.contains(dog.age)"])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("name IN %@", names)"#, parameters: "names: [String]",
            expectation: .converted(["let names2: [String] = names", "names2.contains(dog.name)"])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("%K == %@", "name", name)"#, parameters: "name: String",
            expectation: .converted(["dog.name == name2"])),
    ]

    static let strings: [QueryCase] = [
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("name BEGINSWITH 'Re'")"#,
            expectation: .converted([#"dog.name.starts(with: "Re")"#])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("name CONTAINS 'ex'")"#,
            expectation: .converted([#"dog.name.contains("ex")"#])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("name LIKE 'Rex'")"#,
            expectation: .converted([#"dog.name == "Rex""#])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("name LIKE 'Re*'")"#,
            expectation: .converted([#"dog.name.starts(with: "Re")"#])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("name LIKE '*e*'")"#,
            expectation: .converted([#"dog.name.contains("e")"#])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("owner.name BEGINSWITH %@", prefix)"#, parameters: "prefix: String",
            expectation: .converted(["dog.owner.flatMap { owner in owner.name.starts(with: prefix2) } == true"])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("owner.address.city == 'Oslo'")"#,
            expectation: .converted([#"dog.owner?.address?.city == "Oslo""#])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("owner.address.zip CONTAINS '12'")"#,
            expectation: .converted([
                #"dog.owner.flatMap { owner in owner.address.flatMap { address in address.zip.flatMap { value in value.contains("12") } == true } == true } == true"#
            ])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("owner == nil")"#, expectation: .converted(["dog.owner == nil"])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("owner == %@", person)"#, parameters: "person: Owner",
            expectation: .converted([
                "let personID = person.persistentModelID", "dog.owner?.persistentModelID == personID",
            ])),
    ]

    static let collections: [QueryCase] = [
        QueryCase(
            chain: #"realm.objects(Person.self).filter("ANY dogs.age > 5")"#,
            expectation: .converted([
                "owner.dogsEntries.contains { entry in entry.target.flatMap { dog in dog.age > 5 } == true }"
            ])),
        QueryCase(
            chain: #"realm.objects(Person.self).filter("dogs.age > 5")"#,
            expectation: .converted([
                "owner.dogsEntries.contains { entry in entry.target.flatMap { dog in dog.age > 5 } == true }"
            ])),
        QueryCase(
            chain: #"realm.objects(Person.self).filter("ALL dogs.age > 5")"#,
            expectation: .converted([
                "owner.dogsEntries.allSatisfy { entry in entry.target.flatMap { dog in dog.age > 5 } != false }"
            ])),
        QueryCase(
            chain: #"realm.objects(Person.self).filter("NONE dogs.name == 'Rex'")"#,
            expectation: .converted([#"!(owner.dogsEntries.contains { entry in entry.target?.name == "Rex" })"#])),
        QueryCase(
            chain: #"realm.objects(Person.self).filter("ANY dogs.friends.owner.name == 'Ann'")"#,
            expectation: .converted([
                #"owner.dogsEntries.contains { entry in entry.target?.friendsEntries.contains { entry2 in entry2.target?.owner?.name == "Ann" } == true }"#
            ])),
        QueryCase(
            chain: #"realm.objects(Person.self).filter("dogs.@count > 2")"#,
            expectation: .converted(["owner.dogsEntries.count > 2"])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("tags.@count == 0")"#,
            expectation: .converted(["dog.tags.count == 0"])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("scores.@max > 90")"#,
            expectation: .converted(["dog.scores.max().flatMap { value in value > 90 } == true"])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("scores.@min < 10")"#,
            expectation: .converted(["dog.scores.min().flatMap { value in value < 10 } == true"])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("'fluffy' IN tags")"#,
            expectation: .converted([#"dog.tags.contains("fluffy")"#])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("ANY tags == 'fluffy'")"#,
            expectation: .converted([#"dog.tags.contains("fluffy")"#])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("ANY scores > 3")"#,
            expectation: .converted(["dog.scores.contains { element in element > 3 }"])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("ALL scores > 3")"#,
            expectation: .converted(["dog.scores.allSatisfy { element in element > 3 }"])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("ANY owners.name == 'Ann'")"#,
            expectation: .converted([#"dog.ownerDogsEntries.contains { entry in entry.owner?.name == "Ann" }"#])),
        QueryCase(
            chain:
                #"realm.objects(Person.self).filter("SUBQUERY(dogs, $d, $d.age > 3 AND $d.name BEGINSWITH 'R').@count > 0")"#,
            expectation: .converted([
                #"owner.dogsEntries.filter { entry in entry.target.flatMap { dog in (dog.age > 3 && dog.name.starts(with: "R")) } == true }.count > 0"#
            ])),
    ]

    static let chains: [QueryCase] = [
        // A class qualified by its module or enclosing type in source is the same Realm class.
        QueryCase(
            chain: #"realm.objects(Shelter.Dog.self).filter("age > 3")"#, expectation: .converted(["dog.age > 3"])),
        // `object(ofType:forPrimaryKey:)`: the object whose primary key equals the argument, or nil (an ObjectId
        // key is generated as its hex String).
        QueryCase(
            chain: #"realm.object(ofType: Person.self, forPrimaryKey: personID)"#, parameters: "personID: String",
            expectation: .converted([
                "let personID2: String = personID", ".id == personID2 }", "descriptor.fetchLimit = 1",
                "try context.fetch(descriptor).first",
            ])),
        QueryCase(
            chain:
                #"realm.objects(Dog.self).filter("age > %@ AND owner.name BEGINSWITH %@", minAge, prefix).sorted(byKeyPath: "name", ascending: false).first"#,
            parameters: "minAge: Int, prefix: String",
            expectation: .converted([
                "sortBy: [SortDescriptor(\\Dog.name, order: .reverse)]", "descriptor.fetchLimit = 1",
                "try context.fetch(descriptor).first",
            ])),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("age > 1").filter("age < 9").count"#,
            expectation: .converted(["dog.age > 1 && dog.age < 9", "try context.fetchCount(descriptor)"])),
        QueryCase(
            chain: #"realm.objects(Dog.self).sorted(byKeyPath: "owner.name")"#,
            expectation: .converted([#"SortDescriptor(\Dog.owner?.name)"#])),
        QueryCase(
            chain:
                #"realm.objects(Dog.self).sorted(by: [SortDescriptor(keyPath: "age", ascending: false), SortDescriptor(keyPath: "name")])"#,
            expectation: .converted([#"[SortDescriptor(\Dog.age, order: .reverse), SortDescriptor(\Dog.name)]"#])),
        QueryCase(
            chain: #"realm.objects(Dog.self).sorted(by: \.age)"#,
            expectation: .converted([#"SortDescriptor(\Dog.age)"#])),
        QueryCase(
            chain: #"realm.objects(Dog.self).sorted(by: \Dog.weight, ascending: false).last"#,
            expectation: .converted([#"SortDescriptor(\Dog.weight)"#, "fetchLimit = 1"])),
        QueryCase(
            chain: #"realm.objects(Dog.self).distinct(by: ["name"])"#,
            expectation: .converted(["var seen = Set<String>()", "seen.insert($0.name).inserted"])),
        QueryCase(
            chain: #"realm.objects(Dog.self).distinct(by: ["name", "owner.name"]).count"#,
            expectation: .converted(["Set<[AnyHashable]>()", "AnyHashable($0.owner?.name)"])),
        QueryCase(chain: #"realm.objects(Dog.self).isEmpty"#, expectation: .converted(["fetchCount(descriptor) == 0"])),
        QueryCase(
            chain: #"dogs.filter("age > 2").sorted(byKeyPath: "age")"#, elementClass: "Dog",
            expectation: .converted(["dog.age > 2", #"SortDescriptor(\Dog.age)"#])),
    ]

    static let typeSafe: [QueryCase] = [
        QueryCase(
            chain: #"dogs.where { $0.age > 3 && $0.owner.name == "x" }.sorted(by: [SortDescriptor(keyPath: "age")])"#,
            elementClass: "Dog", expectation: .converted([#"dog.age > 3 && dog.owner?.name == "x""#])),
        QueryCase(
            chain:
                #"realm.objects(Dog.self).where { dog in dog.name.starts(with: prefix) || !dog.tags.contains("old") }"#,
            parameters: "prefix: String",
            expectation: .converted([#"{ dog2 in (dog2.name.starts(with: prefix2) || !(dog2.tags.contains("old"))) }"#])
        ),
        QueryCase(
            chain: #"realm.objects(Dog.self).where { $0.name.contains("ex") && $0.age.contains(1...5) }"#,
            expectation: .converted([#"dog.name.contains("ex") && (dog.age >= 1 && dog.age <= 5)"#])),
        QueryCase(
            chain: #"realm.objects(Dog.self).where { $0.age.contains(1..<5) }"#,
            expectation: .converted(["dog.age >= 1 && dog.age < 5"])),
        QueryCase(
            chain: #"realm.objects(Dog.self).where { $0.name.in(names) }"#, parameters: "names: [String]",
            expectation: .converted(["names2.contains(dog.name)"])),
        QueryCase(
            chain: #"realm.objects(Person.self).where { $0.dogs.count > 1 && $0.dogs.age >= limit }"#,
            parameters: "limit: Int",
            expectation: .converted([
                "owner.dogsEntries.count > 1 && owner.dogsEntries.contains { entry in entry.target.flatMap { dog in dog.age >= limit2 } == true }"
            ])),
        QueryCase(
            chain: #"realm.objects(Dog.self).where { $0.weight == nil || $0.size == .large }"#,
            expectation: .converted(["let large2: Size = .large", "(dog.weight == nil || dog.size == large2)"])),
        QueryCase(
            chain: #"realm.objects(Person.self).where { !$0.isDeleted }"#,
            expectation: .converted(["!(owner.isDeletedValue == true)"])),
        QueryCase(
            chain: #"realm.objects(Dog.self).where { $0.scores.max > 3 }"#,
            expectation: .converted(["dog.scores.max().flatMap { value in value > 3 } == true"])),
    ]

    static let refusals: [QueryCase] = [
        QueryCase(
            chain: #"realm.object(ofType: Dog.self, forPrimaryKey: "rex")"#, expectation: .refused("no primary key")),
        QueryCase(chain: #"realm.objects(Dog.self).filter("name ==[c] 'rex'")"#, expectation: .refused("==[c]")),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("name BEGINSWITH[d] 'r'")"#, expectation: .refused("BEGINSWITH[d]")),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("name CONTAINS[cd] 'r'")"#, expectation: .refused("CONTAINS[cd]")),
        QueryCase(
            chain: #"realm.objects(Dog.self).where { $0.name.contains("r", options: .caseInsensitive) }"#,
            expectation: .refused("CONTAINS[c]")),
        QueryCase(chain: #"realm.objects(Dog.self).filter("name ENDSWITH 'x'")"#, expectation: .refused("ENDSWITH")),
        QueryCase(chain: #"realm.objects(Dog.self).filter("name LIKE 'R?x'")"#, expectation: .refused("LIKE")),
        QueryCase(chain: #"realm.objects(Dog.self).filter("name LIKE %@", pattern)"#, expectation: .refused("LIKE")),
        QueryCase(
            chain: #"realm.objects(Person.self).filter("dogs.@sum.age > 10")"#,
            expectation: .refused("no sum or average")),
        QueryCase(
            chain: #"realm.objects(Person.self).filter("dogs.@avg.age > 10")"#,
            expectation: .refused("no sum or average")),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("scores.@sum > 10")"#, expectation: .refused("no sum or average")),
        QueryCase(
            chain: #"realm.objects(Person.self).filter("dogs.@max.age > 10")"#,
            expectation: .refused("no sum or average")),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("attributes['color'] == 'red'")"#,
            expectation: .refused("cannot read the format")),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("attributes.color == 'red'")"#, expectation: .refused("is a Map")),
        QueryCase(chain: #"realm.objects(Dog.self).filter("anything == 3")"#, expectation: .refused("AnyRealmValue")),
        QueryCase(chain: #"realm.objects(Dog.self).filter("ANY age > 3")"#, expectation: .refused("not a collection")),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("nose > 3")"#, expectation: .refused("Dog has no property 'nose'")),
        QueryCase(chain: #"realm.objects(Dog.self).filter("age > 3.5")"#, expectation: .refused("fractional")),
        QueryCase(
            chain: #"realm.objects(Dog.self).filter("%K == 1", key)"#,
            expectation: .refused("%K needs a string literal")),
        QueryCase(chain: #"realm.objects(Dog.self).filter(format)"#, expectation: .refused("string literal format")),
        QueryCase(chain: #"realm.objects(Dog.self).filter("age > %@")"#, expectation: .refused("has no argument")),
        QueryCase(
            chain: #"realm.objects(Dog.self).sorted(byKeyPath: "friends.age")"#,
            expectation: .refused("sorting by 'friends.age'")),
        QueryCase(chain: #"realm.objects(Dog.self).sorted(byKeyPath: "size")"#, expectation: .refused("Comparable")),
        QueryCase(chain: #"realm.objects(Dog.self).last"#, expectation: .refused(".last on unsorted")),
        QueryCase(
            chain: #"realm.objects(Dog.self).distinct(by: ["name"]).filter("age > 1")"#,
            expectation: .refused("filter after distinct")),
        QueryCase(chain: #"realm.objects(Address.self)"#, expectation: .refused("embedded object")),
        QueryCase(chain: #"realm.objects(Cat.self)"#, expectation: .refused("'Cat' is not a class")),
        QueryCase(chain: #"realm.objects(Dog.self).filter("name MATCHES 'x'")"#, expectation: .refused("MATCHES")),
    ]
}
