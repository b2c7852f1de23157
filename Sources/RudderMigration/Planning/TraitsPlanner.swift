import Foundation

/// The traits rules. v1's `rl_traits` is a JSON object in a string; v2's `rs_traits` is an `NSKeyedArchiver` archive
/// of the traits dictionary. Either yields `traits` (the object without `anonymousId`, `userId` and `id`) and a user
/// id (its `userId`, else `id`): v1's only source of `user_id`, v2's fallback after `rs_user_id`.
enum TraitsPlanner {
    /// The keys that identify the user and are therefore stored elsewhere by the Swift SDK.
    static let identifierKeys = ["anonymousId", "userId", "id"]

    struct Result {
        var userID: FieldReport.Outcome
        var traits: FieldReport.Outcome
        /// Set when the plist's `rl_traits` was unusable and standard defaults' was used instead: why.
        var plistValuePassedOver: String? = nil
    }

    /// What a traits value holds: an object, or why it is unusable.
    private enum Contents {
        case object([String: Any])
        case unusable(reason: String)
    }

    /// Plans both fields from v1's `entry`; when `entry` is the plist's and is not a JSON object in a string, from
    /// `fallback` (standard defaults' value) if that one is.
    static func plan(_ entry: LegacySnapshot.Entry?, fallback: LegacySnapshot.Entry?) -> Result {
        guard let entry else { return Result(userID: .absent, traits: .absent) }
        let key = LegacyKey.traits.rawValue
        switch jsonContents(of: entry) {
        case .object(let object):
            return Result(userID: userID(in: object, entry, key), traits: traits(in: object, entry, key))
        case .unusable(let reason):
            if entry.source == .legacyPlist, let fallback, case .object(let object) = jsonContents(of: fallback) {
                return Result(
                    userID: userID(in: object, fallback, key), traits: traits(in: object, fallback, key),
                    plistValuePassedOver: reason)
            }
            let skip = FieldReport.Outcome.skipped(reason: reason, source: entry.source)
            return Result(userID: skip, traits: skip)
        }
    }

    /// Plans both fields from v2's archived `entry`. A corrupt archive skips both, with the reader's reason.
    static func planArchive(_ entry: LegacySnapshot.Entry?) -> Result {
        guard let entry else { return Result(userID: .absent, traits: .absent) }
        let key = LegacyV2Key.traits.rawValue
        switch archiveContents(of: entry) {
        case .object(let object):
            return Result(userID: userID(in: object, entry, key), traits: traits(in: object, entry, key))
        case .unusable(let reason):
            let skip = FieldReport.Outcome.skipped(reason: reason, source: entry.source)
            return Result(userID: skip, traits: skip)
        }
    }

    private static func jsonContents(of entry: LegacySnapshot.Entry) -> Contents {
        guard case .string(let json) = entry.value else {
            return .unusable(
                reason: RudderMigrationPlanner.wrongTypeReason(
                    entry, LegacyKey.traits.rawValue, expected: "a string holding a JSON object"))
        }
        guard let parsed = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: []),
            let object = parsed as? [String: Any]
        else {
            return .unusable(
                reason: "rl_traits in \(entry.source.phrase) is not a JSON object (corrupt or of another JSON type)")
        }
        return .object(object)
    }

    private static func archiveContents(of entry: LegacySnapshot.Entry) -> Contents {
        let key = LegacyV2Key.traits.rawValue
        guard case .data(let data) = entry.value else {
            return .unusable(
                reason: RudderMigrationPlanner.wrongTypeReason(entry, key, expected: "data (a keyed archive)"))
        }
        let root: ArchivedValue
        do {
            root = try KeyedArchiveReader(data).decodeRoot()
        } catch {
            return .unusable(reason: "\(key) is not a readable keyed archive of the traits (\(error))")
        }
        guard case .dictionary(let values) = root else {
            return .unusable(reason: "\(key)'s archive does not hold a dictionary")
        }
        return .object(values.mapValues(\.foundationObject))
    }

    private static func userID(in object: [String: Any], _ entry: LegacySnapshot.Entry, _ key: String)
        -> FieldReport.Outcome
    {
        for name in ["userId", "id"] {
            guard let value = object[name], !(value is NSNull) else { continue }
            guard let string = value as? String else {
                return .skipped(reason: "\(key) \"\(name)\" is not a string", source: entry.source)
            }
            if !string.isEmpty { return .migrated(value: .string(string), source: entry.source) }
        }
        return .absent
    }

    private static func traits(in object: [String: Any], _ entry: LegacySnapshot.Entry, _ key: String)
        -> FieldReport.Outcome
    {
        var remaining = object
        for name in identifierKeys { remaining[name] = nil }
        guard !remaining.isEmpty else {
            return .skipped(
                reason: "\(key) holds only anonymousId/userId/id; nothing is left to write", source: entry.source)
        }
        // `isValidJSONObject` first: on Apple platforms `data(withJSONObject:)` raises instead of throwing.
        guard JSONSerialization.isValidJSONObject(remaining),
            let data = try? JSONSerialization.data(
                withJSONObject: remaining, options: [.sortedKeys, .withoutEscapingSlashes])
        else {
            return .skipped(reason: "\(key) cannot be written back as JSON", source: entry.source)
        }
        return .migrated(value: .string(String(decoding: data, as: UTF8.self)), source: entry.source)
    }
}
