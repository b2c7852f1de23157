import Foundation

/// Writes the seed corpus of `scripts/fuzz-keyed-archive`: traits dictionaries as Foundation's `NSKeyedArchiver`
/// archives them (what the legacy SDK stores in `rs_traits`), from empty to nested, one file each.
let directory = URL(fileURLWithPath: CommandLine.arguments[1], isDirectory: true)
let traits: [NSDictionary] = [
    [:],
    ["email": "ada@example.com"],
    ["name": "Ada", "age": 36, "premium": true, "score": 9.5],
    ["address": ["city": "London", "lines": ["1 Main St", "Flat 2"]], "tags": ["a", "b", "c"]],
    ["nothing": NSNull(), "nested": [["k": [1, 2, 3]], ["k": [] as [Int]]]],
    ["anonymousId": "8b5f0f5e-1c1a-4f53-9b2f-4d1c8d7e6a10", "userId": "user-42", "unicode": "café ☕️ 𝄞"],
]
for (index, dictionary) in traits.enumerated() {
    let data = try NSKeyedArchiver.archivedData(withRootObject: dictionary, requiringSecureCoding: false)
    try data.write(to: directory.appendingPathComponent("seed-\(index).archive"))
}
