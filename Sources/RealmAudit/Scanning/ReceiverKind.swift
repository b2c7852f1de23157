import SwiftSourceSyntax

/// What a call's receiver is, as far as one file tells.
enum ReceiverKind: Sendable, Equatable {
    /// A `Realm`.
    case realm
    /// `Results`, `List`, `LinkingObjects`, `MutableSet`, `Map`, `AnyRealmCollection`, `SectionedResults`.
    case realmCollection
    /// An instance of a model class of the file.
    case modelObject
    /// `Realm.Configuration` (or a sync configuration).
    case configuration
    /// A Device Sync `App`.
    case realmApp
    /// A Device Sync `User`.
    case syncUser
    /// The `Migration` of a migration block.
    case migration
    /// A `DispatchQueue`.
    case dispatchQueue
    /// A `NotificationToken` (or the Objective-C `RLMNotificationToken`).
    case notificationToken
    /// An `NSPredicate` (or `NSCompoundPredicate`): what a Realm `filter(_:)` takes, never a Swift one.
    case predicate
    /// A Swift array, set or dictionary.
    case swiftCollection
    /// Something else the file declares.
    case other
    /// Nothing in the file says.
    case unknown
}

/// A receiver's kind and, when it was guessed rather than seen, how.
struct Receiver: Sendable, Equatable {
    var kind: ReceiverKind
    /// `nil` when a declaration (or the call itself) shows the kind.
    var inference: String?
    /// The element class of a collection, when its declaration or query shows it (`Dog` for `Results<Dog>`).
    var element: String?

    var isRealm: Bool { kind == .realm }
}
