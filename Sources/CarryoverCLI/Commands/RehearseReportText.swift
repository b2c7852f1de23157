// `realm rehearse` builds programs against the SwiftData runtime, which only exists on Linux for now.
#if canImport(RealmRehearsal)
    import Foundation
    import RealmRehearsal
    import RealmRehearsalDriver
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
                text +=
                    "Migrated into \(report.store)\(resumed): \(copy.objectsWritten) object writes in \(copy.batchesCommitted) batches, \(String(format: "%.2f", result.seconds)) s.\n"
                text += MigrateReportText.verificationText(migrated.verification)
            case .alreadyMigrated:
                text += "\(report.store) already holds this file's verified migration; nothing to do.\n"
            case .nothingToMigrate: text += "There is no Realm file to migrate.\n"
            case .deferred(let reason): text += "Deferred: \(reason)\n"
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
    }
#endif
