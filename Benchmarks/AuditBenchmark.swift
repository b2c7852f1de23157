import Foundation
import RealmAudit

/// `audit [--runs N] [--files N]`: writes a synthetic app of 1,500 Swift files (models, repositories with queries
/// and writes, background managers, SwiftUI views, observers, configuration, and plain files without Realm) to a
/// temporary folder and prints the median wall time of `RealmUsageAudit.run()` over it, and files per second.
/// The target is under 10 s for the 1,500 files.
enum AuditBenchmark {
    static func run(_ arguments: [String]) async throws {
        var runs = 3
        var fileCount = 1_500
        if let flag = arguments.firstIndex(of: "--runs"), flag + 1 < arguments.count, let n = Int(arguments[flag + 1]) {
            runs = max(1, n)
        }
        if let flag = arguments.firstIndex(of: "--files"), flag + 1 < arguments.count, let n = Int(arguments[flag + 1])
        {
            fileCount = max(1, n)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("carryover-audit-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        var bytes = 0
        for index in 0..<fileCount {
            let (path, text) = SyntheticApp.file(index)
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            bytes += text.utf8.count
        }
        var times: [Double] = []
        var report: RealmAuditReport?
        for _ in 0..<runs {
            let start = Date()
            report = try await RealmUsageAudit(roots: [folder]).run()
            times.append(Date().timeIntervalSince(start))
        }
        times.sort()
        let median = times[times.count / 2]
        let totals = report?.totals
        print(
            "audit \(fileCount) files (\(bytes / 1024) KiB, \(report?.files.count ?? 0) import Realm): "
                + "median \(String(format: "%.3f", median)) s, \(String(format: "%.0f", Double(fileCount) / median)) files/s, "
                + "\(totals?.total ?? 0) findings, \(report?.diagnostics.count ?? 0) diagnostics (target < 10 s)")
    }
}

/// The synthetic app: our own text in the shapes real Realm apps have, varied by index.
enum SyntheticApp {
    static func file(_ index: Int) -> (path: String, text: String) {
        let name = "Item\(index)"
        switch index % 10 {
        case 0, 1: return ("Models/\(name).swift", model(name))
        case 2, 3: return ("Repositories/\(name)Repository.swift", repository(name))
        case 4: return ("Managers/\(name)Manager.swift", manager(name))
        case 5: return ("Views/\(name)View.swift", view(name))
        case 6: return ("Controllers/\(name)Controller.swift", observer(name))
        default: return ("Support/\(name)Helpers.swift", plain(name))
        }
    }

    static func model(_ name: String) -> String {
        """
        import Foundation
        import RealmSwift

        final class \(name): Object, ObjectKeyIdentifiable {
            @Persisted(primaryKey: true) var id: ObjectId
            @Persisted(indexed: true) var title: String = ""
            @Persisted var createdAt: Date = Date()
            @Persisted var rating: Int = 0
            @Persisted var tags: List<String>
            @Persisted var notes: String?

            var summary: String { "\\(title) (\\(rating))" }

            convenience init(title: String) {
                self.init()
                self.title = title
            }
        }

        """
    }

    static func repository(_ name: String) -> String {
        """
        import Foundation
        import RealmSwift

        /// Reads and writes \(name) values.
        struct \(name)Repository {
            let realm: Realm

            func recent(minimum: Int) -> [\(name)] {
                let results = realm.objects(\(name).self)
                    .filter("rating >= %@ AND title BEGINSWITH[c] %@", minimum, "a")
                    .sorted(byKeyPath: "createdAt", ascending: false)
                return Array(results.prefix(20))
            }

            func find(_ id: ObjectId) -> \(name)? {
                realm.object(ofType: \(name).self, forPrimaryKey: id)
            }

            func top() -> \(name)? {
                realm.objects(\(name).self).where { $0.rating > 3 && $0.notes != nil }.first
            }

            func save(_ value: \(name)) throws {
                try realm.write {
                    realm.add(value, update: .modified)
                }
            }

            func remove(_ value: \(name)) throws {
                try realm.write { realm.delete(value) }
            }

            func titles(_ values: [String]) -> [String] {
                values.filter { !$0.isEmpty }.sorted(by: { $0 < $1 })
            }
        }

        """
    }

    static func manager(_ name: String) -> String {
        """
        import Foundation
        import RealmSwift

        final class \(name)Manager {
            private let configuration = Realm.Configuration(schemaVersion: 4, deleteRealmIfMigrationNeeded: false)

            func refresh(completion: @escaping ([String]) -> Void) {
                DispatchQueue.global(qos: .utility).async {
                    let realm = try! Realm(configuration: self.configuration)
                    let titles = realm.objects(\(name).self).map(\\.title)
                    let reference = ThreadSafeReference(to: realm.objects(\(name).self))
                    DispatchQueue.main.async {
                        let main = try! Realm()
                        _ = main.resolve(reference)
                        completion(Array(titles))
                    }
                }
            }

            func snapshot(_ value: \(name)) -> \(name) { value.freeze() }
        }

        """
    }

    static func view(_ name: String) -> String {
        """
        import RealmSwift
        import SwiftUI

        struct \(name)ListView: View {
            @ObservedResults(\(name).self, sortDescriptor: SortDescriptor(keyPath: "title")) var values
            @State private var query = ""

            var body: some View {
                List {
                    ForEach(values.filter { $0.title.contains(query) }) { value in
                        \(name)Row(value: value)
                    }
                    .onDelete(perform: $values.remove)
                }
                .searchable(text: $query)
            }
        }

        struct \(name)Row: View {
            @ObservedRealmObject var value: \(name)

            var body: some View { Text(value.title) }
        }

        """
    }

    static func observer(_ name: String) -> String {
        """
        import RealmSwift
        import UIKit

        final class \(name)Controller: UITableViewController {
            private var token: NotificationToken?
            private var results: Results<\(name)>?

            override func viewDidLoad() {
                super.viewDidLoad()
                let realm = try! Realm()
                results = realm.objects(\(name).self).sorted(byKeyPath: "title")
                token = results?.observe { [weak self] changes in
                    switch changes {
                    case .initial: self?.tableView.reloadData()
                    case .update(_, let deletions, let insertions, let modifications):
                        print(deletions, insertions, modifications)
                    case .error(let error): print(error)
                    }
                }
            }

            deinit { token?.invalidate() }
        }

        """
    }

    static func plain(_ name: String) -> String {
        """
        import Foundation

        /// Formatting helpers; no Realm here.
        enum \(name)Formatting {
            static func title(_ words: [String]) -> String {
                words.filter { !$0.isEmpty }.map { $0.capitalized }.sorted().joined(separator: " ")
            }

            static func write(_ text: String, to handle: FileHandle) {
                handle.write(Data(text.utf8))
            }

            static let formatter: DateFormatter = {
                let formatter = DateFormatter()
                formatter.dateStyle = .medium
                return formatter
            }()
        }

        """
    }
}
