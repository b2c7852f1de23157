import Foundation
import SwiftData

/// A SwiftData model whose objects a migration brought over from a Realm class.
///
/// Generated models conform in the generated importer file. `realmObjectKey` is the object's key in the Realm
/// file: the migration finds objects by it to set relationships, to continue after an interruption and to
/// verify, whether or not the class has a primary key. It is written once and means nothing to the app; a later
/// schema version may drop it once the Realm file is gone.
///
/// `SendableMetatype`: the library's `@Sendable` field closures use the model type (Swift 6.2 and later warn about
/// capturing a generic metatype otherwise); generated models, which are not actor-isolated, conform implicitly.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public protocol RealmImportedModel: PersistentModel, SendableMetatype {
    /// The Realm class the objects came from, as the Realm file names it (e.g. `Track`).
    static var realmClassName: String { get }
    /// The object's key in the Realm file.
    var realmObjectKey: Int64 { get set }
}

/// The model that records a migration's state in the app's own store, so that a batch and its checkpoint are
/// saved together. Generated as `RealmMigrationState`; add it to the app's schema.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public protocol RealmMigrationStateModel: PersistentModel {
    /// Creates an empty state.
    init()
    /// The fingerprint of the Realm file the store was filled from (`sha256:` and hex digits).
    var sourceFingerprint: String { get set }
    /// The engine's schema of that file, JSON-encoded.
    var sourceSchema: Data { get set }
    /// The last saved checkpoint, JSON-encoded.
    var checkpoint: Data { get set }
    /// The last verification report, JSON-encoded; `nil` until a run verified.
    var verification: Data? { get set }
}
