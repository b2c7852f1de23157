// The SwiftDataCodegen module; see docs/architecture.md.
