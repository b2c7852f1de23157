// The RealmMigrationSource module; see docs/architecture.md.
