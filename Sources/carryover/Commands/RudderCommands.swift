/// `carryover rudder …`: the RudderStack legacy SDK → Swift SDK migration.
let rudderCommands: [CommandSpec] = []
