import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// ``PositionSource``'s own rules (origin, stamping, notifications, waking) with a
/// receiver whose state each test sets, and once on a real gpsd.
@Suite struct PositionSourceTests {
    static let zurich = try! Coordinate(parsing: "N 47° 22.123′ E 008° 32.456′")
    static let bern = try! Coordinate(parsing: "46.948020, 7.447440")
    static let zurichFix = GPSFix(latitude: zurich.latitude, longitude: zurich.longitude, mode: .threeDimensional)

    @Test("Without a receiver or a home, a source knows no position and stamps nothing")
    func nothingConfigured() {
        let source = PositionSource.none
        #expect(!source.isConfigured)
        #expect(source.origin == nil && source.stampingPosition == nil && source.status == nil)
    }

    @Test("Home is where distances are measured from, and never stamps a cache")
    func homeIsTheOrigin() {
        let source = PositionSource(home: Self.bern)
        #expect(source.origin == Self.bern)
        #expect(source.stampingPosition == nil)
        #expect(!source.originIsFix)
    }

    @Test("A fresh fix is the origin and the stamping position, ahead of home")
    func freshFixWins() {
        let receiver = FedPositionReceiver()
        receiver.status = .fix(Self.zurichFix, age: .seconds(1))
        let source = PositionSource(receiver: receiver, home: Self.bern)
        #expect(source.origin == Self.zurich)
        #expect(source.stampingPosition == Self.zurich)
        #expect(source.originIsFix)
    }

    @Test("A stale fix stamps nothing, and home stands in for it")
    func staleFixGivesWayToHome() {
        let receiver = FedPositionReceiver()
        receiver.status = .stale(Self.zurichFix, age: .seconds(9))
        let source = PositionSource(receiver: receiver, home: Self.bern)
        #expect(source.stampingPosition == nil)
        #expect(source.origin == Self.bern)
    }

    @Test("A change of the receiver's state is broadcast once with the origin; a quiet read broadcasts nothing")
    func changesAreBroadcastOnce() {
        let receiver = FedPositionReceiver()
        let source = PositionSource(receiver: receiver)
        var heard: [PositionChange] = []
        let token = source.observe { heard.append($0) }
        source.update()
        #expect(heard.isEmpty)
        receiver.report(.fix(Self.zurichFix, age: .zero))
        source.update()
        source.update()
        #expect(heard == [.receiverChanged(.fix(Self.zurichFix, age: .zero), origin: Self.zurich)])
        token.cancel()
    }

    @Test("While a connection attempt is pending, the source asks to be woken within 50 ms")
    func pendingConnectionWakesSoon() {
        let receiver = FedPositionReceiver()
        receiver.descriptor = 7
        receiver.wakeAfter = .seconds(3)
        let source = PositionSource(receiver: receiver)
        #expect(source.wakeAfter == PositionSource.connectingCheckInterval)
        receiver.status = .noFix
        #expect(source.wakeAfter == .seconds(3))
    }

    @Test("A source on a real gpsd takes the fed fix as its origin and stamping position")
    func realDaemon() throws {
        let daemon = try GPSDTestDaemon()
        let source = PositionSource(receiver: GPSDClient(endpoint: try GPSDEndpoint(parsing: daemon.endpointText)))
        var lastFeed = ContinuousClock.now - .seconds(1)
        let fixed = waitUntil(timeout: .seconds(15), polling: .milliseconds(20)) {
            if ContinuousClock.now - lastFeed >= .milliseconds(200) {
                daemon.feed(NMEASentence.fix(latitude: Self.zurich.latitude, longitude: Self.zurich.longitude))
                lastFeed = .now
            }
            source.update()
            return source.stampingPosition == Self.zurich
        }
        #expect(fixed, "status: \(String(describing: source.status))")
    }
}
