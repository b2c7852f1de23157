/// The number of objects an export has written: every 4,096 objects it checks the output for a failed write (and
/// throws it) and reports the count to `progress`.
struct WrittenCount {
    private(set) var value = 0
    let output: OutputBuffer
    let progress: ((Int) -> Void)?

    init(output: OutputBuffer, progress: ((Int) -> Void)?) {
        self.output = output
        self.progress = progress
    }

    mutating func add(_ count: Int) throws {
        let before = value
        value &+= count
        guard before >> 12 != value >> 12 else { return }
        if let failure = output.failure { throw failure }
        progress?(value)
    }
}
