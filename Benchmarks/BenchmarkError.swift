/// A benchmark that could not run as set up (missing file, unexpected outcome).
struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
