import Foundation

/// What one line from gpsd says about the position.
enum GPSDReport: Equatable {
    /// A TPV report with a 2D or 3D fix and its latitude and longitude.
    case fix(GPSFix)
    /// A TPV report without a fix (mode 0 or 1, or no latitude or longitude).
    case noFix
    /// A report of another class (VERSION, DEVICES, WATCH, SKY, …): nothing about the
    /// position.
    case other

    /// Reads one line; nil when it is not a JSON object with a `class`, or a TPV report
    /// whose fields have the wrong types or coordinates out of range.
    init?(line: Data, decoder: JSONDecoder, dates: GPSDTimeParser) {
        guard let report = try? decoder.decode(Line.self, from: line) else { return nil }
        guard let tpv = report.tpv else {
            self = .other
            return
        }
        guard tpv.mode >= 2, let latitude = tpv.latitude, let longitude = tpv.longitude else {
            self = .noFix
            return
        }
        guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude), (-180...180).contains(longitude),
              let mode = GPSFix.Mode(rawValue: min(tpv.mode, 3))
        else { return nil }
        self = .fix(GPSFix(latitude: latitude, longitude: longitude, mode: mode, time: tpv.time.flatMap(dates.date(from:)),
                           speed: tpv.speed, track: tpv.track, horizontalError: tpv.horizontalError))
    }

    /// One report as JSON: its class, and for a TPV the fields of the position.
    private struct Line: Decodable {
        /// The fields of a TPV report that make a fix.
        struct TPV {
            /// 0 or 1: no fix; 2: 2D; 3: 3D.
            let mode: Int
            /// `lat`, in degrees, when the report has one.
            let latitude: Double?
            /// `lon`, in degrees, when the report has one.
            let longitude: Double?
            /// `time`, ISO 8601 in UTC, when the report has one.
            let time: String?
            /// `speed` (m/s, not negative), `track` (degrees, 0 to 360) and the horizontal
            /// error (`eph`, else the larger of `epx` and `epy`, metres), each when the
            /// report has it as a number in range: a member gpsd leaves out or a
            /// receiver fills with nonsense takes nothing from the fix.
            var speed: Double?
            var track: Double?
            var horizontalError: Double?
        }

        /// The TPV fields; nil for a report of any other class.
        let tpv: TPV?

        /// The JSON members read.
        private enum Key: String, CodingKey {
            case reportClass = "class", mode, lat, lon, time, speed, track, eph, epx, epy
        }

        /// Reads the class, and the TPV fields when the class is `TPV`.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            guard try container.decode(String.self, forKey: .reportClass) == "TPV" else {
                tpv = nil
                return
            }
            var tpv = TPV(mode: try container.decode(Int.self, forKey: .mode),
                          latitude: try container.decodeIfPresent(Double.self, forKey: .lat),
                          longitude: try container.decodeIfPresent(Double.self, forKey: .lon),
                          time: try container.decodeIfPresent(String.self, forKey: .time))
            func number(_ key: Key, in range: ClosedRange<Double>) -> Double? {
                guard let value = try? container.decodeIfPresent(Double.self, forKey: key), range.contains(value)
                else { return nil }
                return value
            }
            let errors = 0.0...1e7
            tpv.speed = number(.speed, in: 0...1e5)
            tpv.track = number(.track, in: 0...360)
            tpv.horizontalError = number(.eph, in: errors)
                ?? [number(.epx, in: errors), number(.epy, in: errors)].compactMap { $0 }.max()
            self.tpv = tpv
        }
    }
}

/// Reads the ISO 8601 times gpsd writes (`2026-11-26T07:43:37.000Z`), with or without
/// fractional seconds.
final class GPSDTimeParser {
    /// Times with fractional seconds, as gpsd writes them.
    private let fractional: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()
    /// Times in whole seconds.
    private let whole = ISO8601DateFormatter()

    /// The time `text` names; nil when it is not an ISO 8601 time.
    func date(from text: String) -> Date? {
        fractional.date(from: text) ?? whole.date(from: text)
    }
}
