import Foundation
import RealmSwift

/// Forms real apps write that an audit must not miss (see ../RealApps.md), in our own code.
struct Settings {
    var name: String
}

final class Library {
    // expect: configuration | Realm.Configuration | trivial | Realm
    lazy var config: Realm.Configuration = {
        // expect: schema-migration | migrationBlock | moderate | MigrationBlock
        let migrationBlock: MigrationBlock = { migration, oldSchemaVersion in
            if oldSchemaVersion < 2 {
                // expect: schema-migration | renameProperty(onType:from:to:) | trivial | renameProperty
                migration.renameProperty(onType: "Dog", from: "title", to: "name")
            }
        }
        // expect: configuration | Realm.Configuration | trivial | Realm ;; schema-migration | schemaVersion | moderate | schemaVersion ;; schema-migration | migrationBlock | moderate | migrationBlock
        return Realm.Configuration(schemaVersion: 2, migrationBlock: migrationBlock)
    }()
    // expect: query | Results | trivial | Results
    var results: Results<Dog>?
    // expect: observation | NotificationToken | moderate | NotificationToken
    var token: NotificationToken?
    // expect: observation | NotificationToken | moderate | RLMNotificationToken
    var legacyToken: RLMNotificationToken?

    func apply(config: Settings) {
        print(config.name)
    }

    func open() {
        // expect: configuration | shouldCompactOnLaunch | trivial | shouldCompactOnLaunch
        config.shouldCompactOnLaunch = { total, used in used < total / 2 }
        // The parameter `config: Settings` of apply(config:) does not hide the stored configuration here.
        // expect: schema-migration | schemaVersion | moderate | schemaVersion
        config.schemaVersion = 3
        // expect: realm-open | Realm(configuration:) | trivial | Realm
        let realm = try! Realm(configuration: config)
        // expect: observation | refresh() | trivial | refresh
        realm.refresh()
        // expect: query | objects(_:) | trivial | objects ;; observation | addNotificationBlock(_:) | moderate | addNotificationBlock
        legacyToken = realm.objects(Dog.self).addNotificationBlock { _ in }
        // expect: observation | NotificationToken.invalidate() | trivial | invalidate
        token?.invalidate()
    }

    func owned(by person: Person, names: [String]) -> Int {
        // expect: query | filter(_:) | moderate | filter
        let named = person.dogs.filter("NOT name IN %@", names)
        // expect: query | filter(_:) | moderate | filter
        let young = self.results?.filter("name BEGINSWITH 'R'")
        return named.count + (young?.count ?? 0)
    }

    func label(realm: Realm) -> String {
        // expect: query | objects(_:) | trivial | objects
        "\(realm.objects(Person.self).count) people"
    }
}

extension Realm {
    // expect: query | Results | trivial | Results
    func rexes() -> Results<Dog> {
        // expect: query | objects(_:) | moderate | objects
        objects(Dog.self).filter("name == 'Rex'")
    }
}

extension Library {
    func unnamed() -> Int {
        // A member of the type, used in an extension of it in the same file.
        // expect: query | filter(_:) | moderate | filter
        results?.filter("name == ''").count ?? 0
    }
}

/// A repository that writes through the app's transaction wrapper (the closure's parameter is the Realm), and
/// elsewhere binds `liveRealm` in an `if let` beside a query: the query types the name it binds, not `liveRealm`.
final class Kennels {
    // A tuple pattern (a test target's promise and its resolver): read, no finding.
    private var (pending, resolve) = Kennels.makePending()

    static func makePending() -> (Int, (Int) -> Void) { (0, { _ in }) }

    func remove(_ dog: Dog) {
        // The wrapper (declared by the app in another file) writes and passes the Realm.
        inTransaction { liveRealm in
            // expect: write | delete(_:) | trivial | delete
            liveRealm.delete(dog)
        }
    }

    func oldest(openRealm: () -> Realm?) -> Dog? {
        // expect: query | objects(_:) | trivial | objects
        if let liveRealm = openRealm(), let dog = liveRealm.objects(Dog.self).first {
            return dog
        }
        return nil
    }

    /// A parameter named like the model's list (`dogs: [String: Int]`) does not hide `person.dogs`.
    func sync(dogs: [String: Int], person: Person) -> Int {
        // expect: query | filter(_:) | moderate | filter
        person.dogs.filter("NOT name IN %@", Array(dogs.keys)).count
    }

    /// Predicates from the app's `NSPredicate` helpers: `person.dogs` is the model's `List<Dog>`, so its `filter` with
    /// an argument that is no closure is Realm's, and the chain goes on to the next step.
    func youngRexes(of person: Person) -> Int {
        // expect: query | filter(_:) | moderate | filter
        person.dogs.filter(.named("Rex"))
            .filter(.young).count
    }

    /// A predicate built beforehand and passed to the app's fetch wrapper, whose closure parameter is a Results.
    func youngDogs(from store: DogStore) -> Int {
        let young = NSPredicate(format: "age < %d", 3)
        return store.fetch { partial in
            // expect: query | filter(_:) | moderate | filter
            partial.filter(young)
        }
    }

    /// A background reader that ends its read transaction when done.
    // expect: query | Results | trivial | Results
    func release(_ dogs: Results<Dog>) {
        // expect: observation | Realm.invalidate() | trivial | invalidate
        dogs.first?.realm?.invalidate()
    }

    // expect: observation | NotificationToken | moderate | NotificationToken
    private var tokens: [NotificationToken] = []

    func stopObserving() {
        // swift-format-ignore: ReplaceForEachWithForLoop
        // expect: observation | NotificationToken.invalidate() | trivial | invalidate
        tokens.forEach { $0.invalidate() }
        let timers: [Timer] = []
        // swift-format-ignore: ReplaceForEachWithForLoop
        timers.forEach { $0.invalidate() }
    }

    func isShareable(_ dog: Dog) -> Bool {
        // expect: threading | isFrozen | trivial | isFrozen
        dog.isFrozen
    }
}

/// A query in a loop's header ends before the loop's body: the Realm uses inside are found on their own.
func walk(_ person: Person, realm: Realm) {
    // expect: query | sorted(byKeyPath:ascending:) | trivial | sorted
    for dog in person.dogs.sorted(byKeyPath: "name") {
        // expect: query | objects(_:) | trivial | objects
        print(dog.name, realm.objects(Toy.self).count)
    }
}

/// Names bound without a type: a tuple pattern's names, a loop's variable, an element closure's named parameter.
final class Walks {
    func pair() -> (Dog, Person) { (Dog(), Person()) }

    // expect: query | Results | trivial | Results
    func plan(_ people: Results<Person>) -> Int {
        let (rex, owner) = pair()
        // expect: observation | objectWillChange | moderate | objectWillChange
        _ = rex.objectWillChange
        // expect: query | filter(_:) | moderate | filter
        var count = owner.dogs.filter(.young).count
        for person in people {
            // expect: query | filter(_:) | moderate | filter
            count += person.dogs.filter(.named("Rex")).count
        }
        // expect: query | filter(_:) | moderate | filter
        count += people.map { walker in walker.dogs.filter(.young).count }.reduce(0, +)
        return count
    }
}

/// A store from another package: what its `load(ofType:_:)` passes is a Realm collection of the named model, as
/// the chain's `sorted(byKeyPath:)` shows, so the query starts at its first step.
func named(_ name: String, in store: PackagedStore, matching rule: PackagedRule) {
    store.load(ofType: Dog.self) { dogs in
        // expect: query | filter(_:) | moderate | filter
        dogs.filter(rule.predicate).sorted(byKeyPath: "name")
    }
}

/// The app's lookup, declared on `Results` to give one of its elements.
extension Results {
    func named(_ name: String) -> Element? { nil }
}

/// Locals initialised by a query that goes on past its last step: an element (`first`, or the app's `named(_:)`).
func youngDogs(realm: Realm) -> Int {
    // expect: query | objects(_:) | trivial | objects
    guard let ann = realm.objects(Person.self).named("Ann") else { return 0 }
    // expect: query | filter(_:) | moderate | filter
    let young = ann.dogs.filter(.young).count
    // expect: query | objects(_:) | trivial | objects
    guard let eldest = realm.objects(Person.self).first else { return young }
    // expect: query | filter(_:) | moderate | filter
    return young + eldest.dogs.filter(.young).count
}

/// A format and its arguments: Swift's `filter` takes one closure, so this is Realm's whatever `all` is.
let namedEither = "name == %@ OR name == %@"

func twins(in store: PackagedStore, first: String, second: String) -> Int {
    let all = store.everyDog()
    // expect: query | filter(_:) | moderate | filter
    return all.filter(namedEither, first, second).count
}

extension NSPredicate {
    static func named(_ name: String) -> NSPredicate { NSPredicate(format: "name == %@", name) }
    static let young = NSPredicate(format: "age < 3")
}

/// A migration block kept as an untyped closure value, later passed as `migrationBlock:`.
final class Upgrades {
    // expect: schema-migration | migrationBlock | moderate | Migration
    lazy var migrate = { (migration: Migration, oldSchemaVersion: UInt64) in
        print(migration, oldSchemaVersion)
    }

    func log(_ migration: Migration) {
        print(migration)
    }
}

/// The app's generic request wrapper: `read(request:)` gives the request's `Reply` (here `Results<Dog>`), and the
/// reader is what `Pound.reading(on:with:)` passes its closure. Both are typed by their declarations.
protocol DogRequest {
    associatedtype Reply
}

struct AllDogs: DogRequest {
    // expect: query | Results | trivial | Results
    typealias Reply = Results<Dog>
}

protocol DogReader {
    func read<Request: DogRequest>(request: Request) -> Request.Reply
}

final class Pound {
    var handles: [AnyObject] = []

    func reading(on queue: DispatchQueue, with body: (DogReader) -> Void) {}

    func watch() {
        reading(
            on: .main,
            with: { reader in
                let dogs = reader.read(request: AllDogs())
                // expect: observation | observe(_:) | moderate | observe
                handles.append(dogs.observe { _ in })
                // expect: query | filter(_:) | moderate | filter
                print(dogs.filter("name BEGINSWITH %@", "R").count)
                // expect: threading | freeze() | moderate | freeze
                print(dogs.map { $0.freeze() }.count)
            })
    }
}

/// Requests generic over the collection they read: a property typed by a generic parameter constrained to a Realm
/// collection (in the parameter list or a `where` clause) is one.
struct YoungDogsRequest<Dogs: RealmCollection> where Dogs.Element == Dog {
    let dogs: Dogs

    func names() -> [String] {
        // expect: query | filter(_:) | moderate | filter
        Array(self.dogs.filter(.young).map(\.name))
    }

    /// `Dogs.Element == Dog`: its elements are dogs, whose `owners` are Realm's.
    func ownersOfFirst() -> Int {
        // expect: query | filter(_:) | moderate | filter
        dogs.first?.owners.filter(.young).count ?? 0
    }
}

struct NamedDogsRequest<Dogs> where Dogs: RealmCollection {
    let dogs: Dogs
    let name: String

    func count() -> Int {
        // expect: query | filter(_:) | moderate | filter
        dogs.filter(.named(name)).count
    }
}

/// In an extension, outside the type's braces: its declaration in the module says so.
extension NamedDogsRequest {
    func youngCount() -> Int {
        // expect: query | filter(_:) | moderate | filter
        dogs.filter(.young).count
    }
}

/// A generic parameter with any other constraint is not a Realm collection: `filter(isPuppy)` is Swift's.
struct Kennel<Dogs: Sequence> {
    let dogs: Dogs

    func puppies(_ isPuppy: (Dogs.Element) -> Bool) -> Int {
        dogs.filter(isPuppy).count
    }
}

/// An overloaded `perform` in a protocol extension, with defaulted parameters. A call given two trailing closures
/// (`perform(invalidate: true) { … } completion: { … }`) fits only the second overload, whose `with:` closure takes
/// the first trailing closure and `completion:` the second; `perform(request:) { … }` fits only the first.
struct DogNames {
    func filter(_ predicate: NSPredicate) -> [String] { [] }
}

protocol DogWork {}

extension DogWork {
    func perform(request: AllDogs, completion: @escaping (DogNames) -> Void) {}

    func perform(
        refresh: Bool = false, invalidate: Bool = false,
        // expect: query | Results | trivial | Results
        with action: @escaping (Results<Dog>) throws -> Void,
        // expect: query | Results | trivial | Results
        completion: @escaping (Results<Dog>) -> Void
    ) {}
}

final class DogWorker: DogWork {
    func run() {
        perform(invalidate: true) { dogs in
            // expect: query | filter(_:) | moderate | filter
            print(dogs.filter(.young).count)
        } completion: { dogs in
            // expect: query | filter(_:) | moderate | filter
            print(dogs.filter(.named("Rex")).count)
        }
        perform(request: AllDogs()) { names in
            print(names.filter(.young).count)
        }
    }
}
