import Foundation
import TestSupport
import Testing

/// `carryover realm inspect` prints the store size estimate, in text and JSON alike.
@Suite struct InspectStoreEstimateTests {
    @Test func inspectPrintsTheStoreEstimateInTextAndJSON() async throws {
        let music = Fixtures.realm("music.v24.realm").path
        let json = await InProcessCarryover.run(["realm", "inspect", music, "--json"])
        #expect(json.status == 0)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let estimate = try #require(document["storeEstimate"] as? [String: Any])
        let needed = try #require(estimate["neededBytes"] as? Int)
        let store = try #require(estimate["storeBytes"] as? Int)
        let wal = try #require(estimate["walBytes"] as? Int)
        let margin = try #require(estimate["marginBytes"] as? Int)
        #expect(store > 0 && needed == store + wal + margin)
        #expect(estimate["objects"] as? Int == 65)
        let text = await InProcessCarryover.run(["realm", "inspect", music])
        #expect(text.standardOutput.contains("Store estimate: \(needed) bytes needed (store \(store),"))
    }
}
