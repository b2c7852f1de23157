// swift-format-ignore-file
// Forms seen in real apps (issue 22) that the lexer, parser and initializer inference must read; a seed of the
// model-source fuzzer's corpus (scripts/fuzz-model-parser). Written for carryover, not taken from any app.
import RealmSwift
import SwiftUI

enum Limits {
    static let messageQuantityLimit = 500
}

struct Environment {
    var date: () -> Date = { Date() }
}

var Current = Environment()

enum SubscriptionType: String {
    case channel, group
}

enum ProxyType: String {
    case Shadowsocks, Socks5
}

final class Room: Object {
    @Persisted var remainingOldMessagesToFetch = Limits.messageQuantityLimit
}

final class LegacyRoom: Object {
    @objc dynamic var CreatedAt = Current.date()
    @objc dynamic var privateType = SubscriptionType.channel.rawValue
    @objc dynamic var typeRaw = ProxyType.Shadowsocks.rawValue
    @objc dynamic var createAt = Date().timeIntervalSince1970
    @objc dynamic var interval: NSTimeInterval = 0
}

final class current_user_identity: Object {
    @Persisted var current_user_identity: String
}

final class B: Object {
    @Persisted var B: B?
    @Persisted var Parent: B?
}

let migrationBlock: MigrationBlock = { migration, oldSchemaVersion in
    if oldSchemaVersion < 2 {
        migration.enumerateObjects(ofType: Room.className()) { _, new in new?["typeRaw"] = "Socks5" }
    }
}

struct RoomsView: View {
    var body: some View { Text("\(try! Realm().objects(Room.self).count)") }
}

#Preview {
    @Previewable @State var isShown = false
    RoomsView()
}
