import RealmSwift
import WidgetKit

/// The widget's timeline reads its own Realm file: `CoinTicker` here is the widget's model.
struct Provider {
    func favorites() throws -> [String] {
        let realm = try Realm()
        return realm.objects(CoinTicker.self).filter("isFavorite == true").map(\.symbol)
    }
}
