import Foundation
import TestSupport
import Testing

/// The runtime declares no public API that Apple's SwiftData lacks: its own hooks are `@_spi(CarryoverRuntime)`, so
/// code that imports `SwiftData` (generated models, app code) cannot reach them, and what Apple removed or never had
/// (`PersistentIdentifier.isTemporary`, `SwiftDataError.kind`, `Schema.types`) does not compile.
@Suite struct RuntimeSurfaceTests {
    /// Each use, and the name the compiler must report unknown or inaccessible.
    static let hooks: [(use: String, name: String)] = [
        ("_ = SwiftDataRuntimeStatistics.peakLiveModelCount", "SwiftDataRuntimeStatistics"),
        ("_ = context.registeredModelCount", "registeredModelCount"),
        ("context.relationshipOrderSeed = 1", "relationshipOrderSeed"),
        ("_ = identifier.isTemporary", "isTemporary"),
        ("_ = error.kind", "kind"),
        ("_ = schema.types", "types"),
    ]

    static func program(importing header: String, _ use: String) -> String {
        """
        \(header)
        func uses(context: ModelContext, identifier: PersistentIdentifier, error: SwiftDataError, schema: Schema) {
            \(use)
        }
        """
    }

    @Test(arguments: hooks.map(\.use))
    func runtimeOnlyDeclarationsAreNotReachableFromSwiftData(_ use: String) throws {
        let name = Self.hooks.first { $0.use == use }?.name ?? use
        let outcome = try TestPrograms.compileToSIL(["main.swift": Self.program(importing: "import SwiftData", use)])
        #expect(!outcome.succeeded, "\(use) compiled with only `import SwiftData`")
        #expect(outcome.output.contains(name), "\(outcome.output)")
    }

    @Test func theHooksAreReachableThroughTheSPI() throws {
        let uses = Self.hooks.filter { $0.name != "types" }.map(\.use).joined(separator: "\n    ")
        let header = "import SwiftData\n@_spi(CarryoverRuntime) import SwiftDataCore"
        let outcome = try TestPrograms.compileToSIL(["main.swift": Self.program(importing: header, uses)])
        #expect(outcome.succeeded, "\(outcome.output)")
    }
}
