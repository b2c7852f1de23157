import Foundation
import SwiftDataToolchain
import TestSupport
import Testing

/// Nothing here builds for iOS, so the Apple-only branches (CommonCrypto, Darwin) are type-checked on Linux against
/// stand-in modules that declare Apple's signatures (`StandIns/README.md` says what that does and does not prove).
@Suite struct AppleBranchTypecheckTests {
    @Test(arguments: AppleBranchUnit.all)
    func appleBranchTypeChecksAgainstStandIns(_ unit: AppleBranchUnit) throws {
        let outcome = try AppleStandIns.typecheck(unit, against: AppleStandIns.real.get())
        #expect(outcome.succeeded, "\(outcome.output)")
    }

    @Test(arguments: SignatureMutation.all)
    func wrongSignatureInAppleBranchFailsTheCheck(_ mutation: SignatureMutation) throws {
        let file = Fixtures.packageRoot.appendingPathComponent(mutation.unit.files[0])
        let text = try String(contentsOf: file, encoding: .utf8)
        try #require(
            text.components(separatedBy: mutation.original).count == 2,
            "the mutated text must occur exactly once in \(mutation.unit.files[0]); update the mutation")
        let outcome = try AppleStandIns.typecheck(
            mutation.unit, against: AppleStandIns.real.get(), replacing: (mutation.original, mutation.mutated))
        #expect(!outcome.succeeded)
        let errorLines = outcome.output.split(separator: "\n").filter {
            $0.contains("/\(file.lastPathComponent):") && $0.contains(": error: ")
        }
        #expect(!errorLines.isEmpty, "no error in the mutated file:\n\(outcome.output)")
    }

    /// Against empty modules named CommonCrypto and Darwin, every name the Apple branches take from the stand-ins
    /// is reported missing: so they are the branches compiled (not the Linux ones), nothing else supplies those
    /// names, and the stand-ins declare nothing the branches do not use.
    @Test func emptyStandInsLeaveExactlyTheDeclaredNamesMissing() async throws {
        let empty = try AppleStandIns.empty.get()
        let outcomes = try await withThrowingTaskGroup(of: SwiftCompiler.Outcome.self) { group in
            for unit in AppleBranchUnit.all {
                group.addTask { try AppleStandIns.typecheck(unit, against: empty) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.allSatisfy { !$0.succeeded })
        let missing = Set(outcomes.flatMap { missingNames(in: $0.output) })
        let declared = try Set(
            AppleStandIns.moduleNames.flatMap { try declaredNames(in: AppleStandIns.source(of: $0)) })
        let used = declared.subtracting(Self.namedOnlyBySignatures)
        #expect(used.subtracting(missing).sorted() == [], "declared by a stand-in but not used by any Apple branch")
        #expect(missing.subtracting(used).sorted() == [], "used by an Apple branch but not declared by a stand-in")
    }

    /// Stand-in declarations the library source never names: types that the declared signatures are written in.
    private static let namedOnlyBySignatures: Set<String> = ["CC_SHA256state_st", "mode_t", "off_t"]

    /// The names in "cannot find 'X' in scope" and "cannot find type 'X' in scope" diagnostics.
    private func missingNames(in output: String) -> [String] {
        output.matches(of: /error: cannot find (?:type )?'(\w+)' in scope/).map { String($0.output.1) }
    }

    /// The top-level names a stand-in source declares.
    private func declaredNames(in source: String) -> [String] {
        source.split(separator: "\n").compactMap { line in
            line.firstMatch(of: /^public (?:func|var|let|typealias|struct) (\w+)/).map { String($0.output.1) }
        }
    }
}
