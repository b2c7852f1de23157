import Foundation
import RealmSwift

class Folder: Object {
    @objc dynamic var key: Key = ""
    let labels = Labels()
    @objc dynamic var parent: Parent?
    let children = LinkingObjects(fromType: Folder.self, property: "parent")

    override static func primaryKey() -> String? { "key" }
}

class Note: Object {
    typealias Body = String

    @objc dynamic var id: Key = ""
    @objc dynamic var body: Body = ""
    @objc dynamic var folder: Parent?
    let tags: Labels = Labels()
    let views = Counter()

    override static func primaryKey() -> String? { "id" }
}
