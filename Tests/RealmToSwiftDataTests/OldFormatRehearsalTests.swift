import Checksums
import Foundation
import RealmRehearsal
import TestSupport
import Testing

/// Files of formats 2–9, which no current Realm opens, go through the whole in-app migration like the newer ones:
/// the real files from the Realm SDKs' repositories and Carryover's own format-9 file with every column type of
/// that era. Their reading is checked value by value against realm-core 6.2.4's upgrade in the reader's tests.
@Suite struct OldFormatRehearsalTests {
    static let names = ["realm-swift__fileformat-pre-null", "realm-java__versionTest", "legacy-alltypes"]
    static let files = LegacyRealmFixtures.all.filter { fixture in
        names.contains { fixture.url.lastPathComponent.hasPrefix($0 + ".") }
    }

    @Test func theRehearsedFilesSpanTheOldFormats() {
        #expect(Set(Self.files.map(\.format)) == [2, 6, 9])
    }

    @Test(arguments: Self.files)
    func rehearsesAndVerifiesLeavingTheFileUnchanged(_ fixture: LegacyRealmFixtures.Entry) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let before = try FileDigest.sha256(of: fixture.url)
        var rehearsal = RealmRehearsal(realmFile: fixture.url, builder: try Rehearsals.builder.get())
        rehearsal.store = directory.appending("default.store")
        let result = try await rehearsal.run().result
        #expect(result.succeeded, "\(result.failure.map(String.init(describing:)) ?? result.error ?? "")")
        guard case .migrated(let migrated) = result.outcome else { return }
        #expect(migrated.verification.passed && migrated.verification.level == .full)
        #expect(migrated.verification.classes.map(\.sourceCount).reduce(0, +) > 0)
        #expect(try FileDigest.sha256(of: fixture.url) == before, "the Realm file was changed")
    }
}
