/// One place where a type uses Realm off the main thread: what was found and where.
public struct BackgroundRealmUse: Sendable, Hashable, Codable {
    /// What kind of background use it is.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// `DispatchQueue.global().async { … }`.
        case globalQueue
        /// A serial or labelled queue: `DispatchQueue(label:)`, a stored `DispatchQueue` property's `async`.
        case dispatchQueue
        /// `OperationQueue` / `addOperation { … }`.
        case operationQueue
        /// `Realm(queue:)` / `Realm(configuration:queue:)`.
        case realmQueue
        /// `Realm.asyncOpen`.
        case asyncOpen
        /// `writeAsync { … }`.
        case writeAsync
        /// `Task.detached { … }`.
        case detachedTask
        /// A Realm stored in the type and used from a closure another thread may run.
        case storedRealmInClosure
        /// A method that takes a `Realm` (or a `ThreadSafeReference`): it runs on whatever thread its caller chose.
        case realmParameter
    }

    /// What kind of use.
    public var kind: Kind
    /// The member it is in (`fetchTracksOnBackground()`).
    public var member: String
    /// 1-based line and column of the construct.
    public var line: Int
    public var column: Int
}

/// One method of the original type and what it became in the generated actor.
public struct ActorOperationDraft: Sendable, Hashable, Codable {
    /// Whether carryover re-expressed the method or left a skeleton.
    public enum Outcome: String, Sendable, Hashable, Codable {
        /// Re-expressed with `ModelContext`; review, but it compiles and does the same reads and writes.
        case converted
        /// The signature with the original body in a comment; the body throws `DraftError.notConverted` until a
        /// human writes it.
        case skeleton
    }

    /// The original method (`saveTrackOnBackground(_:)`).
    public var original: String
    /// The line the original method starts on.
    public var line: Int
    /// The generated declaration's first line (`func saveTrackOnBackground(_ track: sending Track) throws`).
    public var declaration: String
    /// Converted or skeleton.
    public var outcome: Outcome
    /// Why it is a skeleton, and what changed or needs a look (hand-offs, upserts, dropped parameters).
    public var notes: [String]
    /// For a skeleton whose reads need the query conversion: the Realm query as written, which the marked spot
    /// (`// carryover:query …`) in the body replaces.
    public var pendingQueries: [String]
}

/// A generated `@ModelActor` for one type that opens Realm on background queues.
public struct ModelActorDraft: Sendable, Hashable, Codable {
    /// The original type (`RealmDataManager`).
    public var originalType: String
    /// The line the original type is declared on.
    public var line: Int
    /// The generated actor's name (see ``RealmThreadingConversion`` for the rule).
    public var actorName: String
    /// What made the type a background Realm user.
    public var backgroundUses: [BackgroundRealmUse]
    /// Each method that used Realm, in source order.
    public var operations: [ActorOperationDraft]
    /// Notes on the type as a whole (initializers, stored Realms, members left out).
    public var notes: [String]
    /// The generated Swift source: `import SwiftData` and the actor.
    public var source: String

    /// How many operations were converted (the rest are skeletons).
    public var convertedCount: Int { operations.filter { $0.outcome == .converted }.count }
}

/// What the threading conversion found in one file.
public struct ThreadingConversionResult: Sendable, Hashable, Codable {
    /// The file as given.
    public var file: String
    /// One draft per type that uses Realm off the main thread, in source order; empty when none does.
    public var drafts: [ModelActorDraft]
    /// Problems reading the file (`line: message`); what parsed is still converted.
    public var problems: [String]
}
