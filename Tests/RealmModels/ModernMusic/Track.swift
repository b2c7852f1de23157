import Foundation
import RealmSwift

protocol Playable {
    var duration: TimeInterval { get }
    func play()
}

enum Genre: String, PersistableEnum {
    case rock, pop
    case jazz = "Jazz"
    case classical
}

class Track: Object {
    @Persisted(primaryKey: true) var id: String
    @Persisted var number: Int16
    @Persisted var duration: TimeInterval = 0
    @Persisted var explicit: Bool = false
    @Persisted var rating: Float?
    @Persisted var bpm: Int32?
    @Persisted var genre: Genre
    @Persisted(indexed: true) var isrc: String
    @Persisted var audio: Data?
    @Persisted var lyrics: String = #"He said "hi" {not a brace}"#
    @Persisted var waveform: List<Double>
    @Persisted(originProperty: "tracks") var album: LinkingObjects<Album>
    @Persisted var sampledFrom: Track?
    @Published var isPlaying = false

    private var cachedTitle: String?

    lazy var formatter: DateComponentsFormatter = {
        let formatter = DateComponentsFormatter()
        formatter.allowedUnits = [.minute, .second]
        return formatter
    }()
}

extension Track: Playable {
    func play() {
        let frozen = freeze()
        print("Playing \(frozen.id) ) } ] from \(album.first?.title ?? "?")")
    }
}
