import Foundation
import RealmThreadingConversion
import SwiftDataToolchain
import TestSupport
import Testing

#if os(Linux)
    /// Runs generated actors' operations in the Linux SwiftData runtime (it links `libCarryoverRehearsal`): the
    /// guide's `RealmDataManager`, the serial queue service, the `ThreadSafeReference`/`thaw()` counter and the
    /// Realm-parameter importer, compiled with the models from `Inputs/Models.swift.txt` and
    /// `Inputs/RunDrafts.main.swift.txt`, which checks the stored rows.
    @Suite struct GeneratedActorRunTests {
        @Test func draftedOperationsWriteAndReadTheRowsTheOriginalsWould() throws {
            var files = try ThreadingInputs.modelFiles()
            for name in ["GuideDataManager", "SerialQueueService", "ThreadSafeHandoff", "RealmParameterImporter"] {
                for draft in try ThreadingInputs.convert(name).drafts {
                    files["\(draft.actorName).swift"] = draft.source
                }
            }
            files["main.swift"] = try ThreadingInputs.source("RunDrafts.main")
            let executable = try SwiftProgramBuilder().build(files: files)
            let directory = try TemporaryDirectory("threading-run")
            defer { directory.remove() }
            let run = try CapturedRun(executable, [directory.url.path])
            let output = run.output
            let lines = output.split(separator: "\n")
            #expect(lines.filter { $0.hasPrefix("ok ") }.count == 9, "\(output)")
            #expect(!lines.contains { $0.hasPrefix("FAIL") }, "\(output)")
            #expect(run.status == 0, "\(output)")
        }
    }
#endif
