import Foundation
import GeoModel
import GeoTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `GPSDClient` against a real gpsd (`GPSDTestDaemon`) fed NMEA sentences over UDP:
/// the fix it reports, its loss, the daemon missing, killed and back, a fix growing
/// stale, and fixes that are no position (no time, 0,0) or dated years back; every
/// wait polls for a condition with a bounded timeout, the way the run loop would (the
/// client's descriptor and its wake-up time).
@Suite(.serialized) struct GPSDClientTests {
    /// Zurich's Hauptbahnhof, and Rio de Janeiro for the southern and western
    /// hemispheres.
    static let zurich = (latitude: 47.368717, longitude: 8.540933)
    static let rio = (latitude: -22.951916, longitude: -43.210487)

    /// Waits, for at most `timeout`, until `condition` holds for the client's status:
    /// each round feeds the daemon (`feed`, at most every `interval`, by default five
    /// times a second as a receiver would), polls the client's descriptor for up to its wake-up time (at most 50 ms)
    /// and lets the client read.
    @discardableResult
    func drive(_ client: GPSDClient, timeout: Duration = .seconds(15), feedEvery interval: Duration = .milliseconds(200),
               feed: () -> Void = {}, until condition: (GPSDStatus) -> Bool) -> Bool {
        var lastFeed = ContinuousClock.now - .seconds(1)
        return waitUntil(timeout: timeout, polling: .milliseconds(1)) {
            if ContinuousClock.now - lastFeed >= interval {
                feed()
                lastFeed = .now
            }
            var wait = Duration.milliseconds(50)
            if let wake = client.wakeAfter { wait = min(wait, wake) }
            var descriptor = pollfd(fd: client.descriptor ?? -1, events: Int16(POLLIN), revents: 0)
            let (seconds, attoseconds) = wait.components
            _ = poll(&descriptor, 1, Int32(seconds * 1000 + attoseconds / 1_000_000_000_000_000))
            client.readAvailable()
            return condition(client.status)
        }
    }

    /// The longest a call that does not wait may take on a loaded machine: half of
    /// ``GPSDClient/connectTimeout``, the shortest wait for the network it could do.
    static let noWait = GPSDClient.connectTimeout / 2

    /// Whether `status` is a fresh 3D fix at `place`, to 6 decimals.
    static func isFix(_ status: GPSDStatus, at place: (latitude: Double, longitude: Double)) -> Bool {
        guard case .fix(let fix, _) = status else { return false }
        return fix.mode == .threeDimensional && abs(fix.latitude - place.latitude) < 5e-7
            && abs(fix.longitude - place.longitude) < 5e-7
    }

    @Test func reportsA3DFixWithTheFedLatitudeAndLongitudeToSixDecimals() throws {
        let daemon = try GPSDTestDaemon()
        let client = GPSDClient(endpoint: try GPSDEndpoint(parsing: daemon.endpointText))
        #expect(drive(client) { $0 == .noFix }, "connected, nothing fed yet: \(client.status)")
        let fed = drive(client, feed: { daemon.feed(NMEASentence.fix(latitude: Self.zurich.latitude, longitude: Self.zurich.longitude)) }) {
            Self.isFix($0, at: Self.zurich)
        }
        #expect(fed, "status: \(client.status)")
        let fix = try #require(client.status.freshFix)
        #expect(String(format: "%.6f %.6f", fix.latitude, fix.longitude) == "47.368717 8.540933")
        #expect(abs(try #require(fix.time).timeIntervalSinceNow) < 10)
        let moved = drive(client, feed: { daemon.feed(NMEASentence.fix(latitude: Self.rio.latitude, longitude: Self.rio.longitude)) }) {
            Self.isFix($0, at: Self.rio)
        }
        #expect(moved, "status: \(client.status)")
        #expect(client.skippedLines == 0)
    }

    @Test func connectsThroughAHostNameLookedUpWithoutBlocking() throws {
        let daemon = try GPSDTestDaemon()
        let client = GPSDClient(endpoint: try GPSDEndpoint(parsing: "localhost:\(daemon.port)"))
        let fed = drive(client, feed: { daemon.feed(NMEASentence.fix(latitude: Self.zurich.latitude, longitude: Self.zurich.longitude)) }) {
            Self.isFix($0, at: Self.zurich)
        }
        #expect(fed, "status: \(client.status)")
    }

    @Test func theFixBecomesNoFixWhenTheFeedTurnsVoidAndComesBackWithIt() throws {
        let daemon = try GPSDTestDaemon()
        let client = GPSDClient(endpoint: try GPSDEndpoint(parsing: daemon.endpointText))
        let fix = { daemon.feed(NMEASentence.fix(latitude: Self.zurich.latitude, longitude: Self.zurich.longitude)) }
        #expect(drive(client, feed: fix) { Self.isFix($0, at: Self.zurich) }, "status: \(client.status)")
        #expect(drive(client, feed: { daemon.feed(NMEASentence.void()) }) { $0 == .noFix }, "status: \(client.status)")
        #expect(client.status.freshFix == nil)
        #expect(drive(client, feed: fix) { Self.isFix($0, at: Self.zurich) }, "status: \(client.status)")
    }

    @Test func noDaemonOnThePortSaysSoAndReadingNeverBlocks() throws {
        let port = try SilentListener.closedPort()
        let backoff = GPSDClient.Backoff(initial: .milliseconds(20), maximum: .milliseconds(80))
        let client = GPSDClient(endpoint: GPSDEndpoint(host: "127.0.0.1", port: UInt16(port)), backoff: backoff)
        #expect(drive(client, timeout: .seconds(5)) { $0 == .noDaemon }, "status: \(client.status)")
        var slowest = Duration.zero
        var waitedToRetry = false
        let clock = ContinuousClock()
        let end = clock.now + .milliseconds(500)
        while clock.now < end {
            slowest = max(slowest, clock.measure { client.readAvailable() })
            #expect(client.status == .noDaemon)
            if client.descriptor == nil, let wake = client.wakeAfter, wake <= backoff.maximum { waitedToRetry = true }
        }
        #expect(slowest < Self.noWait, "the slowest readAvailable() took \(slowest)")
        #expect(waitedToRetry)
    }

    @Test("a server that accepts but never speaks is reported silent, not as gpsd without a fix, and reading never blocks")
    func aServerThatAcceptsButNeverSpeaksIsSilentWithoutBlocking() throws {
        let listener = try SilentListener()
        let client = GPSDClient(endpoint: GPSDEndpoint(host: "127.0.0.1", port: UInt16(listener.port)))
        #expect(drive(client, timeout: .seconds(5)) { $0 == .silent }, "status: \(client.status)")
        let slowest = (0..<100).map { _ in ContinuousClock().measure { client.readAvailable() } }.max() ?? .zero
        #expect(slowest < Self.noWait, "the slowest readAvailable() took \(slowest)")
        #expect(client.status == .silent)
        #expect(client.wakeAfter == nil)
    }

    @Test("a server that sends only what gpsd never sends stays silent; gpsd's greeting makes it a daemon without a fix")
    func anotherServiceStaysSilentUntilGpsdsGreeting() throws {
        let peer = try LineWritingPeer()
        let client = GPSDClient(endpoint: GPSDEndpoint(host: "127.0.0.1", port: UInt16(peer.port)))
        #expect(drive(client, timeout: .seconds(5)) { _ in peer.accept() }, "the client never connected")
        peer.queue("SSH-2.0-OpenSSH_9.2p1 Debian-2\n")
        #expect(!drive(client, timeout: .milliseconds(300), feedEvery: .zero, feed: peer.flush) { $0 != .silent },
                "status: \(client.status)")
        peer.queue("{\"class\":\"VERSION\",\"release\":\"3.22\"}\n")
        #expect(drive(client, timeout: .seconds(5), feedEvery: .zero, feed: peer.flush) { $0 == .noFix }, "status: \(client.status)")
    }

    @Test func theDaemonKilledWhileConnectedIsNoticedAndTheClientReconnectsWhenItIsBack() throws {
        let daemon = try GPSDTestDaemon()
        let backoff = GPSDClient.Backoff(initial: .milliseconds(50), maximum: .milliseconds(200))
        let client = GPSDClient(endpoint: try GPSDEndpoint(parsing: daemon.endpointText), backoff: backoff)
        let fix = { daemon.feed(NMEASentence.fix(latitude: Self.zurich.latitude, longitude: Self.zurich.longitude)) }
        #expect(drive(client, feed: fix) { Self.isFix($0, at: Self.zurich) }, "status: \(client.status)")
        daemon.stop()
        #expect(drive(client, timeout: .seconds(5)) { $0 == .noDaemon }, "status: \(client.status)")
        #expect(client.status.freshFix == nil)
        try daemon.start()
        #expect(drive(client, feed: fix) { Self.isFix($0, at: Self.zurich) }, "status: \(client.status)")
    }

    @Test func aFixGoesStaleWhenTheFeedStopsAndFreshAgainWithTheNextOne() throws {
        let daemon = try GPSDTestDaemon()
        let clock = ManualClock()
        let client = GPSDClient(endpoint: try GPSDEndpoint(parsing: daemon.endpointText), clock: { clock.now })
        // Rio until the client has it, then Zurich once: gpsd may report the last fix
        // again after the clock is moved on, and the same fix again makes it no younger.
        let rio = { daemon.feed(NMEASentence.fix(latitude: Self.rio.latitude, longitude: Self.rio.longitude)) }
        #expect(drive(client, feed: rio) { Self.isFix($0, at: Self.rio) }, "status: \(client.status)")
        daemon.feed(NMEASentence.fix(latitude: Self.zurich.latitude, longitude: Self.zurich.longitude))
        #expect(drive(client) { Self.isFix($0, at: Self.zurich) }, "status: \(client.status)")
        #expect(client.status == .fix(try #require(client.status.freshFix), age: .zero))
        let wake = try #require(client.wakeAfter)
        #expect(wake > GPSDClient.staleAfter && wake <= GPSDClient.staleAfter + .milliseconds(1))

        clock.advance(by: .seconds(2))
        guard case .fix(_, let age) = client.status else {
            Issue.record("a fix 2 s old is fresh, but the status is \(client.status)")
            return
        }
        #expect(age == .seconds(2))
        clock.advance(by: GPSDClient.staleAfter)
        #expect(client.readAvailable(), "going stale is a change a status line shows")
        guard case .stale(let fix, let staleAge) = client.status else {
            Issue.record("a fix older than staleAfter is stale, but the status is \(client.status)")
            return
        }
        #expect(staleAge == .seconds(2) + GPSDClient.staleAfter)
        #expect(abs(fix.latitude - Self.zurich.latitude) < 5e-7)
        #expect(client.status.freshFix == nil)
        #expect(client.wakeAfter == nil)

        #expect(drive(client, feed: rio) { Self.isFix($0, at: Self.rio) }, "status: \(client.status)")
    }

    @Test func aFixWithoutATimeIsReportedAndNoPositionAndWaitingForAFixPassesIt() throws {
        let daemon = try GPSDTestDaemon()
        let client = GPSDClient(endpoint: try GPSDEndpoint(parsing: daemon.endpointText))
        let untimed = {
            daemon.feed(NMEASentence.fix(latitude: Self.zurich.latitude, longitude: Self.zurich.longitude, at: nil))
        }
        #expect(drive(client, feed: untimed) { Self.isFix($0, at: Self.zurich) }, "status: \(client.status)")
        let fix = try #require(client.status.freshFix)
        #expect(fix.time == nil)
        #expect(fix.check(now: Date()) == .unusable(.noTime))
        let waited = client.waitForFix(timeout: .milliseconds(300))
        #expect(waited.fix == nil)
        #expect(waited.status.freshFix?.check(now: Date()) == .unusable(.noTime))
    }

    @Test(arguments: [0.0, -0.0])
    func aFixAtZeroZeroIsReportedAndNoPositionWhateverTheSigns(_ zero: Double) throws {
        let daemon = try GPSDTestDaemon()
        let client = GPSDClient(endpoint: try GPSDEndpoint(parsing: daemon.endpointText))
        let nowhere = { daemon.feed(NMEASentence.fix(latitude: zero, longitude: zero)) }
        #expect(drive(client, feed: nowhere) { Self.isFix($0, at: (zero, zero)) }, "status: \(client.status)")
        let fix = try #require(client.status.freshFix)
        #expect(fix.latitude.sign == zero.sign && fix.longitude.sign == zero.sign, "gpsd reported \(fix)")
        #expect(fix.check(now: Date()) == .unusable(.noPlace))
        let waited = client.waitForFix(timeout: .milliseconds(300))
        #expect(waited.fix == nil)
        #expect(waited.status.freshFix?.check(now: Date()) == .unusable(.noPlace))
    }

    @Test func aFixDatedInThePastAsAfterAWeekRolloverHasATimeTheClockDisagreesWithAndIsStillAPosition() throws {
        let daemon = try GPSDTestDaemon()
        let client = GPSDClient(endpoint: try GPSDEndpoint(parsing: daemon.endpointText))
        // 25 years back: 2001 in 2026. gpsd moves a date it takes for a week rollover
        // on by 1024 weeks (19.6 years), which still leaves it years from the clock.
        let past = { daemon.feed(NMEASentence.fix(latitude: Self.zurich.latitude, longitude: Self.zurich.longitude,
                                                  at: Date().addingTimeInterval(-25 * 365.25 * 86_400))) }
        #expect(drive(client, feed: past) { Self.isFix($0, at: Self.zurich) }, "status: \(client.status)")
        let fix = try #require(client.status.freshFix)
        let time = try #require(fix.time)
        #expect(abs(time.timeIntervalSinceNow) > 365 * 86_400, "gpsd dated the fix \(time)")
        guard case .clockDisagrees(let coordinate, let fixTime, _) = fix.check(now: Date()) else {
            Issue.record("a fix dated \(time) agrees with the clock: \(fix.check(now: Date()))")
            return
        }
        #expect(fixTime == time)
        #expect(coordinate.decimalText == "47.368717, 8.540933")
        #expect(client.waitForFix(timeout: .seconds(10)).fix != nil)
    }

    @Test func reportsOfAFakeGpsdDated2001AtMinusZeroOrWithoutATimeAreCheckedAsSuch() throws {
        let peer = try LineWritingPeer()
        let client = GPSDClient(endpoint: GPSDEndpoint(host: "127.0.0.1", port: UInt16(peer.port)))
        #expect(drive(client, timeout: .seconds(5)) { _ in peer.accept() }, "the client never connected")
        let dated2001 = try #require(ISO8601DateFormatter().date(from: "2001-11-28T09:41:00Z"))
        let reports: [(line: String, at: (latitude: Double, longitude: Double), check: GPSFix.Check)] = [
            (#"{"class":"TPV","mode":3,"time":"2001-11-28T09:41:00.000Z","lat":47.368717,"lon":8.540933}"#, Self.zurich,
             .clockDisagrees(Coordinate(latitude: Self.zurich.latitude, longitude: Self.zurich.longitude)!,
                             fixTime: dated2001, clock: Date())),
            (#"{"class":"TPV","mode":3,"time":"2026-11-28T09:41:00.000Z","lat":-0.0,"lon":-0.0}"#, (-0.0, -0.0),
             .unusable(.noPlace)),
            (#"{"class":"TPV","mode":3,"lat":-22.951916,"lon":-43.210487}"#, Self.rio, .unusable(.noTime)),
        ]
        for report in reports {
            peer.queue(report.line + "\n")
            let read = drive(client, timeout: .seconds(5), feedEvery: .zero, feed: peer.flush) { Self.isFix($0, at: report.at) }
            #expect(read, "status: \(client.status)")
            let check = try #require(client.status.freshFix).check(now: Date())
            if case .clockDisagrees(let coordinate, let fixTime, _) = report.check {
                guard case .clockDisagrees(coordinate, fixTime, _) = check else {
                    Issue.record("\(report.line) is \(check)")
                    continue
                }
            } else {
                #expect(check == report.check, "\(report.line)")
            }
        }
        #expect(client.skippedLines == 0)
    }

    @Test func malformedAndOverlongLinesAreSkippedAndTheReportsAroundThemKept() throws {
        let peer = try LineWritingPeer()
        let client = GPSDClient(endpoint: GPSDEndpoint(host: "127.0.0.1", port: UInt16(peer.port)))
        #expect(drive(client, timeout: .seconds(5)) { _ in peer.accept() }, "the client never connected")
        let tpv = #"{"class":"TPV","mode":3,"time":"2026-11-26T07:43:37.000Z","lat":47.368717,"lon":8.540933}"#
        let overlong = "{\"class\":\"TPV\",\"junk\":\"" + String(repeating: "x", count: 200_000) + "\"}\n"
        peer.queue("{\"class\":\"VERSION\"}\nnot json at all\n{\"class\":\"TPV\",\"mode\":3,\"lat\":\"north\"}\n" + overlong + tpv + "\n")
        let fixed = drive(client, timeout: .seconds(5), feedEvery: .zero, feed: peer.flush) { Self.isFix($0, at: Self.zurich) }
        #expect(fixed, "status: \(client.status)")
        #expect(client.skippedLines == 3)
        peer.queue(String(repeating: "y", count: 300_000) + "\n" + #"{"class":"TPV","mode":1}"# + "\n")
        let lost = drive(client, timeout: .seconds(5), feedEvery: .zero, feed: peer.flush) { $0 == .noFix }
        #expect(lost, "status: \(client.status)")
        #expect(client.skippedLines == 4)
        #expect(peer.sendError == nil)
    }

    @Test func aConnectionNobodyAnswersTimesOutInsteadOfHanging() throws {
        let listener = try FullListener()
        let clock = ManualClock()
        let backoff = GPSDClient.Backoff(initial: .seconds(1), maximum: .seconds(4))
        let client = GPSDClient(endpoint: GPSDEndpoint(host: "127.0.0.1", port: UInt16(listener.port)),
                                backoff: backoff, clock: { clock.now })
        let slowest = (0..<20).map { _ in ContinuousClock().measure { client.readAvailable() } }.max() ?? .zero
        #expect(slowest < Self.noWait, "the slowest readAvailable() took \(slowest)")
        #expect(client.status == .connecting)
        #expect(client.descriptor != nil)
        #expect(client.wakeAfter == GPSDClient.connectTimeout)
        clock.advance(by: GPSDClient.connectTimeout)
        #expect(client.readAvailable())
        #expect(client.status == .noDaemon)
        #expect(client.descriptor == nil)
        #expect(client.wakeAfter == backoff.initial)
        clock.advance(by: backoff.initial)
        client.readAvailable()
        #expect(client.descriptor != nil, "the next attempt starts when the wait is over")
        #expect(client.status == .noDaemon, "a retry after a failure still says no daemon")
        clock.advance(by: GPSDClient.connectTimeout)
        client.readAvailable()
        #expect(client.wakeAfter == backoff.initial * 2, "each failure doubles the wait")
    }

    @Test func aNewClientStartsConnectingWithoutWaiting() throws {
        let elapsed = ContinuousClock().measure {
            _ = GPSDClient(endpoint: GPSDEndpoint(host: "localhost", port: 1))
        }
        #expect(elapsed < Self.noWait)
        let client = GPSDClient(endpoint: GPSDEndpoint(host: "no-such-host.invalid", port: 2947))
        #expect(client.status == .connecting)
        #expect(drive(client, timeout: .seconds(10)) { $0 == .noDaemon }, "status: \(client.status)")
    }
}

/// A clock a test moves by hand.
final class ManualClock {
    /// The time now.
    private(set) var now = ContinuousClock.now

    /// Moves the time on by `duration`.
    func advance(by duration: Duration) {
        now += duration
    }
}

/// A TCP peer on 127.0.0.1 that writes whatever a test gives it: lines no gpsd would
/// send (not JSON, endless), to see the client skip them.
final class LineWritingPeer {
    private let listener: Int32
    private var connection: Int32 = -1
    private var pending: [UInt8] = []
    /// The errno of a failed send, if one failed.
    private(set) var sendError: Int32?
    /// The port it listens on.
    let port: Int

    init() throws {
        (listener, port) = try LoopbackSocket.bound(type: Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue),
                                                    listening: 4)
    }

    deinit {
        if connection >= 0 { close(connection) }
        if listener >= 0 { close(listener) }
    }

    /// Whether the client has connected (accepting it when it just has).
    func accept() -> Bool {
        if connection < 0 { connection = Glibc.accept(listener, nil, nil) }
        return connection >= 0
    }

    /// Adds `text` to what is written to the client.
    func queue(_ text: String) {
        pending += Array(text.utf8)
    }

    /// Writes as much of what is queued as the client's socket takes now, without
    /// waiting (the client reads between calls); a failure is kept in ``sendError``.
    func flush() {
        while !pending.isEmpty {
            let sent = pending.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
            if sent > 0 {
                pending.removeFirst(sent)
            } else if errno == EAGAIN || errno == EINTR {
                return
            } else {
                sendError = errno
                return
            }
        }
    }
}

/// A TCP socket on 127.0.0.1 whose queue of connections waiting to be accepted is full
/// (backlog 0, one connection made and never accepted): the kernel drops the next
/// connection's SYN, so a connect to it stays pending, like one to a host that drops
/// packets.
final class FullListener {
    private var descriptors: [Int32] = []
    /// The port it listens on.
    let port: Int

    init() throws {
        let listener: Int32
        (listener, port) = try LoopbackSocket.bound(type: Int32(SOCK_STREAM.rawValue), listening: 0)
        descriptors.append(listener)
        var address = LoopbackSocket.address(port: port)
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        descriptors.append(filler)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(filler, $0, length) == 0 }
        }
        guard connected else { throw GPSDTestDaemon.Failure("cannot fill the listener's queue: errno \(errno)") }
    }

    deinit {
        descriptors.filter { $0 >= 0 }.forEach { close($0) }
    }
}
