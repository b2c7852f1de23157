/// Every leaf command of the tool, in the order `carryover --help` lists them.
/// Each command group lives in its own file under `Commands/`.
let allCommands: [CommandSpec] =
    rudderCommands
    + realmCommands
    + modelsCommands
    + migrateCommands
    + rehearseCommands
