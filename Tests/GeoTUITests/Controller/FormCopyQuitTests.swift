import Foundation
import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// A form on a club store that quits right after it delivered the changes kept on this
/// machine: what it delivered is in this machine's copy when it has ended.
@Suite struct FormCopyQuitTests {
    @Test func quittingRightAfterADeliveryLeavesTheDeliveredCachesInTheCopy() throws {
        let url = try PostgresTestServer.shared().makeDatabase()
        var held: HeldFileLock?
        let form = try ClubFormHarness(url: url) { files in
            let live = try PostgresStore(url: url)
            try live.add(Samples.oak)
            try ClubCopy(files: files).refresh(from: live, area: nil)
            let outbox = try Outbox(files: files)
            try outbox.queueAdd(Samples.bridge)
            try outbox.queueAdd(Samples.mill)
            // The copy's thread will wait for this lock to write the delivery.
            held = try HeldFileLock(path: files.directory + "/copy.lock")
        }
        let lock = try #require(held)
        #expect(form.status.contains("Delivered 2 changes kept on this machine"))
        #expect(waitUntil(timeout: .seconds(10)) { lock.hasWaiterOfThisProcess })
        lock.release(after: .milliseconds(300))
        form.press(.control("q"))
        form.controller.finish()
        #expect(try ClubCopy(files: form.files).open().loadCaches().map(\.title) == ["Old Oak", "Bridge", "Mill"])
    }
}
