import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "realm-read":
    try RealmReadBenchmark.run(Array(arguments.dropFirst()))
case "encryption":
    try EncryptionBenchmark.run(Array(arguments.dropFirst()))
default:
    print(
        "usage: CarryoverBenchmarks <benchmark> [options]\nbenchmarks: realm-read [FILE…] [--runs N], "
            + "encryption [--runs N]")
}
