import RealmSwift

typealias Key = String
typealias Labels = List<Key>
typealias Parent = Folder
typealias Counter = RealmProperty<Int?>
