// The RealmFile module; see docs/architecture.md.
