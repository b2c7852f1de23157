// The MigrationEngine module; see docs/architecture.md.
