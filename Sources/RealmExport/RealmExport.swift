// The RealmExport module; see docs/architecture.md.
