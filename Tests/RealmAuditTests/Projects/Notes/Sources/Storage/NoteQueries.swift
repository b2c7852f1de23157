import Foundation
import RealmSwift

/// A read of the store's Realm; `Answer` is what it gives.
public protocol NoteQuery {
    associatedtype Answer
    func answer(in realm: Realm) -> Answer
}

/// The notes still open.
public struct OpenNotes: NoteQuery {
    // expect: query | Results | trivial | Results
    public typealias Answer = Results<Note>
    public init() {}

    // expect: query | Results | trivial | Results
    public func answer(in realm: Realm) -> Results<Note> {
        // expect: query | objects(_:) | moderate | objects
        realm.objects(Note.self).filter("done == false")
    }

    /// Declared to give the type's own `Answer`.
    public func cached(in realm: Realm) -> Answer { answer(in: realm) }
}

/// The notes' texts: an array, not Realm's.
public struct NoteTexts: NoteQuery {
    public typealias Answer = [String]
    public init() {}

    public func answer(in realm: Realm) -> [String] { [] }
}

/// The first and the last note: a pair of models.
public struct FirstAndLast: NoteQuery {
    public typealias Answer = (Note, Note)
    public init() {}

    public func answer(in realm: Realm) -> (Note, Note) { (Note(), Note()) }
}

/// The notes' texts and how many there are: neither is Realm's.
public struct TextsAndCount: NoteQuery {
    public typealias Answer = ([String], Int)
    public init() {}

    public func answer(in realm: Realm) -> ([String], Int) { ([], 0) }
}

/// Runs queries: the app's generic wrapper of its Realm.
public protocol Session {
    func run<Query: NoteQuery>(query: Query) -> Query.Answer
}

/// Opens sessions on a queue.
public final class Vault {
    public init() {}

    public func open(on queue: DispatchQueue, with body: (Session) throws -> Void) rethrows {}

    public func run<Query: NoteQuery>(query: Query, on queue: DispatchQueue) -> Query.Answer? { nil }

    /// Hands out the app's own ledger, which is not a Realm.
    public func inspect(_ body: (Ledger) -> Void) {}
}

/// The app's own log of changes: its `write` is not Realm's.
public final class Ledger {
    public func write(_ body: () -> Void) { body() }
}
