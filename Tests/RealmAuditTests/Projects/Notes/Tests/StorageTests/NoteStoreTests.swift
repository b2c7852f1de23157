import Storage
import XCTest

final class NoteStoreTests: XCTestCase {
    func testPerformAddsANote() {
        NoteStore().perform { writableRealm in
            // expect: write | write(_:) | trivial | write
            try? writableRealm.write {
                // expect: write | add(_:update:) | trivial | add
                writableRealm.add(Note())
            }
        }
    }
}
