import Foundation
import RealmSwift
import SwiftUI

final class Settings: NSObject, ObservableObject {
    @objc dynamic var volume = 0.5
    var names: [String] = []
    let handle = FileHandle.standardOutput

    func tidy(queue: DispatchQueue) {
        let short = names.filter { $0.count < 4 }
        let ordered = names.sorted(by: { $0 < $1 })
        let firstShort = names.filter({ $0.count < 4 }).first
        _ = observe(\.volume, options: [.new]) { _, change in print(change) }
        handle.write(Data("done".utf8))
        objectWillChange.send()
        queue.async { print(short, ordered, firstShort as Any) }
        let words = ["b", "a"].sorted()
        print(words)
    }
}

@main
struct DogsApp: App {
    var body: some Scene { WindowGroup { Text("dogs") } }
}

struct Backup: Codable {
    var schemaVersion: Int
    var encryptionKey: String?
}

func restore(_ backup: Backup, session: Session, account: Account) {
    if backup.schemaVersion > 15, backup.encryptionKey != nil, session.currentUser != nil {
        account.logOut()
        session.subscriptions.removeAll()
    }
}

/// Another database library's query builder in a file that imports Realm too: neither step is Realm's.
struct Column {
    var name: String
    init(_ name: String) { self.name = name }
    static func == (column: Column, value: String) -> Bool { column.name == value }
}

struct EntityQuery {
    var conditions: [Bool] = []
    func filter(_ condition: Bool) -> EntityQuery { EntityQuery(conditions: conditions + [condition]) }
    var count: Int { conditions.filter { $0 }.count }
}

enum Entity {
    static func filter(_ condition: Bool) -> EntityQuery { EntityQuery(conditions: [condition]) }
}

func scripts() -> Int {
    Entity
        .filter(Column("domain") == "script")
        .filter(Column("server") == "home")
        .count
}

/// The app's own log, which `inspect(_:)` hands to a closure parameter named like a Realm.
final class Logbook {
    func write(_ body: () -> Void) { body() }
    func inspect(_ body: (Logbook) -> Void) { body(self) }
}

func note(in book: Logbook) {
    book.inspect { realm in
        realm.write { print("noted") }
    }
}

/// Names bound without a type to the app's own values (a loop's variable, an element closure's parameter, a tuple
/// pattern's name): their `write { }` is the app's.
func shelved() -> (Logbook, Int) { (Logbook(), 0) }

func review(books: [Logbook]) {
    for entry in books {
        entry.write { print("read") }
    }
    // swift-format-ignore: ReplaceForEachWithForLoop
    books.forEach { page in
        page.write { print("read") }
    }
    let (kept, _) = shelved()
    kept.write { print("kept") }
}

/// A store from another package naming a model: a Swift `filter { }` or a key-path sort on what it passes is no query.
func unnamed(in store: PackagedStore) {
    store.load(ofType: Dog.self) { dogs in dogs.filter { $0.name.isEmpty } }
    store.load(ofType: Dog.self) { dogs in dogs.sorted(by: \.name) }
}

/// Another library's stream: its `observe(on:)` takes a scheduler, not a block.
final class Relay {
    func observe(on scheduler: AnyObject) -> Relay { self }
}

func forward(_ relay: Relay, feed: Feed?) {
    _ = relay.observe(on: MainScheduler.instance)
    _ = feed?.updates.observe(on: MainScheduler.instance)
}
