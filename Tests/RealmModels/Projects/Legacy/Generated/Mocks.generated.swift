import RealmSwift

/// Generated test doubles: left out with --exclude 'Generated/**'.
class MockCustomer: Object {
    @objc dynamic var fake = ""
}
