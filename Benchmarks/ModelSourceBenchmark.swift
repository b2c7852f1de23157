import Foundation
import RealmModelParser
import SwiftSourceSyntax

/// `model-source-parse [--runs N]`: lexes, parses and extracts models from random Swift-looking text of 1, 5 and
/// 10 MB (`SwiftLookingText`, fixed seed), printing the median wall time and MB/s of each: the time should grow
/// linearly with the size, and 10 MB should take seconds at most.
enum ModelSourceBenchmark {
    static func run(_ arguments: [String]) {
        var runs = 3
        if let flag = arguments.firstIndex(of: "--runs"), flag + 1 < arguments.count,
            let count = Int(arguments[flag + 1])
        {
            runs = max(1, count)
        }
        for megabytes in [1, 5, 10] {
            // Importing RealmSwift makes every problem of the file reported, as for a model file.
            let text = "import RealmSwift\n" + SwiftLookingText.generate(count: megabytes << 20, seed: 42)
            var times: [Double] = []
            var diagnostics = 0
            var models = 0
            for _ in 0..<runs {
                let start = Date()
                let result = RealmModelParser.parse([.init(path: "Random.swift", text: text)])
                diagnostics = result.diagnostics.count
                models = result.schema.objectTypes.count
                times.append(Date().timeIntervalSince(start))
            }
            times.sort()
            let median = times[times.count / 2]
            print(
                "model-source-parse \(megabytes) MB: median \(String(format: "%.3f", median)) s, "
                    + "\(String(format: "%.1f", Double(megabytes) / median)) MB/s, \(models) models, \(diagnostics) diagnostics"
            )
        }
    }
}
