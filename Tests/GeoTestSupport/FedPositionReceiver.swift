import Foundation
import GeoModel

/// A GPS receiver whose state a test sets, as gpsd's reports would set it: for the
/// rules of ``PositionSource`` and of the form that shows it, without a daemon. The
/// program's receiver, ``GPSDClient``, is tested against a real gpsd (``GPSDTestDaemon``).
package final class FedPositionReceiver: PositionReceiver {
    package var status: GPSDStatus = .connecting
    package var descriptor: Int32?
    package var wakeAfter: Duration?
    package let name: String
    /// Whether the next read reports a change.
    private var changed = false

    package init(name: String = "127.0.0.1:2947") {
        self.name = name
    }

    package func readAvailable() -> Bool {
        defer { changed = false }
        return changed
    }

    /// Takes `status` as what the next read brings.
    package func report(_ status: GPSDStatus) {
        self.status = status
        changed = true
    }

    /// Reports a fresh fix at `coordinate`, 3D unless `mode` says otherwise, taken at
    /// `time` (now unless given; nil: a report without a time).
    package func reportFix(at coordinate: Coordinate, mode: GPSFix.Mode = .threeDimensional, time: Date? = Date()) {
        report(.fix(GPSFix(latitude: coordinate.latitude, longitude: coordinate.longitude, mode: mode, time: time),
                    age: .zero))
    }
}

package extension Date {
    /// Now, to the whole second: a fix's time that a test's own formatter and the form's
    /// write alike (DateFormatter rounds to the millisecond, so a time 0.9995 s into its
    /// second came out one second later than the form's, which truncates).
    static var wholeSecondNow: Date { Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)) }
}
