import Foundation

/// `swift run -c release CarryoverBenchmarks <benchmark> [options]`: each benchmark prints medians over many runs,
/// and ratios to the stated baselines where there are some.
let usage = """
    usage: CarryoverBenchmarks <benchmark> [options]
    benchmarks:
      rudder                                  RudderStack migrate(): already migrated, first migration
      realm-read [FILE…] [--runs N]           read every object of .realm files
      migrate [FILE…] [--runs N] [--batch-size N]
                                              .realm → SQLite, vs sqlite3 .import
      encryption [--runs N]                   medium_encrypted.v24 vs medium.v24: read, export, digest, decryption
      encryption-memory                       medium_encrypted.v24 vs medium.v24: peak RSS of a read, of an export
      realm-export [FILE] [--runs N]          export as json and xjson to /dev/null, vs realm2json
      rehearse [--min-ios 17|18] [--runs N] [FILE…]
                                              the in-app Realm → SwiftData migration (Linux runtime), vs the runtime alone
      model-source-parse [--runs N]           parse 1, 5 and 10 MB of random Swift-looking text (linear time)
      audit [--runs N] [--files N]            realm audit of a synthetic 1,500-file app (target < 10 s)
      upgrade [FILE…] [--runs N]              every object read through the schema upgrade (an added property,
                                              with and without a block) vs the file as it is: time, peak RSS
    """

let arguments = Array(CommandLine.arguments.dropFirst())
let options = Array(arguments.dropFirst())
switch arguments.first {
case "rudder":
    try runRudderBenchmarks()
case "realm-read":
    try RealmReadBenchmark.run(options)
case "migrate":
    try MigrationBenchmark.run(options)
case "migrate-once":
    try MigrationBenchmark.runOnce(options)
case "encryption":
    try EncryptionBenchmark.run(options)
case "encryption-memory":
    try EncryptionMemoryBenchmark.run()
case "encryption-memory-child":
    try EncryptionMemoryBenchmark.runChild(options)
case "realm-export":
    try RealmExportBenchmark.run(options)
case "realm-export-child":
    try RealmExportBenchmark.exportOnce(options)
case "model-source-parse":
    ModelSourceBenchmark.run(options)
case "audit":
    try await AuditBenchmark.run(options)
case "upgrade":
    try SchemaUpgradeBenchmark.run(options)
case "upgrade-child":
    try SchemaUpgradeBenchmark.runChild(options)
case "rehearse":
    #if canImport(RealmRehearsal)
        try RehearsalBenchmark.run(options)
    #else
        print("rehearse: needs the SwiftData runtime (Linux only for now)")
    #endif
default:
    print(usage)
}
