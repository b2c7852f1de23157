import Foundation

/// The traits rules: `rl_traits` is a JSON object in a string. It yields both `user_id` (its `userId`, else `id`)
/// and `traits` (the object without `anonymousId`, `userId` and `id`).
enum TraitsPlanner {
    /// The keys that identify the user and are therefore stored elsewhere by the Swift SDK.
    static let identifierKeys = ["anonymousId", "userId", "id"]

    struct Result {
        var userID: FieldReport.Outcome
        var traits: FieldReport.Outcome
        /// Set when the plist's `rl_traits` was unusable and standard defaults' was used instead: why.
        var plistValuePassedOver: String? = nil
    }

    /// What an `rl_traits` value holds: a JSON object, or why it is unusable.
    private enum Contents {
        case object([String: Any])
        case unusable(reason: String)
    }

    /// Plans both fields from `entry`; when `entry` is the plist's and is not a JSON object in a string, from
    /// `fallback` (standard defaults' value) if that one is.
    static func plan(_ entry: LegacySnapshot.Entry?, fallback: LegacySnapshot.Entry?) -> Result {
        guard let entry else { return Result(userID: .absent, traits: .absent) }
        switch contents(of: entry) {
        case .object(let object):
            return Result(userID: userID(in: object, entry), traits: traits(in: object, entry))
        case .unusable(let reason):
            if entry.source == .legacyPlist, let fallback, case .object(let object) = contents(of: fallback) {
                return Result(
                    userID: userID(in: object, fallback), traits: traits(in: object, fallback),
                    plistValuePassedOver: reason)
            }
            let skip = FieldReport.Outcome.skipped(reason: reason, source: entry.source)
            return Result(userID: skip, traits: skip)
        }
    }

    private static func contents(of entry: LegacySnapshot.Entry) -> Contents {
        guard case .string(let json) = entry.value else {
            return .unusable(
                reason: RudderMigrationPlanner.wrongTypeReason(
                    entry, .traits, expected: "a string holding a JSON object"))
        }
        guard let parsed = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: []),
            let object = parsed as? [String: Any]
        else {
            return .unusable(
                reason: "rl_traits in \(entry.source.phrase) is not a JSON object (corrupt or of another JSON type)")
        }
        return .object(object)
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
