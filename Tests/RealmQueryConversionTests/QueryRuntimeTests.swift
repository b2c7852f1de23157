import Foundation
import RealmQueryConversion
import SwiftDataToolchain
import TestSupport
import Testing

/// Runs converted queries in the Linux SwiftData runtime on seeded data and compares what they return with what
/// Realm's query semantics give on the same data, computed here directly (Realm's documented null, ANY/ALL/NONE,
/// @count, SUBQUERY, BETWEEN, IN and LIKE rules written out as Swift over plain values).
@Suite("converted queries return what Realm returns")
struct QueryRuntimeTests {
    struct PlainOwner: Sendable {
        var name: String
        var age: Int
        var city: String?
        var dogs: [Int]
    }

    struct PlainDog: Sendable {
        var name: String
        var age: Int
        var weight: Double?
        var born: Int
        var tags: [String]
        var scores: [Int]
        var size: Int
        var owner: Int?
        var friends: [Int]
    }

    struct World: Sendable {
        var owners: [PlainOwner] = []
        var dogs: [PlainDog] = []

        func owner(of dog: PlainDog) -> PlainOwner? { dog.owner.map { owners[$0] } }
        func friends(of dog: PlainDog) -> [PlainDog] { dog.friends.map { dogs[$0] } }
        func owners(of index: Int) -> [PlainOwner] { owners.filter { $0.dogs.contains(index) } }
    }

    /// Seeded data: names that differ in case and share prefixes, optional weights, owners without a city, dogs
    /// without an owner; each dog is in at most one friends list (the generated inverse of `friends` is to-one).
    static func world(seed: UInt64) -> World {
        var random = SeededRandomNumberGenerator(seed: seed)
        var world = World()
        let ownerNames = ["Rita", "Rob", "Ann", "Zoe", "rhea", "Ralf"]
        let cities: [String?] = ["Oslo", "Bergen", nil]
        for name in ownerNames {
            world.owners.append(
                PlainOwner(
                    name: name, age: Int.random(in: 18...70, using: &random),
                    city: cities.randomElement(using: &random) ?? nil, dogs: []))
        }
        let dogNames = ["Rex", "rex", "Max", "Maxi", "Bella", "Rover", "Lax", "Ruby"]
        let tagPool = ["old", "young", "loud", "calm"]
        for index in 0..<40 {
            world.dogs.append(
                PlainDog(
                    name: dogNames.randomElement(using: &random) ?? "Rex", age: Int.random(in: 0...12, using: &random),
                    weight: Bool.random(using: &random) ? Double(Int.random(in: 20...300, using: &random)) / 10 : nil,
                    born: 1_000_000 + index * 7_919 % 997 * 100 + index,
                    tags: tagPool.filter { _ in Int.random(in: 0..<3, using: &random) == 0 },
                    scores: (0..<Int.random(in: 0...3, using: &random)).map { _ in
                        Int.random(in: 0...100, using: &random)
                    },
                    size: Int.random(in: 1...3, using: &random),
                    owner: Bool.random(using: &random) ? Int.random(in: 0..<ownerNames.count, using: &random) : nil,
                    friends: []))
        }
        var free = Array(0..<40).shuffled(using: &random)
        for index in 0..<40 where Bool.random(using: &random) {
            let count = Int.random(in: 1...3, using: &random)
            let picked = free.prefix(count).filter { $0 != index }
            free.removeFirst(min(count, free.count))
            world.dogs[index].friends = picked
        }
        for index in 0..<40 where Int.random(in: 0..<3, using: &random) == 0 {
            for owner in world.owners.indices where Bool.random(using: &random) {
                world.owners[owner].dogs.append(index)
            }
        }
        return world
    }

    /// A query and what Realm returns for it: the matching dogs' indices (sorted when the query does not sort),
    /// or a count.
    struct Case: Sendable {
        var chain: String
        var realm: @Sendable (World) -> String
    }

    static func matching(_ world: World, _ test: (PlainDog, Int) -> Bool) -> String {
        world.dogs.indices.filter { test(world.dogs[$0], $0) }.map(String.init).joined(separator: ",")
    }

    static let cases: [Case] = [
        Case(chain: #"realm.objects(Dog.self).filter("age > %@ AND owner.name BEGINSWITH %@", 3, "R")"#) { w in
            matching(w) { d, _ in d.age > 3 && (w.owner(of: d)?.name.hasPrefix("R") ?? false) }
        },
        Case(chain: #"realm.objects(Dog.self).filter("owner.name != 'Rita'")"#) { w in
            matching(w) { d, _ in w.owner(of: d)?.name != "Rita" }
        },
        Case(chain: #"realm.objects(Dog.self).filter("owner.age < 40")"#) { w in
            matching(w) { d, _ in w.owner(of: d).map { $0.age < 40 } ?? false }
        },
        Case(chain: #"realm.objects(Dog.self).filter("weight > 10.5 OR weight == nil")"#) { w in
            matching(w) { d, _ in (d.weight.map { $0 > 10.5 } ?? false) || d.weight == nil }
        },
        Case(chain: #"realm.objects(Dog.self).filter("ANY friends.age > 8")"#) { w in
            matching(w) { d, _ in w.friends(of: d).contains { $0.age > 8 } }
        },
        Case(chain: #"realm.objects(Dog.self).filter("ALL friends.age > 2")"#) { w in
            matching(w) { d, _ in w.friends(of: d).allSatisfy { $0.age > 2 } }
        },
        Case(chain: #"realm.objects(Dog.self).filter("NONE friends.name == 'Rex'")"#) { w in
            matching(w) { d, _ in !w.friends(of: d).contains { $0.name == "Rex" } }
        },
        Case(chain: #"realm.objects(Dog.self).filter("friends.@count >= 2")"#) { w in
            matching(w) { d, _ in d.friends.count >= 2 }
        },
        Case(chain: #"realm.objects(Dog.self).filter("scores.@max > 90 OR scores.@min < 5")"#) { w in
            matching(w) { d, _ in (d.scores.max().map { $0 > 90 } ?? false) || (d.scores.min().map { $0 < 5 } ?? false)
            }
        },
        Case(chain: #"realm.objects(Dog.self).filter("'old' IN tags AND ANY scores < 50")"#) { w in
            matching(w) { d, _ in d.tags.contains("old") && d.scores.contains { $0 < 50 } }
        },
        Case(
            chain:
                #"realm.objects(Dog.self).filter("SUBQUERY(friends, $f, $f.age > 5 AND $f.weight != nil).@count > 0")"#
        ) { w in
            matching(w) { d, _ in w.friends(of: d).filter { $0.age > 5 && $0.weight != nil }.count > 0 }
        },
        Case(chain: #"realm.objects(Dog.self).filter("name IN {'Rex', 'Max'} AND age BETWEEN {2, 5}")"#) { w in
            matching(w) { d, _ in ["Rex", "Max"].contains(d.name) && d.age >= 2 && d.age <= 5 }
        },
        Case(chain: #"realm.objects(Dog.self).filter("name LIKE '*ax*' OR name LIKE 'Ro*'")"#) { w in
            matching(w) { d, _ in d.name.contains("ax") || d.name.hasPrefix("Ro") }
        },
        Case(chain: #"realm.objects(Dog.self).filter("owner.address.city == 'Oslo'")"#) { w in
            matching(w) { d, _ in w.owner(of: d)?.city == "Oslo" }
        },
        Case(chain: #"realm.objects(Dog.self).filter("ANY owners.age > 40")"#) { w in
            matching(w) { _, index in w.owners(of: index).contains { $0.age > 40 } }
        },
        Case(chain: #"realm.objects(Dog.self).filter("size == 2").filter("NOT (age < 3)")"#) { w in
            matching(w) { d, _ in d.size == 2 && !(d.age < 3) }
        },
        Case(chain: #"realm.objects(Dog.self).where { $0.age.contains(1..<4) || !$0.tags.contains("young") }"#) { w in
            matching(w) { d, _ in (d.age >= 1 && d.age < 4) || !d.tags.contains("young") }
        },
        Case(chain: #"realm.objects(Dog.self).where { $0.owner.name == "Rob" && $0.weight != nil }"#) { w in
            matching(w) { d, _ in w.owner(of: d)?.name == "Rob" && d.weight != nil }
        },
        Case(chain: #"realm.objects(Dog.self).filter("age < 6").sorted(byKeyPath: "born", ascending: false)"#) { w in
            w.dogs.indices.filter { w.dogs[$0].age < 6 }.sorted { w.dogs[$0].born > w.dogs[$1].born }
                .map(String.init).joined(separator: ",")
        },
        Case(chain: #"realm.objects(Dog.self).filter("age < 6").sorted(byKeyPath: "born").last"#) { w in
            w.dogs.indices.filter { w.dogs[$0].age < 6 }.max { w.dogs[$0].born < w.dogs[$1].born }.map(String.init)
                ?? "nil"
        },
        Case(chain: #"realm.objects(Dog.self).filter("age > 2").count"#) { w in
            String(w.dogs.filter { $0.age > 2 }.count)
        },
        Case(chain: #"realm.objects(Dog.self).sorted(byKeyPath: "born").distinct(by: ["age"])"#) { w in
            var seen = Set<Int>()
            return w.dogs.indices.sorted { w.dogs[$0].born < w.dogs[$1].born }.filter {
                seen.insert(w.dogs[$0].age).inserted
            }
            .map(String.init).joined(separator: ",")
        },
    ]

    @Test("every converted query returns Realm's result on seeded data", arguments: [UInt64(7), 2_024])
    func seededData(seed: UInt64) throws {
        let world = Self.world(seed: seed)
        let converter = try QueryModels.converter()
        var program = Self.setUp(world)
        for (index, query) in Self.cases.enumerated() {
            let conversion = converter.convert(query.chain)
            let code = try #require(conversion.code, "\(query.chain): \(conversion.problems)")
            #expect(conversion.outcome == .converted, "\(query.chain): \(conversion.problems)")
            let sorted = query.chain.contains("sorted")
            program += "\nfunc query\(index)(context: ModelContext) throws {\n"
            program += code.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") + "\n"
            program += "    print(\"q\(index) \" + show(\(conversion.resultName), sorted: \(sorted)))\n}\n"
            program += "try query\(index)(context: context)\n"
        }
        let builder = try SwiftProgramBuilder()
        let executable = try builder.build(files: ["main.swift": program, "Models.swift": try QueryModels.modelsFile()])
        let output = try CapturedRun(executable, []).output
        var lines: [String: String] = [:]
        for line in output.split(separator: "\n") where line.hasPrefix("q") {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            lines[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        let everyDog = world.dogs.indices.map(String.init).joined(separator: ",")
        var telling = 0
        for (index, query) in Self.cases.enumerated() {
            let expected = query.realm(world)
            #expect(lines["q\(index)"] == expected, "\(query.chain)\n\(output)")
            if !expected.isEmpty && expected != everyDog && expected != "nil" { telling += 1 }
        }
        // The data must tell queries apart: a result that is empty or every dog would let a wrong predicate pass.
        #expect(telling == Self.cases.count, "only \(telling) of \(Self.cases.count) results select some dogs")
    }

    /// The program's data: the same world, as generated models in an in-memory store.
    static func setUp(_ world: World) -> String {
        var text = """
            import Foundation
            import SwiftData

            let container = try ModelContainer(
                for: Owner.self, Dog.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
            let context = ModelContext(container)
            var owners: [Owner] = []
            var dogs: [Dog] = []

            """
        for (index, owner) in world.owners.enumerated() {
            let address = owner.city.map { "Address(city: \"\($0)\")" } ?? "nil"
            text += "owners.append(Owner(name: \"\(owner.name)\", age: \(owner.age), address: \(address)))\n"
            text += "owners[\(index)].realmObjectKey = \(index)\ncontext.insert(owners[\(index)])\n"
        }
        for (index, dog) in world.dogs.enumerated() {
            text +=
                "dogs.append(Dog(name: \"\(dog.name)\", age: \(dog.age), weight: \(dog.weight.map { "\($0)" } ?? "nil"), "
            text += "born: Date(timeIntervalSince1970: \(dog.born)), tags: \(dog.tags), scores: \(dog.scores), "
            text += "size: Size(rawValue: \(dog.size)) ?? .small))\n"
            text += "dogs[\(index)].realmObjectKey = \(index)\ncontext.insert(dogs[\(index)])\n"
        }
        for (index, dog) in world.dogs.enumerated() {
            if let owner = dog.owner { text += "dogs[\(index)].owner = owners[\(owner)]\n" }
            // Lists are filled through the generated helpers, as an app fills them.
            for friend in dog.friends { text += "dogs[\(index)].appendToFriends(dogs[\(friend)])\n" }
        }
        for (index, owner) in world.owners.enumerated() {
            for dog in owner.dogs { text += "owners[\(index)].appendToDogs(dogs[\(dog)])\n" }
        }
        text += """
            try context.save()

            func show(_ dogs: [Dog], sorted: Bool) -> String {
                let keys = dogs.map(\\.realmObjectKey)
                return (sorted ? keys : keys.sorted()).map(String.init).joined(separator: ",")
            }
            func show(_ dog: Dog?, sorted: Bool) -> String { dog.map { String($0.realmObjectKey) } ?? "nil" }
            func show(_ count: Int, sorted: Bool) -> String { String(count) }

            """
        return text
    }
}
