import Foundation

/// A one-line progress bar drawn on a console's error stream, only when it is a terminal; silent otherwise.
///
/// Redraws at most ten times a second, so calling `update` per object is cheap.
final class ProgressBar {
    private let label: String
    private let total: Int64
    private let stream: any ConsoleStream
    private let isEnabled: Bool
    private var lastDraw: UInt64 = 0
    private let width = 30

    /// Creates a bar for `total` units of work (objects or bytes), labelled `label`, drawn on `stream`.
    /// Pass `enabled: false` to suppress drawing (e.g. for small inputs or `--json`).
    init(label: String, total: Int64, on stream: any ConsoleStream, enabled: Bool = true) {
        self.label = label
        self.total = max(total, 1)
        self.stream = stream
        self.isEnabled = enabled && stream.isTerminal
    }

    /// Records that `done` of `total` units are complete, redrawing if enough time has passed.
    func update(done: Int64, detail: String = "") {
        guard isEnabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        guard now &- lastDraw >= 100_000_000 || done >= total else { return }
        lastDraw = now
        let fraction = Double(min(max(done, 0), total)) / Double(total)
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let percent = Int(fraction * 100)
        stream.write("\r\u{1B}[2K\(label) \(bar) \(percent)% \(detail)")
    }

    /// Clears the bar's line so that following output starts on a clean line.
    func finish() {
        guard isEnabled else { return }
        stream.write("\r\u{1B}[2K")
    }
}
