/// `swift run -c release CarryoverBenchmarks <name>`: each benchmark prints medians over many runs.
let benchmarks: [(name: String, run: () throws -> Void)] = [
    ("rudder", runRudderBenchmarks)
]

let requested = CommandLine.arguments.dropFirst().first
let selected = benchmarks.filter { requested == nil || $0.name == requested }
if selected.isEmpty {
    print("unknown benchmark '\(requested ?? "")'; available: \(benchmarks.map(\.name).joined(separator: ", "))")
}
for benchmark in selected {
    do {
        try benchmark.run()
    } catch {
        print("\(benchmark.name): failed: \(error)")
    }
}
