import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// One call run on a thread of its own, and what it returned or threw.
final class Background<T>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var result: Result<T, any Error>?
    private let body: () throws -> T

    init(_ body: @escaping () throws -> T) {
        self.body = body
        Thread { [self] in
            let outcome = Result { try self.body() }
            lock.withLock { result = outcome }
            done.signal()
        }.start()
    }

    /// What the call returned or threw; nil while it runs.
    var outcome: Result<T, any Error>? { lock.withLock { result } }

    /// Waits up to `seconds` for the call to end; its outcome, or nil when it still runs.
    func wait(seconds: Int) -> Result<T, any Error>? {
        _ = done.wait(timeout: .now() + .seconds(seconds))
        return outcome
    }
}

/// A club store whose caches' table an admin holds locked (a delivery's send waits
/// inside the server), and a delivery of its outbox, which holds one kept add, started
/// on a thread of its own (as another process's), stopped at the send: the change is
/// marked as being sent.
final class DeliveryInProgress: @unchecked Sendable {
    let files: FieldFiles
    let store: PostgresStore
    let kept: QueuedChange
    let holder: PostgresConnection
    let delivery: Background<OutboxDelivery.Report>
    private let rollback = NSLock()
    private var rolledBack = false

    init(url: String, files: FieldFiles) throws {
        self.files = files
        let outbox = try Outbox(files: files)
        kept = try #require(try outbox.changes().first)
        let store = try PostgresStore(url: url, purpose: .command)
        store.lockWait = 120
        self.store = store
        holder = try PostgresConnection(url)
        try holder.query("BEGIN")
        try holder.query("LOCK TABLE geocache IN ACCESS EXCLUSIVE MODE")
        delivery = Background { try OutboxDelivery.deliver(outbox, to: store) }
        let sending = waitUntil(timeout: .seconds(60)) { (try? outbox.changes().first?.mayBeStored) == true }
        #expect(sending, "the delivery did not reach the send")
    }

    /// Lets the delivery's send go on (once), and returns what it did.
    func finish() throws -> OutboxDelivery.Report? {
        letGo()
        return try delivery.wait(seconds: 120)?.get()
    }

    /// Lets the delivery's send go on (once; from any thread).
    func letGo() {
        rollback.withLock {
            guard !rolledBack else { return }
            rolledBack = true
            _ = try? holder.query("ROLLBACK")
        }
    }

    /// Ends the admin's session.
    func close() {
        letGo()
        holder.close()
    }

    /// The processes with a `flock` waiting for `outbox.lock`, which the delivery holds
    /// (each listed with `->` in `/proc/locks`).
    var waitingForTheLock: [Int32] {
        var info = stat()
        guard stat(files.directory + "/outbox.lock", &info) == 0,
              let table = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return [] }
        return table.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.contains("->"), fields.contains("FLOCK"), let owner = fields.first(where: { $0.hasSuffix(":\(info.st_ino)") })
            else { return nil }
            let index = fields.firstIndex(of: owner)! - 1
            return Int32(fields[index])
        }
    }

    /// Whether a `flock` of this process waits for `outbox.lock`.
    var lockHasAWaiterHere: Bool { waitingForTheLock.contains(getpid()) }
}

/// Giving up or overwriting a kept change while a delivery of the outbox is in progress
/// (an open form's, another `sync` over a slow link): it waits for that delivery, so a
/// change said to be dropped is never sent, and one sent meanwhile is not said dropped.
@Suite struct OutboxDiscardDuringDeliveryTests {
    /// A club store and this machine's outbox there holding `caches` as adds, then a
    /// delivery of them stopped at its first send (``DeliveryInProgress``).
    private static func deliveryInProgress(keeping caches: [GeoCache],
                                           _ body: (DeliveryInProgress, [QueuedChange]) throws -> Void) throws {
        let url = try PostgresTestServer.shared().makeDatabase()
        let home = try FieldHome()
        defer { home.directory.remove() }
        let kept = try caches.map { try Outbox(files: home.files(url)).queueAdd($0) }
        let progress = try DeliveryInProgress(url: url, files: home.files(url))
        defer { progress.close() }
        try body(progress, kept)
    }

    /// The member's `sync --discard` of `sequence` (another opening of the outbox, as
    /// another process has), started on a thread of its own, and checked to wait for
    /// the delivery in progress.
    private static func discardWaiting(_ sequence: Int64, on member: Outbox,
                                       during progress: DeliveryInProgress) -> Background<Void> {
        let discard = Background { try member.discard(sequence) }
        waitUntil(timeout: .seconds(60)) { discard.outcome != nil || progress.lockHasAWaiterHere }
        #expect(discard.outcome == nil, "the discard did not wait for the delivery in progress")
        return discard
    }

    @Test func aDiscardDuringADeliveryThatSendsTheChangeWaitsForItAndIsToldTheChangeIsGoneNotDropped() throws {
        try Self.deliveryInProgress(keeping: [Samples.oak]) { progress, _ in
            let member = try Outbox(files: progress.files)
            let sequence = progress.kept.sequence
            let discard = Self.discardWaiting(sequence, on: member, during: progress)
            let report = try progress.finish()
            #expect(report?.delivered.map(\.sequence) == [sequence])
            #expect(throws: OutboxError.noSuchChange(sequence)) { try discard.wait(seconds: 60)?.get() }
            #expect(try progress.store.loadCaches().map(\.title) == ["Old Oak"])
            #expect(try member.count() == 0)
        }
    }

    @Test func aDiscardOfAChangeTheDeliveryInProgressHasNotSentYetWaitsForItAndIsToldItWasDelivered() throws {
        try Self.deliveryInProgress(keeping: [Samples.oak, Samples.bridge]) { progress, kept in
            let member = try Outbox(files: progress.files)
            let next = kept[1].sequence
            let discard = Self.discardWaiting(next, on: member, during: progress)
            #expect(try progress.finish()?.delivered.map(\.sequence) == [progress.kept.sequence, next])
            #expect(throws: OutboxError.noSuchChange(next)) { try discard.wait(seconds: 60)?.get() }
            #expect(try progress.store.loadCaches().map(\.title) == ["Old Oak", "Bridge"])
            #expect(try member.count() == 0)
        }
    }

    @Test func aDiscardDuringADeliveryOfAnotherChangeWaitsForItThenDropsTheChangeSoItIsNeverSent() throws {
        try Self.deliveryInProgress(keeping: [Samples.oak]) { progress, _ in
            // A change kept after the delivery read the outbox: the next delivery's.
            let member = try Outbox(files: progress.files)
            let later = try member.queueAdd(Samples.bridge)
            let discard = Self.discardWaiting(later.sequence, on: member, during: progress)
            #expect(try progress.finish()?.delivered.map(\.sequence) == [progress.kept.sequence])
            #expect(throws: Never.self) { try discard.wait(seconds: 60)?.get() }
            #expect(try OutboxDelivery.deliverWhenFree(member, to: progress.store).delivered.isEmpty)
            #expect(try progress.store.loadCaches().map(\.title) == ["Old Oak"])
            #expect(try member.count() == 0)
        }
    }
}
