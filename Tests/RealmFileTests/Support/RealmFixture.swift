import Foundation
import TestSupport

/// A readable Realm fixture and where the current engine's truth for it lives (`RealmFixtureCatalog`).
struct RealmFixture: Sendable, CustomStringConvertible {
    /// Path below the Realm fixtures folder, e.g. `music.v22.realm` or `upstream/test_upgrade_database_20.realm`.
    let path: String
    /// The dumps' path below the Realm fixtures folder, without suffix.
    let truthBase: String

    init(path: String) {
        let entry = (RealmFixtureCatalog.readable + RealmFixtureCatalog.schemaOnly).first { $0.path == path }
        self.init(entry ?? RealmFixtureCatalog.Entry(path: path, truthBase: path))
    }

    init(_ entry: RealmFixtureCatalog.Entry) {
        path = entry.path
        truthBase = entry.truthBase
    }

    var description: String { path }

    var url: URL { Fixtures.realm(path) }

    func truth(_ suffix: String) throws -> LenientJSON {
        try LenientJSON.parse(try Data(contentsOf: Fixtures.realm("\(truthBase).\(suffix)")))
    }

    /// Every fixture with a schema dump and object dumps: formats 11 and 20–24, upstream and real-world files.
    static let readable: [RealmFixture] = RealmFixtureCatalog.readable.map(RealmFixture.init)

    /// Every fixture with a schema dump (`readable` and the files whose objects the engine cannot print).
    static let withSchema: [RealmFixture] = readable + RealmFixtureCatalog.schemaOnly.map(RealmFixture.init)

    /// The fixtures used for corruption tests: every one with a schema dump of at most 1 MiB (the larger real-world
    /// file holds no structure the smaller ones lack and would make a few hundred full reads slow).
    static let small: [RealmFixture] = withSchema.filter { fixture in
        ((try? FileManager.default.attributesOfItem(atPath: fixture.url.path)[.size] as? Int) ?? 0) <= 1 << 20
    }
}
