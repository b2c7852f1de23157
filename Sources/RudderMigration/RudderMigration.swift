// The RudderMigration module; see docs/architecture.md.
