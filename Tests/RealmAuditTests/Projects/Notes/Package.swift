// swift-tools-version: 5.9
import PackageDescription

// Three targets: `Storage` uses Realm and hands Realm values to `App` through its API; `App` imports no Realm;
// `Tools` sees neither; `StorageTests` tests `Storage`.
let package = Package(
    name: "Notes",
    dependencies: [
        .package(url: "https://github.com/realm/realm-swift.git", from: "10.50.0")
    ],
    targets: [
        .target(name: "Storage", dependencies: [.product(name: "RealmSwift", package: "realm-swift")]),
        .executableTarget(name: "App", dependencies: ["Storage"]),
        .target(name: "Tools"),
        .testTarget(name: "StorageTests", dependencies: ["Storage"]),
    ]
)
