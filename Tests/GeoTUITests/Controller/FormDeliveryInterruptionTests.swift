import Foundation
import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// A club form that opens over a slow link (a relay that delays every packet) with two
/// changes kept on this machine, and delivers them on the idle tick that takes the store
/// over; the terminal's input is a pipe the test writes one key into once the delivery
/// sends its first change.
private final class SlowDeliveryForm {
    let directory: TemporaryDirectory
    let url: String
    let relay: FaultRelay
    let model: CacheList
    let controller: GeoCacheFormController
    let files: FieldFiles
    private let opening: StoreOpening
    private let readEnd: Int32
    private let writeEnd: Int32
    private let lock = NSLock()
    private var keyRead = false

    init(typing key: Key) throws {
        let server = try PostgresTestServer.shared()
        url = try server.makeDatabase()
        relay = try FaultRelay(to: server.port)
        let relayed = relay.url(through: url)
        // The schema is made before the link slows down.
        _ = try PostgresStore(url: relayed, purpose: .command).count()
        directory = try TemporaryDirectory()
        let environment = ["XDG_DATA_HOME": directory.url.path, "HOME": directory.url.path]
        files = FieldFiles(serverURL: relayed, environment: environment)
        let outbox = try Outbox(files: files)
        try outbox.queueAdd(Samples.oak)
        try outbox.queueAdd(Samples.bridge)
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0)
        (readEnd, writeEnd) = (ends[0], ends[1])
        // Read as a terminal is, never waiting: the store looks every 20 ms.
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
        opening = StoreOpening(.server(relayed), environment: environment)
        model = CacheList(opening: opening)
        controller = GeoCacheFormController(model: model)
        controller.resize(to: Size(width: 100, height: 30))
        let readEnd = readEnd
        controller.attach(WaitingInput(descriptors: [readEnd], read: { [weak self] in
            var byte: UInt8 = 0
            guard read(readEnd, &byte, 1) == 1 else { return [] }
            self?.lock.withLock { self?.keyRead = true }
            return [.input(.key(key))]
        }, unanswered: { [weak self] in self?.lock.withLock { self?.keyRead } ?? false }))
        precondition(waitUntil(timeout: .seconds(30)) { opening.isReady }, "the store did not open within 30 s")
    }

    deinit {
        opening.finish()
        close(readEnd)
        close(writeEnd)
        directory.remove()
    }

    /// Slows the link down (each way), types the key once the delivery has sent its first
    /// change, and takes the store over (which delivers).
    func openDelivering() throws {
        try relay.delay(milliseconds: 400)
        let (files, writeEnd) = (files, writeEnd)
        let typed = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let outbox = try? Outbox(files: files)
            _ = waitUntil(timeout: .seconds(60)) { (try? outbox?.changes().first?.mayBeStored) == true }
            var byte: UInt8 = 1
            _ = write(writeEnd, &byte, 1)
            typed.signal()
        }
        controller.idleTick()
        #expect(typed.wait(timeout: .now() + 60) == .success)
        #expect(controller.openingFailure == nil)
    }

    /// Whether the key was read while the store waited.
    var wasRead: Bool { lock.withLock { keyRead } }
}

/// While a club form delivers changes kept on this machine over a slow link, ^Q, a
/// signal and any key end the wait at once: the rest of the delivery is left for its
/// next try, which stores each change exactly once.
@Suite(.serialized) struct FormDeliveryInterruptionTests {
    @Test("^Q during the delivery a club form makes as it opens gives its wait up, and the changes stay kept")
    func quitDuringTheOpeningsDelivery() throws {
        let form = try SlowDeliveryForm(typing: .control("q"))
        try form.openDelivering()
        #expect(form.wasRead)
        #expect(form.model.waitingChanges == 2)
    }

    @Test("any key during a delivery gives its wait up once the server has been silent a moment, and the changes stay kept")
    func aKeyDuringTheDelivery() throws {
        let form = try SlowDeliveryForm(typing: .character("a"))
        try form.openDelivering()
        #expect(form.wasRead)
        #expect(form.model.waitingChanges == 2)
    }

    @Test("the changes a delivery given up for a key left are delivered by the form's next tries, each exactly once")
    func theRestIsDeliveredOnce() throws {
        let form = try SlowDeliveryForm(typing: .character("a"))
        try form.openDelivering()
        try form.relay.delay(milliseconds: 0)
        #expect(waitUntil(timeout: .seconds(60), polling: .milliseconds(50)) {
            form.controller.idleTick()
            return form.model.waitingChanges == 0
        })
        #expect(try PostgresStore(url: form.url, purpose: .command).loadCaches().map(\.title) == ["Old Oak", "Bridge"])
    }
}
