/// What the one read of the destination says about the run to do. A pure classification of the destination's values.
enum DestinationState: Equatable {
    /// The completion marker is set (with the time it was set, if readable).
    case completed(at: String)
    /// The Swift SDK already ran: `anonymous_id` is there and no run of ours started or was deferred before it.
    case initializedBySDK
    /// Migration may go ahead. `resuming`: an earlier run started and did not complete. `afterDeferral`: an earlier
    /// run was deferred, so an `anonymous_id` now present was made by the SDK in the meantime and may be replaced.
    case open(resuming: Bool, afterDeferral: Bool)

    /// The destination keys the one read fetches: the Swift SDK's fields and the markers.
    static let keysRead = RudderField.allCases.map(\.destinationKey) + RudderMigrationMarker.all

    init(_ values: [String: PropertyListValue], options: RudderMigrationOptions) {
        if let marker = values[RudderMigrationMarker.completed] {
            if case .string(let time) = marker {
                self = .completed(at: time)
            } else {
                self = .completed(at: "an unknown time")
            }
            return
        }
        let resuming = values[RudderMigrationMarker.started] != nil
        let afterDeferral = values[RudderMigrationMarker.deferred] != nil
        if values[RudderField.anonymousID.destinationKey] != nil, !resuming, !afterDeferral,
            !options.overwriteInitializedDestination
        {
            self = .initializedBySDK
        } else {
            self = .open(resuming: resuming, afterDeferral: afterDeferral)
        }
    }
}
