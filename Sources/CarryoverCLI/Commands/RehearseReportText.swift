// `realm rehearse` builds programs against the SwiftData runtime, which only exists on Linux for now.
#if canImport(RealmRehearsal)
    import Foundation
    import RealmRehearsal
    import RealmRehearsalDriver
    import RealmSchemaUpgrade
    import RealmToSwiftData

    /// What `realm rehearse` prints: the outcome, the verification report, the figures.
    enum RehearseReportText {
        static func text(_ report: RealmRehearsal.Report) -> String {
            let result = report.result
            var text = ""
            switch result.outcome {
            case .migrated(let migrated):
                let copy = migrated.copy
                let resumed = copy.resumedFrom.map { " (resumed after batch \($0.batchesCommitted))" } ?? ""
                if let upgrade = migrated.schemaUpgrade { text += upgradeText(upgrade) }
                text +=
                    "Migrated into \(report.store)\(resumed): \(copy.objectsWritten) object writes in \(copy.batchesCommitted) batches, \(String(format: "%.2f", result.seconds)) s.\n"
                text += MigrateReportText.verificationText(migrated.verification)
            case .alreadyMigrated:
                text += "\(report.store) already holds this file's verified migration; nothing to do.\n"
            case .nothingToMigrate: text += "There is no Realm file to migrate.\n"
            case .deferred(let reason): text += "Deferred: \(reason)\n"
            case .discardedAsRealmWould(let fileVersion, let appVersion):
                text +=
                    "Not migrated: the app sets deleteRealmIfMigrationNeeded and the file (schema version \(fileVersion.map(String.init) ?? "never set")) needs a migration to version \(appVersion), so Realm would have deleted its data on open.\n"
            case nil:
                if let failure = result.failure {
                    text += "Error: \(failure)\n"
                    if case .verificationFailed(let verification) = failure {
                        text += MigrateReportText.verificationText(verification)
                    }
                    if case .modelsDoNotMatch(let problems) = failure {
                        text += problems.map { "  \($0)\n" }.joined()
                    }
                }
                if let error = result.error { text += "Error: \(error)\n" }
            }
            if let peak = result.peakLiveModels { text += "Peak models alive at once: \(peak).\n" }
            for (name, path) in result.dumpFiles.sorted(by: { $0.key < $1.key }) { text += "Dump \(name): \(path)\n" }
            return text
        }

        /// The schema upgrade: both versions, what changed per class, the classes left behind.
        static func upgradeText(_ upgrade: SchemaUpgradeReport) -> String {
            let file = upgrade.fileVersion.map(String.init) ?? "never set"
            guard !upgrade.isUnchanged else { return "Schema version \(file), as the app's models: no upgrade.\n" }
            var text =
                "Schema upgrade: the file's version \(file) to the app's \(upgrade.appVersion)"
                + (upgrade.ranMigrationBlock ? ", with the app's migration block" : ", no migration block") + ".\n"
            for cls in upgrade.classes {
                var parts: [String] = []
                if cls.isNew { parts.append("new class") }
                if !cls.addedProperties.isEmpty { parts.append("added " + cls.addedProperties.joined(separator: ", ")) }
                if !cls.droppedProperties.isEmpty {
                    parts.append("dropped " + cls.droppedProperties.joined(separator: ", "))
                }
                if !cls.resetProperties.isEmpty {
                    parts.append("reset to Realm's defaults " + cls.resetProperties.joined(separator: ", "))
                }
                if !cls.renamedProperties.isEmpty {
                    parts.append("renamed " + cls.renamedProperties.joined(separator: ", "))
                }
                if cls.objectsChanged > 0 { parts.append("\(cls.objectsChanged) objects changed by the block") }
                if cls.objectsCreated > 0 { parts.append("\(cls.objectsCreated) created") }
                if cls.objectsDeleted > 0 { parts.append("\(cls.objectsDeleted) deleted") }
                guard !parts.isEmpty else { continue }
                text +=
                    "  \(cls.className) (\(cls.objectsKept + cls.objectsCreated) objects): \(parts.joined(separator: "; "))\n"
            }
            for left in upgrade.classesLeftBehind {
                text +=
                    "  \(left.className): left behind in the file (\(left.objectCount) objects), the app no longer declares it\n"
            }
            for name in upgrade.classesDeleted { text += "  \(name): its data deleted by the migration block\n" }
            return text
        }
    }
#endif
