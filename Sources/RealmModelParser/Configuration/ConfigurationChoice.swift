import SwiftDataCodegen

/// Which of the sources' Realm configurations the app opened its file with: the default configuration
/// (`Realm.Configuration.defaultConfiguration = …`), or else the one of the highest schema version (an app's main
/// configuration outranks an extension's or a test's older one); the first in file order among equals. The
/// others are reported, with where they are.
struct ConfigurationChoice {
    /// The chosen configuration's schema version (`nil`: not set, or unreadable).
    var version: UInt64?
    /// The chosen configuration; `nil` when the sources build none.
    var configuration: RealmConfiguration?
    /// What the choice says on stderr: an unreadable version or block, several configurations.
    var diagnostics: [Diagnostic] = []

    init(_ candidates: [ConfigurationCandidate]) {
        let pool = candidates.contains(where: \.isDefault) ? candidates.filter(\.isDefault) : candidates
        let ranked = pool.enumerated().sorted { left, right in
            let (leftRank, rightRank) = (Self.rank(left.element), Self.rank(right.element))
            return leftRank != rightRank ? leftRank > rightRank : left.offset < right.offset
        }
        guard let chosen = ranked.first?.element else { return }
        version = chosen.unreadableVersion == nil ? chosen.version : nil
        var configuration = RealmConfiguration(
            location: chosen.location, migrationBlock: chosen.block,
            deleteRealmIfMigrationNeeded: chosen.deleteRealmIfMigrationNeeded, settings: chosen.settings,
            notes: chosen.notes)
        configuration.unreadableVersion = chosen.unreadableVersion
        configuration.unreadableBlock = chosen.unreadableBlock
        let why = chosen.isDefault ? "the default configuration" : "the highest schema version"
        for other in candidates where other.location != chosen.location {
            configuration.notes.append(
                .init(
                    "another Realm configuration (\(other.summary)) is not carried over: `realm models` carries the "
                        + "one at \(chosen.location) (\(why)); if the app opens its file with this one, move its "
                        + "version and block there", location: other.location))
        }
        if candidates.count > 1 {
            diagnostics.append(
                Diagnostic(
                    .warning, chosen.location,
                    "\(candidates.count) Realm configurations set a schema version or a migration block: the one "
                        + "here (\(chosen.summary)) is carried over, as \(why); the report lists the others"))
        }
        if let problem = chosen.unreadableVersion {
            diagnostics.append(
                Diagnostic(
                    .warning, chosen.location,
                    "\(problem); the importer names no Realm models (realmModels is nil), so a file at an older "
                        + "version is not upgraded: write the version as a number or a constant, or set it in "
                        + "RealmImporter.swift"))
        }
        if let problem = chosen.unreadableBlock {
            diagnostics.append(
                Diagnostic(
                    .warning, chosen.location,
                    "\(problem): it is not carried over, so a file at an older schema version is refused until its body "
                        + "is written into RealmSchemaUpgrade.swift by hand"))
        }
        self.configuration = configuration
    }

    /// Higher wins: the version, an unreadable one lowest.
    private static func rank(_ candidate: ConfigurationCandidate) -> Int {
        guard candidate.unreadableVersion == nil else { return -1 }
        return Int(clamping: candidate.version ?? 0)
    }
}
