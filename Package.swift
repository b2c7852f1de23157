// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Carryover",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "RudderMigration", targets: ["RudderMigration"]),
        .library(name: "RealmSchema", targets: ["RealmSchema"]),
        .library(name: "RealmFile", targets: ["RealmFile"]),
        .library(name: "RealmExport", targets: ["RealmExport"]),
        .library(name: "SwiftSourceSyntax", targets: ["SwiftSourceSyntax"]),
        .library(name: "RealmModelParser", targets: ["RealmModelParser"]),
        .library(name: "SwiftDataCodegen", targets: ["SwiftDataCodegen", "RealmFileModelInput"]),
        .library(name: "SwiftDataConversion", targets: ["SwiftDataConversion"]),
        .library(name: "RealmThreadingConversion", targets: ["RealmThreadingConversion"]),
        .library(name: "RealmAudit", targets: ["RealmAudit"]),
        .library(name: "RealmQueryConversion", targets: ["RealmQueryConversion"]),
        .library(name: "MigrationEngine", targets: ["MigrationEngine"]),
        .library(name: "RealmMigrationSource", targets: ["RealmMigrationSource"]),
        .library(name: "RealmSchemaUpgrade", targets: ["RealmSchemaUpgrade"]),
        .library(name: "SQLiteSink", targets: ["SQLiteSink"]),
        .library(name: "RealmSQLiteMigration", targets: ["RealmSQLiteMigration"]),
        .library(name: "Checksums", targets: ["Checksums"]),
        .library(name: "RealmToSwiftData", targets: ["RealmToSwiftData"]),
        .library(name: "SwiftDataToolchain", targets: ["SwiftDataToolchain"]),
        .executable(name: "carryover", targets: ["carryover"]),
    ],
    targets: [
        // MARK: Libraries an app links (Foundation only; they build for iOS unchanged)
        .target(name: "RudderMigration"),
        .target(name: "RealmSchema"),
        .target(
            name: "RealmFile",
            dependencies: [
                "RealmSchema",
                .target(name: "COpenSSLCrypto", condition: .when(platforms: [.linux])),
            ]
        ),
        .target(name: "RealmExport", dependencies: ["RealmFile", "Checksums"]),
        .target(name: "SwiftSourceSyntax"),
        .target(name: "ObjectiveCSourceSyntax"),
        .target(
            name: "RealmModelParser",
            dependencies: ["SwiftSourceSyntax", "ObjectiveCSourceSyntax", "RealmSchema", "SwiftDataCodegen"]),
        .target(name: "SwiftDataCodegen", dependencies: ["RealmSchema"]),
        .target(name: "RealmFileModelInput", dependencies: ["SwiftDataCodegen", "RealmFile", "RealmSchema"]),
        .target(
            name: "SwiftDataConversion",
            dependencies: [
                "SwiftDataCodegen", "RealmFileModelInput", "RealmModelParser", "RealmSchema", "RealmFile",
                "SwiftSourceSyntax",
            ]
        ),
        .target(name: "RealmThreadingConversion", dependencies: ["SwiftSourceSyntax", "SwiftDataCodegen"]),
        .target(
            name: "RealmAudit",
            dependencies: [
                "SwiftSourceSyntax", "ObjectiveCSourceSyntax", "RealmQueryConversion", "RealmThreadingConversion",
                "RealmModelParser",
                "SwiftDataCodegen",
            ]),
        .target(name: "RealmQueryConversion", dependencies: ["SwiftSourceSyntax", "SwiftDataCodegen"]),
        .target(name: "MigrationEngine"),
        // Imports SwiftData: Apple's on Apple platforms, the package's runtime on Linux (added below).
        .target(
            name: "RealmMigrationSource",
            dependencies: ["MigrationEngine", "RealmFile", "RealmSchema", "Checksums"]
        ),
        .target(
            name: "Checksums",
            dependencies: [.target(name: "COpenSSLCrypto", condition: .when(platforms: [.linux]))]
        ),
        .target(
            name: "RealmSchemaUpgrade",
            dependencies: ["MigrationEngine", "RealmMigrationSource", "RealmSchema", "RealmFile"]
        ),
        .target(name: "SQLiteSink", dependencies: ["MigrationEngine", "CSQLite"]),
        .target(name: "RealmSQLiteMigration", dependencies: ["MigrationEngine", "RealmMigrationSource", "SQLiteSink"]),

        // MARK: System C libraries
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // A failing file layer under SQLite (a VFS) for fault-injection tests: the runtime's test hook and the
        // SQLite migration's tests.
        .target(name: "SQLiteFaultInjection", dependencies: ["CSQLite"], linkerSettings: [.linkedLibrary("sqlite3")]),
        .systemLibrary(
            name: "COpenSSLCrypto",
            providers: [.apt(["libssl-dev"])]
        ),

        // MARK: The in-app Realm → SwiftData migration (SwiftData: Apple's, or on Linux the runtime below)
        .target(
            name: "RealmToSwiftData",
            dependencies: ["MigrationEngine", "RealmMigrationSource", "RealmFile", "RealmSchemaUpgrade"]
        ),

        // MARK: Compiling generated SwiftData programs with the toolchain (tests, `realm rehearse`)
        .target(name: "SwiftDataToolchain"),

        // MARK: The command-line tool: command logic in a library, tested in-process; main.swift only calls it
        .target(
            name: "CarryoverCLI",
            dependencies: [
                "RudderMigration", "RealmFile", "RealmExport", "RealmModelParser", "SwiftDataCodegen",
                "SwiftDataConversion", "MigrationEngine", "RealmSQLiteMigration", "SwiftSourceSyntax", "RealmAudit",
                "RealmMigrationSource",
            ]
        ),
        .executableTarget(name: "carryover", dependencies: ["CarryoverCLI"]),

        // MARK: Benchmarks (figures, never assertions)
        .executableTarget(
            name: "CarryoverBenchmarks",
            dependencies: [
                "RudderMigration", "RealmFile", "RealmExport", "MigrationEngine", "RealmMigrationSource",
                "SQLiteSink", "Checksums", "RealmModelParser", "RealmAudit", "SwiftSourceSyntax", "RealmSchemaUpgrade",
                "RealmSchema",
            ],
            path: "Benchmarks"
        ),

        // MARK: Tests
        .testTarget(name: "RudderMigrationTests", dependencies: ["RudderMigration", "TestSupport"]),
        .testTarget(name: "RealmFileTests", dependencies: ["RealmFile", "TestSupport"]),
        .testTarget(name: "RealmFileEncryptionTests", dependencies: ["RealmFile", "TestSupport"]),
        .testTarget(name: "RealmExportTests", dependencies: ["RealmExport", "TestSupport"]),
        .testTarget(name: "SwiftSourceSyntaxTests", dependencies: ["SwiftSourceSyntax"]),
        .testTarget(name: "ObjectiveCSourceSyntaxTests", dependencies: ["ObjectiveCSourceSyntax"]),
        .testTarget(
            name: "RealmAuditTests",
            dependencies: [
                "RealmAudit", "SwiftSourceSyntax", "TestSupport", "RealmQueryConversion", "SwiftDataCodegen",
                "SwiftDataConversion", "SwiftDataStandIn",
            ],
            exclude: ["RealApps.md", "Inputs", "ConversionInputs", "Projects", "ObjectiveCInputs"]
        ),
        .testTarget(
            name: "RealmModelParserTests",
            dependencies: ["RealmModelParser", "SwiftDataCodegen", "SwiftSourceSyntax", "TestSupport"],
            exclude: ["RealApps.md", "ObjectiveCRealApps.md"]
        ),
        .testTarget(
            name: "SwiftDataCodegenTests",
            dependencies: [
                "SwiftDataCodegen", "RealmFileModelInput", "RealmFile", "RealmModelParser", "SwiftDataConversion",
                "TestSupport", "SwiftDataStandIn", "SwiftDataToolchain", "SwiftSourceSyntax",
            ],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "SwiftDataConversionTests",
            dependencies: ["SwiftDataConversion", "SwiftDataCodegen", "SwiftSourceSyntax", "TestSupport"]
        ),
        .testTarget(
            name: "RealmQueryConversionTests",
            dependencies: [
                "RealmQueryConversion", "SwiftDataConversion", "SwiftDataCodegen", "TestSupport", "SwiftDataStandIn",
                "SwiftDataToolchain",
            ]
        ),
        .testTarget(
            name: "MigrationEngineTests",
            dependencies: ["MigrationEngine", "RealmMigrationSource", "SQLiteSink", "Checksums", "TestSupport"]
        ),
        .testTarget(name: "ChecksumsTests", dependencies: ["Checksums"]),
        .testTarget(
            name: "RealmSchemaUpgradeTests",
            dependencies: ["RealmSchemaUpgrade", "RealmMigrationSource", "MigrationEngine", "RealmSchema", "TestSupport"]
        ),
        .testTarget(
            name: "RealmThreadingConversionTests",
            dependencies: [
                "RealmThreadingConversion", "SwiftDataConversion", "SwiftDataCodegen", "RealmModelParser", "TestSupport",
                "SwiftDataStandIn", "SwiftDataToolchain",
            ],
            exclude: ["Inputs"]
        ),
        .testTarget(
            name: "RealmSQLiteMigrationTests",
            dependencies: [
                "RealmSQLiteMigration", "MigrationEngine", "RealmMigrationSource", "SQLiteSink", "TestSupport",
                "SQLiteFaultInjection", "Checksums",
            ]
        ),
        .testTarget(
            name: "CarryoverCLITests",
            dependencies: ["carryover", "CarryoverCLI", "TestSupport", "SwiftDataStandIn", "SwiftDataToolchain"],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "AppleBranchTests", dependencies: ["TestSupport", "SwiftDataToolchain"], exclude: ["StandIns"]),
        .target(name: "TestSupport", dependencies: ["SwiftDataToolchain"], path: "Tests/TestSupport"),
        .target(
            name: "SwiftDataStandIn", dependencies: ["TestSupport", "SwiftDataToolchain"], path: "Tests/SwiftDataStandIn",
            exclude: ["README.md"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// MARK: The Linux runtime of the SwiftData API (on Apple platforms generated code uses Apple's SwiftData)
#if os(Linux)
    package.products += [
        // Generated programs (`carryover realm rehearse`, runtime tests) link this library.
        .library(
            name: "CarryoverRehearsal", type: .dynamic,
            targets: [
                "SwiftData", "SwiftDataCore", "SwiftDataMacroDeclarations", "RealmToSwiftData", "RealmRehearsalDriver",
            ]),
    ]
    package.targets += [
        .target(
            name: "SwiftDataCore", dependencies: ["CSQLite", "SQLiteFaultInjection"],
            path: "Sources/SwiftDataRuntime/Core"),
        // Only macro declarations: their plugin (Macros/) is built at run time by SwiftDataToolchain, so here the
        // compiler warns that it cannot find it; nothing else can warn in this target.
        .target(
            name: "SwiftDataMacroDeclarations", dependencies: ["SwiftDataCore"],
            path: "Sources/SwiftDataRuntime/MacroDeclarations", swiftSettings: [.unsafeFlags(["-suppress-warnings"])]),
        .target(
            name: "SwiftData", dependencies: ["SwiftDataCore", "SwiftDataMacroDeclarations"],
            path: "Sources/SwiftDataRuntime/Umbrella"),
        // `carryover realm rehearse`: the program's body, and the library that builds and runs the program.
        .target(
            name: "RealmRehearsalDriver",
            dependencies: ["RealmToSwiftData", "RealmExport", "MigrationEngine", "SwiftData", "SwiftDataCore"]
        ),
        .target(
            name: "RealmRehearsal",
            dependencies: [
                "RealmRehearsalDriver", "RealmToSwiftData", "SwiftDataCodegen", "RealmFileModelInput", "RealmFile",
                "MigrationEngine", "SwiftDataToolchain", "SwiftDataConversion",
            ]),
        .testTarget(
            name: "RealmToSwiftDataTests",
            dependencies: [
                "RealmToSwiftData", "RealmRehearsal", "RealmRehearsalDriver", "RealmExport", "RealmFile",
                "MigrationEngine", "SwiftDataToolchain", "SwiftDataConversion", "Checksums", "TestSupport",
                "RealmSchemaUpgrade",
            ]),
        .testTarget(
            name: "SwiftDataRuntimeTests", dependencies: ["SwiftDataToolchain", "TestSupport"], exclude: ["Programs"]),
    ]
    for target in package.targets where target.name == "RealmToSwiftData" {
        target.dependencies.append("SwiftData")
    }
    for target in package.targets where target.name == "CarryoverBenchmarks" {
        target.dependencies += ["RealmRehearsal", "RealmRehearsalDriver", "SwiftDataToolchain", "SwiftDataCodegen"]
    }
    for target in package.targets where target.name == "CarryoverCLI" {
        target.dependencies += [
            "RealmRehearsal", "RealmRehearsalDriver", "RealmToSwiftData", "RealmSchemaUpgrade", "SwiftDataToolchain",
        ]
    }
#endif
