/// Something that reports where a GPS receiver is, driven from the caller's run loop
/// without ever blocking it: ``GPSDClient`` is the one the program uses.
///
/// The caller polls ``descriptor`` for reading, sleeps at most ``wakeAfter``, and calls
/// ``readAvailable()`` whenever either says so; ``status`` then says where the position
/// stands. A ``PositionSource`` owns one and turns what it reports into notifications.
public protocol PositionReceiver: AnyObject {
    /// Where the position stands now: connecting, no daemon, no fix, a fix or a stale one.
    var status: GPSDStatus { get }
    /// The descriptor to poll for reading, or nil when only ``wakeAfter`` can bring news.
    var descriptor: Int32? { get }
    /// How soon to call ``readAvailable()`` even when ``descriptor`` stays silent.
    var wakeAfter: Duration? { get }
    /// What the receiver is reached through, for a status line (`localhost:2947`).
    var name: String { get }
    /// Does what can be done now without waiting; returns whether ``status`` changed
    /// beyond a fix growing older.
    @discardableResult
    func readAvailable() -> Bool
}

extension GPSDClient: PositionReceiver {
    /// The daemon's endpoint, `HOST:PORT`.
    public var name: String { endpoint.description }
}

extension GPSFix {
    /// The fix as a coordinate, to the microdegree; nil for angles out of range (gpsd
    /// never reports such a fix, and one that did is no place to stamp).
    public var coordinate: Coordinate? { Coordinate(latitude: latitude, longitude: longitude) }
}
