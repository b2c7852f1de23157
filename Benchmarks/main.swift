import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "realm-read":
    try RealmReadBenchmark.run(Array(arguments.dropFirst()))
case "migrate":
    try MigrationBenchmark.run(Array(arguments.dropFirst()))
case "migrate-once":
    try MigrationBenchmark.runOnce(Array(arguments.dropFirst()))
default:
    print("usage: CarryoverBenchmarks <benchmark> [options]\nbenchmarks: realm-read [FILE…] [--runs N]\n  migrate [FILE…] [--runs N] [--batch-size N]")
}
