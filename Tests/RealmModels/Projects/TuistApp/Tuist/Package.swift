// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Dependencies",
    dependencies: [.package(url: "https://github.com/realm/realm-swift", from: "10.50.0")]
)
