/// `.auto`'s choice between the v1 and v2 SDK lines, from the keys present.
///
/// Both lines write `rl_session_id`, `rl_last_event_time_stamp` and `rl_session_auto_track_status`, so those decide
/// nothing. Only v1 writes the legacy plist and its other `rl_*` keys; only v2 writes `rs_*` keys,
/// `rl_session_manual_track_status` and `rl_session_stopped_status`.
enum LegacySDKDetection {
    static let sharedKeys: Set<String> = ["rl_session_id", "rl_last_event_time_stamp", "rl_session_auto_track_status"]
    static let v1Keys = Set(LegacyKey.allSDKKeys).subtracting(sharedKeys)
    static let v2Keys = Set(LegacyV2Key.allSDKKeys).subtracting(sharedKeys)

    /// v2 when standard defaults hold a key only v2 writes, else v1. With keys of both lines, v2: the two SDKs
    /// cannot ship in one app build, and v2 is the later line, so an app that has both ran v2 last and the v1 values
    /// are what it left behind when it moved to v2.
    static func detect(plist: SourceReport, standardDefaultsKeys: Set<String>) -> (sdk: RudderLegacySDK, reason: String)
    {
        let v2Found = standardDefaultsKeys.intersection(v2Keys).sorted()
        var v1Found = standardDefaultsKeys.intersection(v1Keys).sorted()
        if plist.status != .absent { v1Found.insert("the legacy plist", at: 0) }
        switch (v1Found.isEmpty, v2Found.isEmpty) {
        case (_, true):
            let evidence = v1Found.isEmpty ? "no key of either SDK" : list(v1Found)
            return (.v1, "auto: no v2 key in standard defaults (found: \(evidence))")
        case (true, false):
            return (.v2, "auto: standard defaults hold v2 keys (\(list(v2Found))) and no v1 key")
        case (false, false):
            return (
                .v2,
                "auto: v2 keys (\(list(v2Found))) and v1 data (\(list(v1Found))) both present; v2 is the later "
                    + "SDK, so the app ran it last (--source v1 / .v1 migrates the v1 data instead)"
            )
        }
    }

    private static func list(_ keys: [String]) -> String {
        keys.count <= 4 ? keys.joined(separator: ", ") : keys.prefix(4).joined(separator: ", ") + ", …"
    }
}
