/// Everything the migration read from legacy storage: per legacy key the value that wins and where it came from,
/// and how reading each source went. The input of `RudderMigrationPlanner`.
public struct LegacySnapshot: Sendable, Equatable {
    /// A legacy value and its source.
    public struct Entry: Sendable, Equatable {
        /// The value as stored.
        public var value: PropertyListValue
        /// Where it was read.
        public var source: LegacySource

        /// Creates an entry.
        public init(_ value: PropertyListValue, from source: LegacySource) {
            self.value = value
            self.source = source
        }
    }

    /// The winning value per legacy key: the plist's if it has the key, else standard defaults'.
    public var entries: [LegacyKey: Entry]
    /// Standard defaults' value for each key the plist holds too. The plist's value wins, but when it cannot be
    /// migrated (wrong type, or it breaks its field's rule) the field is planned from this value instead.
    public var fallbacks: [LegacyKey: Entry]
    /// How reading each source went, plist first.
    public var sources: [SourceReport]

    /// Creates a snapshot.
    public init(entries: [LegacyKey: Entry], fallbacks: [LegacyKey: Entry] = [:], sources: [SourceReport]) {
        self.entries = entries
        self.fallbacks = fallbacks
        self.sources = sources
    }

    /// Merges two sources per key: `plist` wins, `standardDefaults` fills the gaps and is kept as the fallback for
    /// keys both hold.
    public init(
        plist: [LegacyKey: PropertyListValue], standardDefaults: [LegacyKey: PropertyListValue], sources: [SourceReport]
    ) {
        var entries: [LegacyKey: Entry] = [:]
        var fallbacks: [LegacyKey: Entry] = [:]
        for (key, value) in standardDefaults {
            let entry = Entry(value, from: .standardDefaults)
            if plist[key] == nil { entries[key] = entry } else { fallbacks[key] = entry }
        }
        for (key, value) in plist { entries[key] = Entry(value, from: .legacyPlist) }
        self.init(entries: entries, fallbacks: fallbacks, sources: sources)
    }

    /// Why the migration must wait, if a source exists but could not be opened.
    public var unavailableReason: String? {
        sources.first { $0.status == .unavailable }.map { "\($0.location): \($0.reason ?? "cannot be opened")" }
    }
}
