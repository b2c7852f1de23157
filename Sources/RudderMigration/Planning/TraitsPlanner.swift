import Foundation

/// The traits rules: `rl_traits` is a JSON object in a string. It yields both `user_id` (its `userId`, else `id`)
/// and `traits` (the object without `anonymousId`, `userId` and `id`).
enum TraitsPlanner {
    /// The keys that identify the user and are therefore stored elsewhere by the Swift SDK.
    static let identifierKeys = ["anonymousId", "userId", "id"]

    struct Result {
        var userID: FieldReport.Outcome
        var traits: FieldReport.Outcome
    }

    static func plan(_ entry: LegacySnapshot.Entry?) -> Result {
        guard let entry else { return Result(userID: .absent, traits: .absent) }
        guard case .string(let json) = entry.value else {
            let skip = MigrationPlanner.wrongType(entry, .traits, expected: "a string holding a JSON object")
            return Result(userID: skip, traits: skip)
        }
        guard let object = parseObject(json) else {
            let skip = FieldReport.Outcome.skipped(
                reason: "rl_traits in \(entry.source.phrase) is not a JSON object (corrupt or of another JSON type)",
                source: entry.source)
            return Result(userID: skip, traits: skip)
        }
        return Result(userID: userID(in: object, entry), traits: traits(in: object, entry))
    }

    private static func parseObject(_ json: String) -> [String: Any]? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: []) else { return nil }
        return object as? [String: Any]
    }

    private static func userID(in object: [String: Any], _ entry: LegacySnapshot.Entry) -> FieldReport.Outcome {
        for key in ["userId", "id"] {
            guard let value = object[key], !(value is NSNull) else { continue }
            guard let string = value as? String else {
                return .skipped(reason: "rl_traits \"\(key)\" is not a string", source: entry.source)
            }
            if !string.isEmpty { return .migrated(value: .string(string), source: entry.source) }
        }
        return .absent
    }

    private static func traits(in object: [String: Any], _ entry: LegacySnapshot.Entry) -> FieldReport.Outcome {
        var remaining = object
        for key in identifierKeys { remaining[key] = nil }
        guard !remaining.isEmpty else {
            return .skipped(
                reason: "rl_traits holds only anonymousId/userId/id; nothing is left to write", source: entry.source)
        }
        // `isValidJSONObject` first: on Apple platforms `data(withJSONObject:)` raises instead of throwing.
        guard JSONSerialization.isValidJSONObject(remaining),
            let data = try? JSONSerialization.data(
                withJSONObject: remaining, options: [.sortedKeys, .withoutEscapingSlashes])
        else {
            return .skipped(reason: "rl_traits cannot be written back as JSON", source: entry.source)
        }
        return .migrated(value: .string(String(decoding: data, as: UTF8.self)), source: entry.source)
    }
}
