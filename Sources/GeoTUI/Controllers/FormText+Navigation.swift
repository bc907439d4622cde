import Foundation
import GeoModel

/// The words of the navigation view.
extension FormText {
    /// Where the navigation view puts the line that names where it leads.
    enum NavigationOrder {
        /// First, as the view beside a rose with room shows it.
        case nameFirst
        /// After the distance and bearing (or why there are none), cut to one row, then
        /// the place, then how sure the fix is: a view without the rose, whose last
        /// lines a short view cuts.
        case guidanceFirst
        /// Last: a name too long for the view's rows (it may take several) is the part cut.
        case nameLast
    }

    /// The view's lines for the way to `place` with the receiver in `status`: where it
    /// leads, how far and which way, how sure, how old the fix is, which way up the
    /// dial is, and the place itself; without a fresh fix, why there is no arrow (and
    /// since when, `lastFix` being when the last fix came). Without a receiver but with a
    /// `home`, how far and which way the place is from home, as the pane says.
    /// `order` says where the line naming where it leads goes. A place wider than
    /// `width` columns takes two lines, its longitude under its latitude.
    static func navigationLines(to place: NavigationTarget.Place, status: GPSDStatus?, lastFix: Date? = nil, now: Date,
                                placeNumber: Int, placeCount: Int, width: Int = .max,
                                order: NavigationOrder = .nameFirst, home: Coordinate? = nil) -> [String] {
        // With the place's number or label, the line takes one row, so that neither is ever parted.
        let oneRow = order == .guidanceFirst || navigationGoingLineTakesOneRow(to: place, placeCount: placeCount)
        let going = navigationGoingLine(to: place, placeNumber: placeNumber, placeCount: placeCount,
                                        width: oneRow ? width : nil)
        let at = navigationPlaceLine(place.coordinate, width: width)
        // Labelled as the values are, so that a narrow view wraps it under them too.
        var guidance = ["GPS" + String(repeating: " ", count: navigationValueColumn - 3) + noGuidance(status, lastFix: lastFix, now: now)]
        var rest: [String] = []
        if status == nil, let home {
            let distance = home.distance(to: place.coordinate)
            let way = distance < 0.5 ? "here" : Coordinate.distanceText(metres: distance) + " " + home.compassPoint(to: place.coordinate).rawValue
            // How to be led is told after where and to what place, as how sure a fix is.
            guidance = ["Home      " + way]
            rest = ["GPS       " + noGuidanceFromHome]
        }
        if let status, case .fix(let fix, let age) = status, fix.check(now: now).coordinate != nil {
            let way = Guidance(from: fix, to: place.coordinate, now: now)
            let bearing = Int(way.bearing.rounded()) % 360
            if way.isWithinAccuracy, let accuracy = way.accuracy {
                guidance = ["Distance  " + hereWithin(accuracy)]
            } else {
                guidance = ["Distance  " + Coordinate.distanceText(metres: way.distance),
                            "Bearing   \(bearing)° \(CompassPoint(bearing: way.bearing).rawValue)"]
            }
            rest = ["Accuracy  " + (way.accuracy.map { "±" + Coordinate.distanceText(metres: $0) } ?? "not reported"),
                    "Fix       \(fix.mode == .threeDimensional ? "3D" : "2D"), \(max(age.components.seconds, 0)) s old",
                    "Dial      " + (way.isMoving ? "your way up, moving \(String(format: "%.1f", fix.speed ?? 0)) m/s" : "north up")]
        }
        switch order {
        case .nameFirst: return [going] + guidance + rest + [at]
        case .guidanceFirst: return guidance + [going, at] + rest
        case .nameLast: return guidance + rest + [at, going]
        }
    }

    /// The line naming where the view leads: "Going to GC12345 Mill (your final) (1 of 2)";
    /// with a `width`, one row: the name cut at a word (``TextFitting/fitted(_:width:)``),
    /// or within its first word (the code) when not even that fits
    /// (``TextFitting/clipped(_:width:)``), so that the place's label and number stay
    /// whole. A row too narrow for them beside a `…` has the line itself cut.
    static func navigationGoingLine(to place: NavigationTarget.Place, placeNumber: Int, placeCount: Int,
                                    width: Int? = nil) -> String {
        let (lead, number) = navigationGoingParts(placeNumber: placeNumber, placeCount: placeCount)
        let line = lead + place.name + place.label + number
        guard let width, line.displayWidth > width else { return line }
        let room = width - lead.displayWidth - place.label.displayWidth - number.displayWidth
        guard room >= 1 else { return TextFitting.clipped(line, width: width) }
        return lead + navigationName(place.name, width: room) + place.label + number
    }

    /// Whether the line naming where the view leads takes one row even beside the rose:
    /// where it names the place's number or label ("(your final)"), which a wrap would part.
    static func navigationGoingLineTakesOneRow(to place: NavigationTarget.Place, placeCount: Int) -> Bool {
        placeCount > 1 || !place.label.isEmpty
    }

    /// Whether `width` columns hold the line naming where the view leads as
    /// ``navigationGoingLine(to:placeNumber:placeCount:width:)`` fits it, with the place's
    /// label and number whole and more of the name than a bare `…`.
    static func navigationGoingLineFits(to place: NavigationTarget.Place, placeNumber: Int, placeCount: Int,
                                        width: Int) -> Bool {
        guard navigationGoingLineTakesOneRow(to: place, placeCount: placeCount) else { return true }
        let (lead, number) = navigationGoingParts(placeNumber: placeNumber, placeCount: placeCount)
        let room = width - lead.displayWidth - place.label.displayWidth - number.displayWidth
        return room >= place.name.displayWidth || (room >= 1 && navigationName(place.name, width: room).count > 1)
    }

    /// The words before and after a place's name and label: "Going to " and " (1 of 2)".
    private static func navigationGoingParts(placeNumber: Int, placeCount: Int) -> (lead: String, number: String) {
        ("Going to ", placeCount > 1 ? " (\(placeNumber) of \(placeCount))" : "")
    }

    /// A place's `name` in `width` columns: whole, cut after a word, or, when not even its
    /// first word (the code) fits, after as many of its characters as fit; `…` ends a cut.
    private static func navigationName(_ name: String, width: Int) -> String {
        width >= TextFitting.leastWidth(name) ? TextFitting.fitted(name, width: width)
            : TextFitting.clipped(name, width: width)
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

    /// "At" and the place on one row, its value not in the values' column: for the last
    /// row of a view too short for the two lines ``navigationPlaceLine(_:width:)`` gives.
    /// Nil when `width` columns do not hold it either.
    static func navigationPlaceRow(_ coordinate: Coordinate, width: Int) -> String? {
        let row = "At " + coordinate.geocachingText
        return DisplayWidth.of(row) <= width ? row : nil
    }

    /// Why the view has no arrow: no receiver, or what it says; a fix lost, with the time
    /// the last one came (`lastFix`, else by the stale fix's age), which stays true
    /// without the view being drawn again as time passes.
    static func noGuidance(_ status: GPSDStatus?, lastFix: Date? = nil, now: Date) -> String {
        switch status {
        case nil: "No position: start with --gps to be led here"
        case .stale(let fix, let age)?:
            if lastFix == nil, fix.check(now: now).coordinate == nil {
                // The fix that went stale was never used: none was lost.
                "No GPS fix yet: no arrow until there is one"
            } else {
                "Fix lost at \(clockTime(lastFix ?? now.addingTimeInterval(-Double(age.components.seconds)), now: now)): "
                    + "no arrow until it is back"
            }
        case .noFix?:
            lastFix.map { "No GPS fix since \(clockTime($0, now: now)): no arrow until there is one" }
                ?? "No GPS fix yet: no arrow until there is one"
        case .noDaemon?, .silent?: "gpsd is not answering: no arrow"
        case .connecting?: "Connecting to gpsd…"
        case .fix(let fix, _)?:
            switch fix.check(now: now) {
            case .unusable(.noPlace): "Fix at 0,0 (no position), not used: no arrow"
            case .unusable(.noTime): "Fix without a time, not used: no arrow"
            default: ""
            }
        }
    }

    /// The distance to a place no farther than the fix's `accuracy`: "here, within ±17 m"
    /// (no bearing, no arrow: the place may be on any side).
    static func hereWithin(_ accuracy: Double) -> String {
        "here, within ±" + Coordinate.distanceText(metres: accuracy)
    }

    /// Why the view, which knows only home, has no arrow.
    static let noGuidanceFromHome = "none: start with --gps to be led there"

    /// Where the values start in the view's lines ("Distance  1.2 km"): a line wrapped
    /// goes on under them.
    static let navigationValueColumn = 10

    /// The navigation view's title.
    static let navigationTitle = "Navigation"

    /// A key of the form pressed in the navigation view: "Esc goes back to the form
    /// first (to log a visit, a note…)"; the help bar shows the view's own keys.
    static func backToTheFormFirst(back: String) -> String {
        "\(back) goes back to the form first (to log a visit, a note…)"
    }

    /// Alt-G on a cache with no place to go to.
    static let nothingToNavigateTo = "This cache has no place to go to (^G sets it)"
    /// Alt-G with no cache shown.
    static let noCacheToNavigateTo = "No cache to go to"
}
