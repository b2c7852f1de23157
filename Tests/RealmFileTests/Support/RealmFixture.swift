import Foundation
import TestSupport

/// A readable Realm fixture (formats 20–24) and where the current engine's truth for it lives: the dumps beside
/// a `.v24` file, `current/` for older files (fixtures README, "The truth a reader must match").
struct RealmFixture: Sendable, CustomStringConvertible {
    /// Path below the Realm fixtures folder, e.g. `music.v22.realm` or `upstream/test_upgrade_database_20.realm`.
    let path: String

    var description: String { path }

    var url: URL { Fixtures.realm(path) }

    /// `<truth>.schema.json`, `<truth>.json`, … without the suffix.
    var truthBase: URL {
        let name = (path as NSString).lastPathComponent.replacingOccurrences(of: ".realm", with: "")
        if path.hasSuffix(".v24.realm") { return Fixtures.realm(name) }
        return Fixtures.realmDirectory.appendingPathComponent("current").appendingPathComponent(name)
    }

    func truth(_ suffix: String) throws -> LenientJSON {
        try LenientJSON.parse(try Data(contentsOf: truthBase.appendingPathExtension(suffix)))
    }

    /// Every fixture of formats 20–24 with a `current/` or `.v24` truth.
    static let readable: [RealmFixture] =
        ["music", "alltypes", "clusters"].flatMap { name in
            [20, 22, 23, 24].map { RealmFixture(path: "\(name).v\($0).realm") }
        }
        + [
            "test_upgrade_database_20", "test_upgrade_database_1000_22", "test_upgrade_database_4_22",
            "test_upgrade_database_1000_23", "test_upgrade_database_4_23",
        ].map { RealmFixture(path: "upstream/\($0).realm") }

    /// The small readable fixtures used for corruption tests (all of `readable`).
    static var small: [RealmFixture] { readable }
}
