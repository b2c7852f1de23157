// The SQLiteSink module; see docs/architecture.md.
