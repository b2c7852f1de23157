import RealmThreadingConversion

/// How many findings there are per category and per effort, and how many Carryover converts.
public struct RealmAuditCounts: Sendable, Hashable, Codable {
    /// Every finding.
    public var total: Int
    /// Findings per category; every category is present (0 when none).
    public var byCategory: [RealmAuditCategory: Int]
    /// Findings per effort; every effort is present.
    public var byEffort: [RealmAuditEffort: Int]
    /// Findings something in Carryover converts.
    public var converted: Int

    /// Counts `findings`.
    public init(_ findings: [RealmAuditFinding]) {
        total = findings.count
        byCategory = Dictionary(uniqueKeysWithValues: RealmAuditCategory.allCases.map { ($0, 0) })
        byEffort = Dictionary(uniqueKeysWithValues: RealmAuditEffort.allCases.map { ($0, 0) })
        converted = 0
        for finding in findings {
            byCategory[finding.category, default: 0] += 1
            byEffort[finding.effort, default: 0] += 1
            if finding.isConverted { converted += 1 }
        }
    }
}

/// The audit of one file that imports `RealmSwift` or `Realm`.
public struct RealmAuditFileReport: Sendable, Hashable, Codable {
    /// The audited folder (or file) it was found in, as given.
    public var root: String
    /// The path relative to `root`.
    public var file: String
    /// Its findings, in line and column order.
    public var findings: [RealmAuditFinding]
    /// Its counts.
    public var counts: RealmAuditCounts
    /// What could not be read in it.
    public var diagnostics: [RealmAuditDiagnostic]
    /// The `@ModelActor` drafts of its types that open Realm on background queues.
    public var actorDrafts: [ModelActorDraft] = []

    /// Whether the file is Objective-C (`.h`, `.m`, `.mm`).
    public var isObjectiveC: Bool {
        guard let dot = file.lastIndex(of: "."), !file[dot...].contains("/") else { return false }
        return ["h", "m", "mm"].contains(file[file.index(after: dot)...])
    }
}

/// What `RealmUsageAudit` found in a codebase: every use of Realm, counts, and the migration plan.
public struct RealmAuditReport: Sendable, Hashable, Codable {
    /// The audited folders and files, as given.
    public var roots: [String]
    /// How many `.swift` files were read.
    public var swiftFiles: Int
    /// How many Objective-C files (`.h`, `.m`, `.mm`) were read, when there were any (`nil` otherwise).
    public var objectiveCFiles: Int?
    /// The files that import `RealmSwift` or `Realm` (for Objective-C: that see it), in input order, then path order.
    public var files: [RealmAuditFileReport]
    /// Counts over every file.
    public var totals: RealmAuditCounts
    /// The migration plan: the guide's phases in order, each with its findings and what Carryover does for it.
    public var plan: [RealmMigrationPlanStep]
    /// Why queries and background types were not converted (no models found in the audited sources), if so.
    public var conversionProblem: String?

    /// Every finding, file by file.
    public var findings: [RealmAuditFinding] { files.flatMap(\.findings) }
    /// Every diagnostic, file by file.
    public var diagnostics: [RealmAuditDiagnostic] { files.flatMap(\.diagnostics) }

    /// Assembles the report of `files` (already in order) and computes the totals and the plan.
    public init(roots: [String], swiftFiles: Int, files: [RealmAuditFileReport]) {
        self.roots = roots
        self.swiftFiles = swiftFiles
        self.files = files
        let all = files.flatMap(\.findings)
        totals = RealmAuditCounts(all)
        plan = RealmMigrationPlanStep.plan(for: files)
    }
}
