// The module generated code imports: the runtime (SwiftDataCore) and the macro declarations
// (SwiftDataMacroDeclarations, kept apart so only they build with warnings suppressed; see README.md).
@_exported import SwiftDataCore
@_exported import SwiftDataMacroDeclarations
