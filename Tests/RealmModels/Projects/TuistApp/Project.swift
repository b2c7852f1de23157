import ProjectDescription
import ProjectDescriptionHelpers

let project = Project(
    name: "Photos",
    targets: [
        .target(
            name: "Photos",
            destinations: .iOS,
            product: .app,
            bundleId: "org.example.photos",
            sources: "App/**",
            dependencies: [.target(name: "PhotosCore"), .external(name: "RealmSwift")]
        ),
        Target(
            name: "PhotosCore",
            destinations: .iOS,
            product: .framework,
            bundleId: "org.example.photos.core",
            sources: ["Core/**/*.swift"],
            dependencies: [.external(name: "RealmSwift")]
        ),
    ]
)
