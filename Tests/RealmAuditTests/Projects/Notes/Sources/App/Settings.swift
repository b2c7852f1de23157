import Foundation

/// Nothing here is Realm's, though the module uses Realm through `Storage`.
final class Settings {
    var token: Timer?
    var observers: [NSKeyValueObservation] = []

    func save(_ data: Data, to url: URL, names: [String]) throws {
        try data.write(to: url)
        token?.invalidate()
        let realm = "kingdom"
        print(realm.count, names.filter { $0.isEmpty }.count)
        observers.append(UserDefaults.standard.observe(\.description) { _, _ in })
    }
}
