/// A phase of the migration, in the guide's order.
public enum RealmMigrationPhase: String, Sendable, Hashable, Codable, CaseIterable {
    /// Realm model classes → SwiftData `@Model` classes.
    case models
    /// Moving every user's Realm data into SwiftData on the device (configuration, encryption, schema versions).
    case dataMigration = "data-migration"
    /// Objective-C code that uses Realm: a Swift facade it calls, since SwiftData has no Objective-C API. In the
    /// plan only when the audit found Objective-C uses.
    case objectiveCFacade = "objective-c-facade"
    /// Opening Realms, queries and writes → `ModelContainer`, `ModelContext`, `FetchDescriptor`.
    case queriesAndWrites = "queries-and-writes"
    /// Queues and thread-confined objects → actors and `PersistentIdentifier` hand-offs.
    case threading
    /// Notifications, publishers and RealmSwift's SwiftUI wrappers.
    case observationAndSwiftUI = "observation-and-swiftui"
    /// Atlas Device Sync → CloudKit.
    case sync
    /// Dropping the Realm SDK and the Realm file once every user has migrated.
    case removingRealm = "removing-realm"

    /// The categories whose findings the phase replaces.
    public var categories: [RealmAuditCategory] {
        switch self {
        case .models: [.model]
        case .dataMigration: [.configuration, .encryption, .schemaMigration]
        case .objectiveCFacade: []
        case .queriesAndWrites: [.realmOpen, .query, .write]
        case .threading: [.threading]
        case .observationAndSwiftUI: [.observation, .swiftui]
        case .sync: [.sync]
        case .removingRealm: []
        }
    }

    /// The phase's title.
    public var title: String {
        switch self {
        case .models: "Models: Realm classes → SwiftData @Model"
        case .dataMigration: "Data migration: move every user's Realm data into SwiftData on the device"
        case .objectiveCFacade: "Objective-C callers: a Swift facade over ModelContext"
        case .queriesAndWrites: "Queries and writes: Realm → ModelContext"
        case .threading: "Threading: queues and thread-confined objects → actors"
        case .observationAndSwiftUI: "Observation and SwiftUI"
        case .sync: "Sync: Atlas Device Sync → CloudKit"
        case .removingRealm: "Removing Realm"
        }
    }

    /// What Carryover does for the phase, and what is left to a human.
    public var carryover: String {
        switch self {
        case .models:
            "`carryover realm models DIR --output Generated/` generates the @Model classes, SchemaV1.swift (versioned "
                + "schema, makeModelContainer()) and the importer; its ConversionReport.md lists what needs a human."
        case .dataMigration:
            "`RealmToSwiftDataMigration(realmFile:container:importer:)` copies and verifies the data on the device "
                + "(the Realm file's URL and encryption key from this configuration are its inputs); "
                + "`carryover realm rehearse` runs it on a copied .realm file first. A file at an older schema "
                + "version is upgraded in the same pass as Realm would on open, the app's migrationBlock carried "
                + "into RealmSchemaUpgrade.swift by `carryover realm models` (no Realm SDK needed); what it cannot "
                + "carry is listed file:line in ConversionReport.md."
        case .objectiveCFacade:
            "By hand: SwiftData has no Objective-C API (@Model classes, ModelContext, FetchDescriptor and #Predicate "
                + "are Swift only). Write an @objc Swift class (`@objc final class DogStore: NSObject`) that owns the "
                + "ModelContext work these Objective-C files do — fetches (the converted queries of the next phases), "
                + "inserts, deletes, save() — and exposes it with Objective-C types (plain values, NSArray, "
                + "completion blocks, NSError **); the files below call it instead of Realm."
        case .queriesAndWrites:
            "The query conversion gives each query a FetchDescriptor with #Predicate and SortDescriptors (or the "
                + "reason SwiftData cannot express it); writes become ModelContext insert/delete and save()."
        case .threading:
            "For each type that opens Realm on background queues, an actor draft: a @ModelActor with the same "
                + "operations; ThreadSafeReference and freeze() become PersistentIdentifier hand-offs."
        case .observationAndSwiftUI:
            "By hand: @ObservedResults → @Query, @ObservedRealmObject → the @Model itself (Observable); "
                + "notification blocks → @Query, Observation or ModelContext.didSave (no change sets)."
        case .sync:
            "`carryover realm models --cloudkit` generates CloudKit-compatible models: no unique constraints, every "
                + "attribute optional or defaulted, optional to-many relationships, an inverse for every link; the "
                + "container uses cloudKitDatabase. No equivalent: flexible-sync subscriptions, partition-based sync, "
                + "users and login, server functions, MongoDB access (CloudKit syncs the user's private database)."
        case .removingRealm:
            "Once every user has migrated (the outcome is .alreadyMigrated): `removeRealmFile()`, then drop the "
                + "RealmSwift package and these imports."
        }
    }
}

/// Where one finding is, for the plan.
public struct RealmAuditFindingReference: Sendable, Hashable, Codable {
    /// The finding's file, relative to its audited folder.
    public var file: String
    /// Its 1-based line.
    public var line: Int
    /// Its 1-based column.
    public var column: Int
    /// Its Realm API.
    public var api: String
    /// Its effort.
    public var effort: RealmAuditEffort
    /// What converts it.
    public var convertedBy: RealmAuditConversion
}

/// One step of the migration plan: a phase, its findings and what Carryover does for it.
public struct RealmMigrationPlanStep: Sendable, Hashable, Codable {
    /// The phase.
    public var phase: RealmMigrationPhase
    /// The phase's title.
    public var title: String
    /// What Carryover does for the phase, and what is left to a human.
    public var carryover: String
    /// The findings of the phase's categories, file by file, in line order.
    public var findings: [RealmAuditFindingReference]
    /// Counts of those findings.
    public var counts: RealmAuditCounts
    /// For removing Realm: the files that import it; for the Objective-C facade: the Objective-C files that use
    /// Realm.
    public var files: [String]

    /// The plan for `files`: one step per phase, in order.
    static func plan(for files: [RealmAuditFileReport]) -> [RealmMigrationPlanStep] {
        let objectiveC = files.filter { $0.isObjectiveC && !$0.findings.isEmpty }.map(\.file)
        return RealmMigrationPhase.allCases.compactMap { phase in
            if phase == .objectiveCFacade, objectiveC.isEmpty { return nil }
            let findings = files.flatMap(\.findings).filter { phase.categories.contains($0.category) }
            return RealmMigrationPlanStep(
                phase: phase, title: phase.title, carryover: phase.carryover,
                findings: findings.map {
                    RealmAuditFindingReference(
                        file: $0.file, line: $0.line, column: $0.column, api: $0.api, effort: $0.effort,
                        convertedBy: $0.convertedBy)
                },
                counts: RealmAuditCounts(findings),
                files: phase == .removingRealm ? files.map(\.file) : phase == .objectiveCFacade ? objectiveC : [])
        }
    }
}
