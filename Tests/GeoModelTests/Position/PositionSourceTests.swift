import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// ``PositionSource``'s own rules (origin, stamping, notifications, waking) with a
/// receiver whose state each test sets, and once on a real gpsd.
@Suite struct PositionSourceTests {
    static let zurich = try! Coordinate(parsing: "N 47° 22.123′ E 008° 32.456′")
    static let bern = try! Coordinate(parsing: "46.948020, 7.447440")
    /// The clock of the tests' sources: 2026-11-28 09:41:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_795_858_860)
    static let zurichFix = GPSFix(latitude: zurich.latitude, longitude: zurich.longitude, mode: .threeDimensional,
                                  time: now)

    /// A source on `receiver`, with `home`, whose clock says ``now``.
    private func clocked(_ receiver: FedPositionReceiver, home: Coordinate? = nil) -> PositionSource {
        PositionSource(receiver: receiver, home: home, clock: { Self.now })
    }

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
        let source = clocked(receiver, home: Self.bern)
        #expect(source.origin == Self.zurich)
        #expect(source.stampingPosition == Self.zurich)
        #expect(source.originIsFix)
    }

    @Test("A stale fix stamps nothing, and home stands in for it")
    func staleFixGivesWayToHome() {
        let receiver = FedPositionReceiver()
        receiver.status = .stale(Self.zurichFix, age: .seconds(9))
        let source = clocked(receiver, home: Self.bern)
        #expect(source.stampingPosition == nil)
        #expect(source.origin == Self.bern)
    }

    @Test("A fresh fix without a time stamps nothing and is no origin: home stands in, and the check says why")
    func fixWithoutTime() {
        let receiver = FedPositionReceiver()
        receiver.reportFix(at: Self.zurich, time: nil)
        let source = clocked(receiver, home: Self.bern)
        #expect(source.fixCheck == .unusable(.noTime))
        #expect(source.stampingPosition == nil)
        #expect(source.origin == Self.bern)
        #expect(!source.originIsFix)
    }

    @Test("A fresh fix at 0,0 stamps nothing and is no origin, whatever the signs of its zeros",
          arguments: [0.0, -0.0])
    func fixAtNullIsland(_ zero: Double) {
        let receiver = FedPositionReceiver()
        receiver.report(.fix(GPSFix(latitude: zero, longitude: zero, mode: .threeDimensional, time: Self.now), age: .zero))
        let source = clocked(receiver)
        #expect(source.fixCheck == .unusable(.noPlace))
        #expect(source.stampingPosition == nil)
        #expect(source.origin == nil)
    }

    @Test("A fix dated 2001 still stamps, and the check names its time and the clock's")
    func fixFrom2001() {
        let receiver = FedPositionReceiver()
        let dated2001 = Date(timeIntervalSince1970: 1_006_940_460)
        receiver.reportFix(at: Self.zurich, time: dated2001)
        let source = clocked(receiver)
        #expect(source.fixCheck == .clockDisagrees(Self.zurich, fixTime: dated2001, clock: Self.now))
        #expect(source.stampingPosition == Self.zurich)
        #expect(source.originIsFix)
    }

    @Test("A right fix on a machine whose clock is years behind stamps with a word too")
    func clockBehindTheFix() {
        let receiver = FedPositionReceiver()
        receiver.reportFix(at: Self.zurich, time: Self.now)
        let clock = Date(timeIntervalSince1970: 978_307_200)
        let source = PositionSource(receiver: receiver, clock: { clock })
        #expect(source.fixCheck == .clockDisagrees(Self.zurich, fixTime: Self.now, clock: clock))
        #expect(source.stampingPosition == Self.zurich)
    }

    @Test("Once the fix is lost without a home, its place and time are what nearest first and within measure from")
    func theLastFixIsMeasuredFromOnceLost() {
        let receiver = FedPositionReceiver()
        let source = clocked(receiver)
        receiver.report(.fix(Self.zurichFix, age: .seconds(2)))
        source.update()
        receiver.report(.noDaemon)
        source.update()
        #expect(source.origin == nil)
        #expect(source.lastFix == LastFix(coordinate: Self.zurich, time: Self.now.addingTimeInterval(-2)))
        #expect(source.measuringPoint == MeasuringPoint(coordinate: Self.zurich, basis: .lastFix(at: Self.now.addingTimeInterval(-2))))
    }

    @Test("Home, not the last fix, is measured from once the fix is lost when a home is given")
    func homeStandsInBeforeTheLastFix() {
        let receiver = FedPositionReceiver()
        let source = clocked(receiver, home: Self.bern)
        receiver.report(.fix(Self.zurichFix, age: .zero))
        source.update()
        receiver.report(.noFix)
        source.update()
        #expect(source.measuringPoint == MeasuringPoint(coordinate: Self.bern, basis: .home))
    }

    @Test("A change of the receiver's state is broadcast once with the origin; a quiet read broadcasts nothing")
    func changesAreBroadcastOnce() {
        let receiver = FedPositionReceiver()
        let source = clocked(receiver)
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
