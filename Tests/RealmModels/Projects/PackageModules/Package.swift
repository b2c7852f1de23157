// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Accounts",
    platforms: [.iOS(.v17)],
    products: [
        .library(name: "AccountKit", targets: ["Models", "Feature"])
    ],
    dependencies: [
        .package(url: "https://github.com/realm/realm-swift.git", from: "10.50.0")
    ],
    targets: [
        .target(name: "Models", dependencies: [.product(name: "RealmSwift", package: "realm-swift")]),
        .target(name: "Feature", dependencies: ["Models"]),
        .target(
            name: "Sync",
            dependencies: [
                .target(name: "Models"),
                .product(name: "RealmSwift", package: "realm-swift"),
            ],
            exclude: ["Notes.md"]
        ),
        .testTarget(name: "ModelsTests", dependencies: ["Models"]),
    ]
)
