/// What a migration will write: the outcome of every field, computed from a `LegacySnapshot` without touching storage.
public struct RudderMigrationPlan: Sendable, Equatable {
    /// Every field in mapping-table order.
    public var fields: [FieldReport]

    /// Creates a plan.
    public init(fields: [FieldReport]) {
        self.fields = fields
    }

    /// The destination values to write, by destination key.
    public var writes: [String: DestinationValue] {
        var writes: [String: DestinationValue] = [:]
        for report in fields {
            if let value = report.migratedValue { writes[report.field.destinationKey] = value }
        }
        return writes
    }
}
