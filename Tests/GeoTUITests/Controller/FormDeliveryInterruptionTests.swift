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
    let club: ClubWithKeptAdds
    let model: CacheList
    let controller: GeoCacheFormController
    private let opening: StoreOpening
    private let readEnd: Int32
    private let writeEnd: Int32
    private let lock = NSLock()
    private var keyRead = false

    init(typing key: Key) throws {
        club = try ClubWithKeptAdds(keeping: [Samples.oak, Samples.bridge])
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0)
        (readEnd, writeEnd) = (ends[0], ends[1])
        // Read as a terminal is, never waiting: the store looks every 20 ms.
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
        opening = StoreOpening(.server(club.relayed), environment: club.environment)
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
    }

    /// Slows the link down (each way), types the key once the delivery has sent its first
    /// change, and takes the store over (which delivers).
    func openDelivering() throws {
        try club.relay.delay(milliseconds: 400)
        let (club, writeEnd) = (club, writeEnd)
        let typed = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = waitUntil(timeout: .seconds(60)) { club.firstChangeIsBeingSent }
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
    @Test("^Q, or any key once the server has been silent a moment, during the delivery a club form makes as it opens gives its wait up, and the changes stay kept",
          arguments: [Key.control("q"), .character("a")])
    func aKeyDuringTheOpeningsDelivery(key: Key) throws {
        let form = try SlowDeliveryForm(typing: key)
        try form.openDelivering()
        #expect(form.wasRead)
        #expect(form.model.waitingChanges == 2)
    }

    @Test("the changes a delivery given up for a key left are delivered by the form's next tries, each exactly once")
    func theRestIsDeliveredOnce() throws {
        let form = try SlowDeliveryForm(typing: .character("a"))
        try form.openDelivering()
        try form.club.relay.delay(milliseconds: 0)
        #expect(waitUntil(timeout: .seconds(60), polling: .milliseconds(50)) {
            form.controller.idleTick()
            return form.model.waitingChanges == 0
        })
        #expect(try form.club.titlesOnTheServer() == ["Old Oak", "Bridge"])
    }
}
