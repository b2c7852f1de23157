import SwiftData

/// One element of a Realm `List<Target>` of links, as a model of its own: a SwiftData to-many relationship is an
/// unordered set, which would lose the list's order and every repeated element, so the owner holds a to-many
/// relationship to its entries (deleted with it), and each entry holds its position in the list and a to-one
/// relationship to the target.
///
/// `carryover realm models` generates one entry model per list of links (`AlbumTracksEntry` for `Album.tracks`) and
/// an ordered accessor on the owner (`album.tracks`, with `appendToTracks(_:)`, `insertIntoTracks(_:at:)`,
/// `removeFromTracks(at:)` and `moveInTracks(from:to:)`); the migration writes the entries at positions `0..<count`
/// and verifies the list through that accessor.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public protocol RealmListEntry: PersistentModel, SendableMetatype {
    /// The model the list holds.
    associatedtype Target: RealmImportedModel
    /// Creates an entry.
    init(position: Int, target: Target?)
    /// The element's position in its list, from 0.
    var position: Int { get }
    /// The model at that position; `nil` only if the app cleared it.
    var target: Target? { get }
}
