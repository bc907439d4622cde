import Foundation
import GeoModel

/// The words of the navigation view.
extension FormText {
    /// The view's lines for the way to `place` with the receiver in `status`: where it
    /// leads, how far and which way, how sure, how old the fix is, which way up the
    /// dial is, and the place itself last; without a fresh fix, why there is no arrow.
    /// The most needed come first, for a view of few rows; with `guidanceFirst` (a view
    /// without the rose) the distance and bearing, or why there are none, come before
    /// where it leads, as a long title can take every row. A place wider than `width`
    /// columns takes two lines, its longitude under its latitude.
    static func navigationLines(to place: NavigationTarget.Place, status: GPSDStatus?, now: Date,
                                placeNumber: Int, placeCount: Int, width: Int = .max,
                                guidanceFirst: Bool = false) -> [String] {
        var going = "Going to " + place.name
        if placeCount > 1 { going += " (\(placeNumber) of \(placeCount))" }
        let at = navigationPlaceLine(place.coordinate, width: width)
        guard let status, case .fix(let fix, let age) = status else {
            return guidanceFirst ? [noGuidance(status), going, at] : [going, noGuidance(status), at]
        }
        var lines = [going]
        let guidance = Guidance(from: fix, to: place.coordinate, now: now)
        let bearing = Int(guidance.bearing.rounded()) % 360
        lines.append("Distance  " + Coordinate.distanceText(metres: guidance.distance))
        lines.append("Bearing   \(bearing)° \(CompassPoint(bearing: guidance.bearing).rawValue)")
        lines.append("Accuracy  " + (guidance.accuracy.map { "±" + Coordinate.distanceText(metres: $0) } ?? "not reported"))
        lines.append("Fix       \(fix.mode == .threeDimensional ? "3D" : "2D"), \(max(age.components.seconds, 0)) s old")
        lines.append("Dial      " + (guidance.isMoving
            ? "your way up, moving \(String(format: "%.1f", fix.speed ?? 0)) m/s"
            : "north up"))
        if guidanceFirst { lines.swapAt(0, 1); lines.swapAt(1, 2) }
        return lines + [at]
    }

    /// "At" and the place, on one line when `width` columns hold it, else the longitude
    /// on a line of its own under the latitude (wrapping at a space would part a half).
    static func navigationPlaceLine(_ coordinate: Coordinate, width: Int) -> String {
        let label = "At" + String(repeating: " ", count: navigationValueColumn - 2)
        let text = coordinate.geocachingText
        guard DisplayWidth.of(label + text) > width, let split = text.range(of: "′ ") else { return label + text }
        return label + text[..<split.lowerBound] + "′\n" + String(repeating: " ", count: navigationValueColumn)
            + text[split.upperBound...]
    }

    /// Why the view has no arrow: no receiver, or what it says.
    static func noGuidance(_ status: GPSDStatus?) -> String {
        switch status {
        case nil: "No position: start with --gps to be led here"
        case .stale(_, let age)?: "Fix lost \(max(age.components.seconds, 0)) s ago: no arrow until it is back"
        case .noFix?: "No GPS fix yet: no arrow until there is one"
        case .noDaemon?: "gpsd is not answering: no arrow"
        case .connecting?: "Connecting to gpsd…"
        case .fix?: ""
        }
    }

    /// Where the values start in the view's lines ("Distance  1.2 km"): a line wrapped
    /// goes on under them.
    static let navigationValueColumn = 10

    /// The navigation view's title.
    static let navigationTitle = "Navigation"

    /// Alt-G on a cache with no place to go to.
    static let nothingToNavigateTo = "This cache has no place to go to (^G sets it)"
    /// Alt-G with no cache shown.
    static let noCacheToNavigateTo = "No cache to go to"
}
