import CarryoverCLI

await CarryoverTool.main()
