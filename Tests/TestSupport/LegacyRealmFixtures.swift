import Foundation

/// Realm files of formats 2–9 (realm-core 5 and older) and, beside each, the copy that realm-core 6.2.4 upgraded to
/// format 11: the truth a reader of old files must match (`Tests/Fixtures/realm-legacy/README.md`).
public enum LegacyRealmFixtures {
    /// One old file and its upgraded twin.
    public struct Entry: Sendable, Hashable, CustomStringConvertible {
        /// The old file.
        public let url: URL
        /// The format its header names.
        public let format: Int
        /// The copy realm-core 6.2.4 upgraded to format 11 (formats 2–4 by way of realm-core 5.23.9's upgrade to 9).
        public let twinURL: URL

        public var description: String { url.lastPathComponent }
    }

    /// The folder of the committed old files and twins.
    public static let directory = Fixtures.packageRoot.appendingPathComponent("Tests/Fixtures/realm-legacy")

    /// Every old file with its twin: real files from public Realm repositories, realm-core's own format-2 test file
    /// (in the shared fixtures) and the files Carryover wrote with realm-core 5.23.9.
    public static let all: [Entry] =
        [
            ("realm-swift__fileformat-pre-null", 2), ("realm-swift__Places", 3), ("realm-java__versionTest", 6),
            ("realm-js__realm-bundle", 9), ("legacy-alltypes", 9), ("legacy-alltypes6", 6), ("legacy-rows", 9),
        ].map { name, format in
            Entry(
                url: directory.appendingPathComponent("\(name).v\(format).realm"), format: format,
                twinURL: directory.appendingPathComponent("\(name).v11.realm"))
        } + [
            Entry(
                url: Fixtures.realm("upstream/test_upgrade_database_1000_1.realm"), format: 2,
                twinURL: directory.appendingPathComponent("realm-core__test_upgrade_database_1000_1.v11.realm"))
        ]
}
