import Foundation

/// Where you stand, for the form: a GPS receiver's fresh fix (``PositionReceiver``,
/// gpsd through ``GPSDClient``), else a fixed home position, else nothing.
///
/// It is a model object like ``CacheList``: fundamental data (the receiver, the home
/// position and the clock), derived data (``fixCheck``, what the fresh fix can be taken
/// for; ``origin``, the position distances and nearest-first are measured from;
/// ``stampingPosition``, the position a new cache is stamped with, which only a fresh
/// fix that can be believed gives, never home), and typed notifications (``PositionChange``) to
/// every observer when the receiver's state changes. It knows no terminal: a run loop
/// polls ``descriptor``, wakes after ``wakeAfter`` and calls ``update()``.
///
/// ```swift
/// let source = PositionSource(receiver: GPSDClient(endpoint: .default),
///                             home: try Coordinate(parsing: "N47 22.123 E008 32.456"))
/// let token = source.observe { change in statusLine.update(for: change) }
/// source.update()           // after poll() said the descriptor is readable
/// source.origin             // the fresh fix, else home
/// ```
///
/// Not thread-safe: use it from the main thread only.
public final class PositionSource {
    /// The GPS receiver, when one was asked for (`--gps`).
    public let receiver: (any PositionReceiver)?
    /// The fixed position given for when there is no fresh fix (`--home`).
    public let home: Coordinate?
    /// The time now by this machine's clock, which a fix's time is checked against.
    private let clock: () -> Date

    private var observers = ObserverList<PositionChange>()

    /// A source reading `receiver` (nil: no GPS) and falling back to `home` (nil: none).
    ///
    /// - Parameters:
    ///   - receiver: The GPS receiver, or nil.
    ///   - home: The fixed position for when there is no usable fix, or nil.
    ///   - clock: The time now; a test passes its own to stand for a machine whose
    ///     clock is wrong.
    public init(receiver: (any PositionReceiver)? = nil, home: Coordinate? = nil,
                clock: @escaping () -> Date = { Date() }) {
        self.receiver = receiver
        self.home = home
        self.clock = clock
    }

    /// A source that never knows where you stand.
    public static var none: PositionSource { PositionSource() }

    // MARK: - Derived data

    /// True when a position can ever be known: a receiver or a home was given.
    public var isConfigured: Bool { receiver != nil || home != nil }

    /// The receiver's state, nil without a receiver.
    public var status: GPSDStatus? { receiver?.status }

    /// What the fresh 2D or 3D fix can be taken for by the clock now
    /// (``GPSFix/check(now:)``): a position, one whose time and the clock disagree, or
    /// none (no time, or 0,0); nil without a fresh fix (no receiver, no fix, or one older
    /// than ``GPSDClient/staleAfter``).
    public var fixCheck: GPSFix.Check? { status?.freshFix?.check(now: clock()) }

    /// The fresh fix as a coordinate when it can be believed (``fixCheck`` gives one),
    /// nil otherwise: what an Add is stamped with. Home never stamps a cache: it is
    /// where you live, not where the cache is.
    public var stampingPosition: Coordinate? { fixCheck?.coordinate }

    /// Where distances and nearest-first are measured from: the fresh fix that can be
    /// believed, else home, else nil.
    public var origin: Coordinate? { stampingPosition ?? home }

    /// When something done now happens, such as a visit logged: the fresh fix's time
    /// when it agrees with the clock (a receiver's is exact to the second), else the
    /// clock's; with the fix's time when it was left for disagreeing (a receiver past a
    /// GPS week rollover dates its fixes 19.6 years back), for whoever says the time.
    public var timeNow: (time: Date, fixTimeLeft: Date?) {
        let now = clock()
        guard let fix = status?.freshFix, let fixTime = fix.time else { return (now, nil) }
        if case .clockDisagrees = fix.check(now: now) { return (now, fixTime) }
        return (fixTime, nil)
    }

    /// True when ``origin`` is the fresh fix rather than home.
    public var originIsFix: Bool { stampingPosition != nil }

    /// The place of the last fix that could be believed and when it arrived, by this
    /// machine's clock; kept once the fix is lost (gone stale, no fix, gpsd away), nil
    /// until a fix has come.
    public private(set) var lastFix: LastFix?

    /// Where nearest first and a filter's `within` measure from: ``origin``, else the
    /// last fix's place (said to be that), else nil.
    public var measuringPoint: MeasuringPoint? {
        if let stampingPosition { return MeasuringPoint(coordinate: stampingPosition, basis: .fix) }
        if let home { return MeasuringPoint(coordinate: home, basis: .home) }
        return lastFix.map { MeasuringPoint(coordinate: $0.coordinate, basis: .lastFix(at: $0.time)) }
    }

    // MARK: - Driving

    /// The receiver's descriptor to poll for reading, if any.
    public var descriptor: Int32? { receiver?.descriptor }

    /// How soon to call ``update()`` even when ``descriptor`` stays silent.
    ///
    /// While a connection attempt is pending (a descriptor, and no connection yet) at
    /// most ``connectingCheckInterval``: a connect that succeeds makes its socket
    /// writable, not readable, and a run loop polls for reading only.
    public var wakeAfter: Duration? {
        guard let receiver else { return nil }
        let pending = receiver.descriptor != nil && (receiver.status == .connecting || receiver.status == .noDaemon)
        guard pending else { return receiver.wakeAfter }
        return min(receiver.wakeAfter ?? Self.connectingCheckInterval, Self.connectingCheckInterval)
    }

    /// How often a pending connection attempt is looked at: a daemon on this machine is
    /// found within this, and the attempt lasts at most ``GPSDClient/connectTimeout``.
    public static let connectingCheckInterval: Duration = .milliseconds(50)

    /// Lets the receiver read what has arrived, without waiting, keeping a fix that can
    /// be believed as ``lastFix``; broadcasts
    /// ``PositionChange/receiverChanged(_:origin:)`` when its state changed.
    public func update() {
        guard let receiver, receiver.readAvailable() else { return }
        if case .fix(_, let age) = receiver.status, let stampingPosition {
            lastFix = LastFix(coordinate: stampingPosition, time: clock().addingTimeInterval(-Self.seconds(age)))
        }
        broadcast(.receiverChanged(receiver.status, origin: origin))
    }

    /// `duration` in seconds.
    private static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    // MARK: - Notifications

    /// Registers `observer` for every later change until the token is cancelled or released.
    public func observe(_ observer: @escaping (PositionChange) -> Void) -> ObservationToken {
        let key = observers.add(observer)
        return ObservationToken { [weak self] in self?.observers.remove(key) }
    }

    private func broadcast(_ change: PositionChange) {
        for key in observers.keys { observers.observer(key)?(change) }
    }
}
