import Foundation
import RealmSwift
import SwiftUI

final class Settings: NSObject, ObservableObject {
    @objc dynamic var volume = 0.5
    var names: [String] = []
    let handle = FileHandle.standardOutput

    func tidy(queue: DispatchQueue) {
        let short = names.filter { $0.count < 4 }
        let ordered = names.sorted(by: { $0 < $1 })
        let firstShort = names.filter({ $0.count < 4 }).first
        _ = observe(\.volume, options: [.new]) { _, change in print(change) }
        handle.write(Data("done".utf8))
        objectWillChange.send()
        queue.async { print(short, ordered, firstShort as Any) }
        let words = ["b", "a"].sorted()
        print(words)
    }
}

@main
struct DogsApp: App {
    var body: some Scene { WindowGroup { Text("dogs") } }
}

struct Backup: Codable {
    var schemaVersion: Int
    var encryptionKey: String?
}

func restore(_ backup: Backup, session: Session, account: Account) {
    if backup.schemaVersion > 15, backup.encryptionKey != nil, session.currentUser != nil {
        account.logOut()
        session.subscriptions.removeAll()
    }
}
