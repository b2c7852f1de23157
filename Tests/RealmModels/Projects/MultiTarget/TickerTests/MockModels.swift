import RealmSwift
import XCTest

/// A model only the unit tests compile.
final class MockQuote: Object {
    @Persisted var symbol: String
}
