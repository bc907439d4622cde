import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// A form's giving up of a kept change waits a little for another process's delivery
/// (it holds `outbox.lock`), then leaves the change and says so: a `sync` stopped with
/// ^Z in another terminal never holds the form's keys.
@Suite struct OutboxSettleWaitTests {
    @Test("a discard with a wait, while another opening holds the delivery lock, leaves the change and says why")
    func aBoundedDiscardGivesUpWhileTheLockIsHeld() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let outbox = try Outbox(files: home.files())
        let kept = try outbox.queueAdd(Samples.oak)
        let holder = try #require(try DeliveryLock(directory: outbox.files.directory))
        #expect(throws: OutboxError.deliveringElsewhere(kept.sequence)) {
            try outbox.discard(kept.sequence, waitingUpTo: .milliseconds(100))
        }
        #expect(try outbox.changes().map(\.sequence) == [kept.sequence])
        holder.release()
        try outbox.discard(kept.sequence, waitingUpTo: .milliseconds(100))
        #expect(try outbox.changes().isEmpty)
    }

    @Test func theRefusalSaysAnotherProgramIsDeliveringAndThatNothingChanged() {
        let text = OutboxError.deliveringElsewhere(3).description
        #expect(text.contains("is delivering the changes kept on this machine"))
        #expect(text.contains("change 3 was left as it is"))
    }
}
