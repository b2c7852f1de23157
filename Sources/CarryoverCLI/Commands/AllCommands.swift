/// Every leaf command of the tool, in the order `carryover --help` lists them.
/// Each command group lives in its own file under `Commands/`.
let allCommands: [CommandSpec] =
    rudderCommands
    + realmCommands
    + modelsCommands
    + auditCommands
    + migrateCommands
    + platformCommands

#if canImport(RealmRehearsal)
    /// Commands that need the SwiftData runtime.
    private let platformCommands = rehearseCommands
#else
    private let platformCommands: [CommandSpec] = []
#endif
