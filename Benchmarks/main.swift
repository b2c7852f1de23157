import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "realm-read":
    try RealmReadBenchmark.run(Array(arguments.dropFirst()))
case "realm-export":
    try RealmExportBenchmark.run(Array(arguments.dropFirst()))
case "realm-export-child":
    try RealmExportBenchmark.exportOnce(Array(arguments.dropFirst()))
default:
    print(
        "usage: CarryoverBenchmarks <benchmark> [options]\nbenchmarks: realm-read [FILE…] [--runs N], realm-export [FILE] [--runs N]"
    )
}
