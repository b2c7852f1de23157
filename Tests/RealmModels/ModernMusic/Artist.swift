import Foundation
import RealmSwift

/// A performer. /* a doc comment with /* nested */ markers */
final class Artist: Object, ObjectKeyIdentifiable {
    /// Kinds of artists; stored as their raw string.
    enum Kind: String, PersistableEnum, CaseIterable {
        case solo
        case band
        case orchestra = "orchestra/ensemble"
    }

    @Persisted(primaryKey: true) var _id: ObjectId
    @Persisted(indexed: true) var name: String = "Unknown Artist"
    @Persisted var bio: String?
    @Persisted var kind: Kind = .band
    @Persisted var genres: MutableSet<String>
    @Persisted var albums: List<Album>  // carryover: deleteRule=cascade
    @Persisted var links: Map<String, String>
    @Persisted var royaltyRate: Decimal128
    @Persisted var formedOn: Date?

    static let placeholderName = "Unknown Artist"

    var displayName: String {
        bio.map { "\(name) — \($0.prefix(20))" } ?? name
    }

    #if DEBUG
        var debugSummary: String {
            """
            Artist \(name) {
              albums: \(albums.count)
            }
            """
        }
    #else
        var debugSummary: String { "" }
    #endif

    func rename(to newName: String) throws {
        guard let realm = realm, !isInvalidated else { return }
        try realm.write { name = newName }
    }
}
