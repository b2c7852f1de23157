// The RealmModelParser module; see docs/architecture.md.
