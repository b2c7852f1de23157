import Foundation

/// Carries the identity and session a legacy RudderStack iOS SDK — the Obj-C v1 line or the Swift v2 line — left on
/// the device over to the Swift SDK, once, before `Analytics(configuration:)` starts.
///
/// ```swift
/// let migrator = RudderLegacyMigrator(writeKey: "<WRITE_KEY>")
/// let report = try migrator.migrate()
/// if report.outcome != .deferred {
///     analytics = Analytics(configuration: configuration)
/// }
/// ```
///
/// A run reads the destination once; if the completion marker is there it stops. Otherwise it reads the selected
/// line's storage — v1: the legacy plist and standard defaults (per key, the plist wins unless its value cannot be
/// migrated), planned with `RudderMigrationPlanner`; v2: standard defaults, planned with `RudderV2MigrationPlanner`;
/// `.auto` decides from the keys present — then writes the started marker, the values, reads them back, and writes
/// the completion marker last. Legacy data is left alone unless `RudderMigrationOptions.removeLegacyAfterVerification`
/// is set.
///
/// Thread safety: calls on migrators sharing a destination are serialised; a `migrate()` that arrives while another
/// runs returns that run's report.
public final class RudderLegacyMigrator: @unchecked Sendable {
    // Sendable because the stores are only used inside `coordinator`'s exclusive sections.
    private let legacyPlistURL: URL
    private let legacyStandardDefaults: any KeyValueStore
    private let destination: any KeyValueStore
    private let source: RudderLegacySDK.Selection
    private let v2DeviceID: RudderV2DeviceID
    private let options: RudderMigrationOptions
    private let fileAccess: any FileAccess
    private let clock: @Sendable () -> Date
    private let systemUptime: @Sendable () -> TimeInterval?
    private let coordinator: MigrationCoordinator

    /// Creates a migrator for explicit locations: what the command-line tool and tests use.
    /// - Parameters:
    ///   - legacyPlistURL: `Library/rsDefaultsPersistence.plist` (tvOS: `Library/Caches/rsDefaultsPersistence.plist`),
    ///     written by v1 only.
    ///   - legacyStandardDefaults: The app's standard defaults.
    ///   - destination: The Swift SDK's suite.
    ///   - source: Which legacy SDK line to read: `.v1`, `.v2`, or `.auto` (decide from the keys present).
    ///   - v2DeviceID: For v2, the device's `identifierForVendor`, the anonymous id the v2 SDK used when the app had
    ///     set none. Unknown by default: `anonymous_id` is then skipped with a reason and the rest migrates.
    ///   - options: Overwrite, legacy-removal and Swift SDK clock choices.
    ///   - fileAccess: How the legacy plist is read and removed.
    ///   - clock: The current time, for validating the last-event timestamp and stamping the markers.
    ///   - systemUptime: The device's uptime in seconds, read with `clock`, for `SwiftSDKClock.uptime`; `nil` when it
    ///     is not known (a container copied off the device), which skips `last_activity_time` on that clock.
    public init(
        legacyPlistURL: URL, legacyStandardDefaults: any KeyValueStore, destination: any KeyValueStore,
        source: RudderLegacySDK.Selection = .auto,
        v2DeviceID: RudderV2DeviceID = .unknown(reason: "no identifierForVendor was given to the migrator"),
        options: RudderMigrationOptions = RudderMigrationOptions(), fileAccess: any FileAccess = SystemFileAccess(),
        clock: @escaping @Sendable () -> Date = { Date() },
        systemUptime: @escaping @Sendable () -> TimeInterval? = { ProcessInfo.processInfo.systemUptime }
    ) {
        self.legacyPlistURL = legacyPlistURL
        self.legacyStandardDefaults = legacyStandardDefaults
        self.destination = destination
        self.source = source
        self.v2DeviceID = v2DeviceID
        self.options = options
        self.fileAccess = fileAccess
        self.clock = clock
        self.systemUptime = systemUptime
        self.coordinator = MigrationCoordinator.forDestination(destination.identity)
    }

    /// What `migrate()` would do now, without writing anything: the outcome it expects and, per field, the value
    /// and source it would write or the reason it would skip it.
    public func inspect() -> RudderMigrationReport {
        coordinator.inspect {
            let (reading, plan) = readAndPlan(now: clock())
            var report = RudderMigrationReport(
                outcome: .migrated, detail: "", isPreview: true, destination: destination.identity,
                legacySDK: reading.sdk, legacySDKSelection: reading.selection, sources: reading.sources,
                fields: plan.fields)
            let state: DestinationState
            do {
                state = DestinationState(try destination.values(forKeys: DestinationState.keysRead), options: options)
            } catch {
                report.detail = "the destination cannot be read, so migrate() will fail: \(error)"
                report.outcome = plan.writes.isEmpty ? .nothingToMigrate : .migrated
                return report
            }
            switch state {
            case .completed(let time):
                (report.outcome, report.detail) = (.alreadyMigrated, Self.completedDetail(time))
            case .initializedBySDK:
                (report.outcome, report.detail) = (.destinationAlreadyInitialized, Self.initializedDetail)
            case .open(let resuming, _):
                report.resumedInterruptedRun = resuming
                (report.outcome, report.detail) = Self.plannedOutcome(reading, plan, preview: true)
            }
            return report
        }
    }

    /// Migrates, once. Safe to call on every launch: after a completed run it only reads the completion marker.
    /// - Returns: What was done. With `.deferred`, nothing was migrated and the next call tries again: start the
    ///   Swift SDK only after a later call returns another outcome (see docs/rudder-migration.md).
    /// - Throws: `RudderMigrationError` or `FileAccessError` when the destination cannot be read or written, or a
    ///   written value does not read back; no completion marker is written then, so the next call tries again.
    public func migrate() throws -> RudderMigrationReport {
        try coordinator.migrate { try runMigration() }
    }

    /// Test-only: how many `migrate()` calls are waiting for a run in progress on this migrator's destination.
    package var waitingMigrateCallCount: Int { coordinator.waitingCallerCount }

    /// Reads the legacy storage and plans the fields at `now` (and, for the uptime clock, the current uptime).
    private func readAndPlan(now: Date) -> (LegacyReading, RudderMigrationPlan) {
        let target = LastActivityTarget(
            clock: options.swiftSDKClock, systemUptime: options.swiftSDKClock == .uptime ? systemUptime() : nil)
        let reading = LegacyReader(
            plistURL: legacyPlistURL, standardDefaults: legacyStandardDefaults, fileAccess: fileAccess,
            selection: source, deviceID: v2DeviceID
        ).read()
        return (reading, reading.plan(now: now, target: target))
    }

    private func runMigration() throws -> RudderMigrationReport {
        let now = clock()
        let identity = destination.identity
        let state = DestinationState(try destination.values(forKeys: DestinationState.keysRead), options: options)
        var resuming = false
        switch state {
        case .completed(let time):
            return RudderMigrationReport(
                outcome: .alreadyMigrated, detail: Self.completedDetail(time), isPreview: false, destination: identity,
                legacyRemoval: removalNotDone("nothing was migrated in this run"))
        case .initializedBySDK:
            return RudderMigrationReport(
                outcome: .destinationAlreadyInitialized, detail: Self.initializedDetail, isPreview: false,
                destination: identity, legacyRemoval: removalNotDone("nothing was migrated"))
        case .open(let wasStarted, _):
            resuming = wasStarted
        }

        let (reading, plan) = readAndPlan(now: now)
        let (outcome, detail) = Self.plannedOutcome(reading, plan, preview: false)
        var report = RudderMigrationReport(
            outcome: outcome, detail: detail, isPreview: false, destination: identity, legacySDK: reading.sdk,
            legacySDKSelection: reading.selection, resumedInterruptedRun: resuming, sources: reading.sources,
            fields: plan.fields)
        if outcome == .deferred {
            // Best effort: lets the next run replace an identity the SDK may create if the app starts it anyway.
            try? destination.write([RudderMigrationMarker.deferred: .string(Self.timestamp(now))])
            // Nothing was written, so no field is reported as migrated; `inspect()` shows what could be read.
            report.fields = []
            report.legacyRemoval = removalNotDone("the run was deferred")
            return report
        }

        let writes = plan.writes
        try destination.write([RudderMigrationMarker.started: .string(Self.timestamp(now))])
        try destination.write(writes.mapValues(\.propertyListValue))
        try verify(writes)
        try destination.write([RudderMigrationMarker.completed: .string(Self.timestamp(now))])
        report.legacyRemoval = removeLegacyIfRequested(reading.sdk)
        return report
    }

    /// Reads every written value back and compares it with what was written.
    private func verify(_ writes: [String: DestinationValue]) throws {
        guard !writes.isEmpty else { return }
        let stored = try destination.values(forKeys: Array(writes.keys))
        for key in writes.keys.sorted() {
            guard let expected = writes[key] else { continue }
            guard expected.matches(stored[key]) else {
                let found = stored[key].map { "\($0)" } ?? "nothing"
                throw RudderMigrationError.verificationFailed(key: key, expected: expected.description, found: found)
            }
        }
    }

    /// Called only after `verify` passed and the completion marker is written: removes what `sdk` wrote (v2 wrote
    /// no plist, and a plist left by an earlier v1 is not this run's source, so it stays).
    private func removeLegacyIfRequested(_ sdk: RudderLegacySDK) -> RudderMigrationReport.LegacyRemoval {
        guard options.removeLegacyAfterVerification else { return RudderMigrationReport.LegacyRemoval(.notRequested) }
        do {
            switch sdk {
            case .v1:
                try fileAccess.removeFile(at: legacyPlistURL)
                try legacyStandardDefaults.removeValues(forKeys: LegacyKey.allSDKKeys)
            case .v2:
                try legacyStandardDefaults.removeValues(forKeys: LegacyV2Key.allSDKKeys)
            }
            return RudderMigrationReport.LegacyRemoval(.removed)
        } catch {
            return RudderMigrationReport.LegacyRemoval(.notRemoved, reason: "removal failed: \(error)")
        }
    }

    private func removalNotDone(_ reason: String) -> RudderMigrationReport.LegacyRemoval {
        options.removeLegacyAfterVerification
            ? RudderMigrationReport.LegacyRemoval(.notRemoved, reason: reason)
            : RudderMigrationReport.LegacyRemoval(.notRequested)
    }

    private static func plannedOutcome(_ reading: LegacyReading, _ plan: RudderMigrationPlan, preview: Bool) -> (
        RudderMigrationReport.Outcome, String
    ) {
        if let reason = reading.unavailableReason {
            return (.deferred, "legacy storage exists but cannot be opened yet (\(reason)); the next run tries again")
        }
        let count = plan.writes.count
        if count == 0 {
            return (.nothingToMigrate, "the legacy storage holds nothing to migrate")
        }
        return (.migrated, preview ? "\(count) field(s) would be migrated" : "\(count) field(s) migrated and verified")
    }

    private static func completedDetail(_ time: String) -> String {
        "the migration already completed (\(time)); only the completion marker was read"
    }

    private static let initializedDetail =
        "the Swift SDK's suite already holds an anonymous_id, so the SDK already ran; nothing was written "
        + "(the overwrite option replaces its values)"

    private static func timestamp(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }
}
