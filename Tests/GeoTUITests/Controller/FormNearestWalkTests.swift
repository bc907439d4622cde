import Foundation
import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// Nearest first while you walk with gpsd: the status line's rank is counted again from
/// where each fix puts you, and Next goes on from it. Driven by key scripts with a
/// receiver the test feeds.
@Suite struct FormNearestWalkTests {
    static let start = try! Coordinate(parsing: "47.000000, 8.000000")

    /// 15 caches in a line going north from ``start``, 111 m apart.
    static let caches = (1...15).map { index in
        GeoCache(title: "Cache \(index)", details: "d", creator: "c", reward: "r",
                 coordinate: Coordinate(latitudeMicrodegrees: Int32(47_000_000 + index * 1_000), longitudeMicrodegrees: 8_000_000))
    }

    @Test("walking away with nearest first on, the status line gives the shown cache's rank from where you stand")
    func theRankFollowsTheFix() throws {
        let receiver = FedPositionReceiver()
        let form = try FormHarness(width: 110, height: 32, caches: Self.caches, position: PositionSource(receiver: receiver))
        receiver.reportFix(at: Self.start)
        form.readPosition()
        form.press(.control("o"), .control("n"), .control("n"))
        #expect(form.status.contains("Nearest 3 of 15"), "\(form.status)")
        // 1.5 km north, between Cache 13 and Cache 14: Cache 4 to Cache 15 are nearer than Cache 3.
        receiver.reportFix(at: Coordinate(latitudeMicrodegrees: 47_013_500, longitudeMicrodegrees: 8_000_000)!)
        form.readPosition()
        #expect(form.screen.contains("Title:   Cache 3"), "\(form.screen)")
        #expect(form.status.contains("Nearest 13 of 15"), "\(form.status)")
        form.press(.control("n"))
        #expect(form.screen.contains("Title:   Cache 2"), "\(form.screen)")
        #expect(form.status.contains("Nearest 14 of 15"), "\(form.status)")
        form.press(.alt("<"))
        #expect(form.status.contains("Nearest 1 of 15"), "\(form.status)")
    }
}
