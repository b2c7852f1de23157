// `realm rehearse` builds programs against the SwiftData runtime, which only exists on Linux for now.
#if canImport(RealmRehearsal)
    import Foundation
    import RealmToSwiftData

    /// Draws a rehearsal's progress reports as a terminal bar per phase. Reports arrive on the thread reading the
    /// rehearsal program's output, one at a time.
    final class RehearsalProgressDisplay: @unchecked Sendable {
        private let stream: any ConsoleStream
        private let enabled: Bool
        private let lock = NSLock()
        private var bar: ProgressBar?
        private var phase: RealmToSwiftDataProgress.Phase?

        init(stream: any ConsoleStream, enabled: Bool) {
            self.stream = stream
            self.enabled = enabled
        }

        func show(_ progress: RealmToSwiftDataProgress) {
            guard enabled else { return }
            lock.withLock {
                if progress.phase != phase {
                    bar?.finish()
                    phase = progress.phase
                    let label: String
                    switch progress.phase {
                    case .copying: label = "Copying objects"
                    case .linking: label = "Linking objects"
                    case .verifying: label = "Verifying"
                    }
                    bar = ProgressBar(label: label, total: Int64(max(progress.phaseTotal, 1)), on: stream)
                }
                let rate = Int(progress.objectsPerSecond)
                bar?.update(
                    done: Int64(progress.phaseDone),
                    detail: "\(progress.className) \(progress.classDone)/\(progress.classTotal) · \(rate) objects/s")
            }
        }

        func finish() { lock.withLock { bar?.finish() } }
    }
#endif
