extension GPXReader.WaypointDraft {
    /// The reward implied by a container name and a cache type (each nil or blank when
    /// unknown); nil when neither is known.
    static func impliedReward(container: String?, type: String?) -> String? {
        if let container, !container.isEmpty { return "Container: " + container }
        if let type, !type.isEmpty { return "Type: " + type }
        return nil
    }

    /// The reward of a cache whose listing names neither a container nor a type (a plain
    /// waypoint, a pocket query's cache without them), which the reader makes up.
    static let unknownTypeReward = "Type: Geocache"

    /// The reward the reader gives a cache without travel bugs whose listing has
    /// `container` and `type`: ``impliedReward(container:type:)``, else
    /// ``unknownTypeReward``. ``GPXWriter`` leaves it out rather than write it as a
    /// travel bug, which other programs would show as a trackable in the cache.
    static func listingReward(container: String?, type: String?) -> String {
        impliedReward(container: container, type: type) ?? unknownTypeReward
    }

    /// A container as written, a LOC file's number as its name (1 is "Not chosen",
    /// which the reward then names, as usage maps it); nil when blank.
    static func containerName(_ written: String?) -> String? {
        let text = (written ?? "").trimmingWhitespace()
        if let known = numberedContainers.first(where: { $0.number == text }) { return known.name }
        return text.isEmpty ? nil : text
    }

    /// The containers LOC files give as numbers.
    static let numberedContainers: [(number: String, name: String)] = [
        ("1", "Not chosen"), ("2", "Micro"), ("3", "Regular"), ("4", "Large"), ("5", "Virtual"),
        ("6", "Other"), ("8", "Small"),
    ]

    /// A GPX date and time in its one UTC spelling (``UTCTime``): `2004-08-07T07:00:00`
    /// (no zone, as pocket queries write it), `2004-08-07T00:00:00.0000000-07:00` and
    /// `2004-08-07T07:00:00Z` (as GPSBabel writes it) are one value; a date alone is
    /// its midnight in UTC.
    static func utcTime(_ text: String) -> String {
        UTCTime.canonical(text)
    }
}
