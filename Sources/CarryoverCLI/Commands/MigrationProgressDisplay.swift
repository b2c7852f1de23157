import MigrationEngine

/// Draws a migration's progress reports as a terminal bar per phase.
struct MigrationProgressDisplay {
    var stream: any ConsoleStream
    /// Whether to draw at all (not with `--json`).
    var enabled: Bool

    /// Draws every report of `progress` until it finishes, then clears the bar.
    func show(_ progress: AsyncStream<MigrationProgress>) async {
        var bar: ProgressBar?
        var phase: MigrationCheckpoint.Phase?
        for await progress in progress where enabled {
            if progress.phase != phase {
                bar?.finish()
                phase = progress.phase
                let label = progress.phase == .attributes ? "Copying objects" : "Linking objects"
                bar = ProgressBar(label: label, total: Int64(progress.phaseTotal), on: stream)
            }
            let rate = Int(progress.objectsPerSecond)
            bar?.update(
                done: Int64(progress.phaseDone),
                detail: "\(progress.className) \(progress.classDone)/\(progress.classTotal) · \(rate) objects/s")
        }
        bar?.finish()
    }
}
