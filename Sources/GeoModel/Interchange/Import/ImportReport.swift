/// The outcome of an import: how many caches were added, skipped or rejected.
public struct ImportReport: Equatable, Sendable, CustomStringConvertible {
    /// Caches stored by this import.
    public var added = 0
    /// Caches identical in all four fields to one already stored or read earlier.
    public var duplicates = 0
    /// Stored caches (found by their code) that the import left different from what
    /// they were before it; each counted once, however many records named it.
    public var updated = 0
    /// Stored caches (found by their code) that the import left as they were (also
    /// when records changed them and later ones changed them back), or that
    /// `--keep-existing` skipped; each counted once.
    public var unchanged = 0
    /// Records older than the stored listing they named (``GeoCache/Precedence/older``):
    /// they added the logs the store lacked and nothing else.
    public var olderThanStored = 0
    /// LOC records, which have no age, that named a listing with one
    /// (``GeoCache/Precedence/fillsIn``): they filled in only what it lacked.
    public var undatedOverDated = 0
    /// Stored caches of other members (on a club store) that the file would have
    /// changed, left as they are: only their owners and keepers change them.
    public var notYours = 0
    /// Records that could not become caches (listed in ``rejections``).
    public var rejected: Int { rejections.count }
    /// GPX waypoints skipped because they are not geocaches.
    public var notGeocaches = 0
    /// Additional waypoints (parking, stages, ...) that went with their caches, in the
    /// import or stored.
    public var pairedWaypoints = 0
    /// The codes of the additional waypoints whose cache is neither in the import nor
    /// stored, in the order they were found: not imported.
    public var orphanWaypoints: [String] = []
    /// Every rejected record, in input order.
    public var rejections: [RejectedRecord] = []
    /// The inputs whose caches were stored, when some of several were left out as
    /// unreadable (`--skip-invalid`); empty otherwise.
    public var storedSources: [String] = []
    /// The inputs left out as unreadable (`--skip-invalid` with several inputs).
    public var skippedSources: [String] = []
    /// Caches read without an owner whose creator became "unknown".
    public var unknownCreators = 0
    /// Caches read without an owner whose creator became the file's author.
    public var authorCreators = 0

    /// The caches (codes, else titles) stored without a difficulty or terrain their
    /// GPX file gave, because it was not 1 to 5 in halves.
    public var unreadRatings: [String] = []

    /// The caches (codes, else titles) whose GPX file gave `available` or `archived` as
    /// neither true nor false: stored as the other of the two says, else as available.
    public var unreadStatuses: [String] = []

    /// The caches (codes, else titles) whose record gave two logs one id: stored with
    /// one log of that id, the later in the earlier's place.
    public var repeatedLogIDs: [String] = []

    /// An empty report.
    public init() {}

    /// The summary line: "Added 3 caches, skipped 1 as duplicate, rejected 0."
    public var description: String {
        var text = "Added \(Self.count(added, "cache", "caches")), skipped \(duplicates) as "
            + (duplicates == 1 ? "duplicate" : "duplicates") + ", rejected \(rejected)."
        if updated + unchanged > 0 {
            text += " Already stored: updated \(updated), unchanged \(unchanged)."
        }
        if olderThanStored > 0 {
            text += " Older than stored: \(olderThanStored) (their new logs added, nothing else)."
        }
        if undatedOverDated > 0 {
            text += " Filled in only what they lacked: \(undatedOverDated) (LOC records over dated listings, "
                + "or from a LOC file geocache-tui wrote)."
        }
        if notYours > 0 {
            text += " \(notYours) not yours: unchanged."
        }
        if pairedWaypoints > 0 {
            text += " Paired " + Self.count(pairedWaypoints, "additional waypoint with its cache",
                                            "additional waypoints with their caches") + "."
        }
        if notGeocaches > 0 {
            let waypoints = Self.count(notGeocaches, "waypoint that is not a geocache",
                                       "waypoints that are not geocaches")
            text += " Skipped \(waypoints)."
        }
        if !orphanWaypoints.isEmpty {
            text += " " + Self.count(orphanWaypoints.count, "waypoint whose cache is not stored",
                                     "waypoints whose cache is not stored")
                + ": " + Self.listed(orphanWaypoints) + " (not imported)."
        }
        if !skippedSources.isEmpty {
            text += " Stored from " + (storedSources.isEmpty ? "no file" : Self.list(storedSources))
                + "; skipped " + Self.list(skippedSources) + " as unreadable."
        }
        let filledIn = unknownCreators + authorCreators
        if filledIn > 0 {
            text += " \(Self.count(filledIn, "cache", "caches")) named no owner: creator "
            switch (unknownCreators, authorCreators) {
            case (_, 0): text += "\"unknown\"."
            case (0, _): text += "taken from the file's author."
            default: text += "\"unknown\" for \(unknownCreators), the file's author for \(authorCreators)."
            }
        }
        if !unreadRatings.isEmpty {
            text += " " + Self.count(unreadRatings.count, "cache has", "caches have")
                + " a difficulty or terrain that is not 1 to 5 in halves, kept without it: "
                + Self.listed(unreadRatings) + "."
        }
        if !unreadStatuses.isEmpty {
            text += " " + Self.count(unreadStatuses.count, "cache has", "caches have")
                + " an available or archived that is neither True nor False, read as not said: "
                + Self.listed(unreadStatuses) + "."
        }
        if !repeatedLogIDs.isEmpty {
            text += " " + Self.count(repeatedLogIDs.count, "cache has", "caches have")
                + " two logs with the same id, kept as one (the later, in the earlier's place): "
                + Self.listed(repeatedLogIDs) + "."
        }
        return text
    }

    /// Takes the counts of what the import filled in or left out from `tally`.
    public mutating func include(_ tally: ImportTally) {
        unknownCreators = tally.unknownCreators
        authorCreators = tally.authorCreators
        unreadRatings = tally.unreadRatingCaches
        unreadStatuses = tally.unreadStatusCaches
        repeatedLogIDs = tally.repeatedLogIDCaches
    }

    /// "a.gpx", "a.gpx and b.gpx", "a.gpx, b.gpx and c.gpx".
    private static func list(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    /// The most codes the summary line names; the rest are counted.
    static let listedCodes = 10

    /// "PK1, PK2", or the first ``listedCodes`` codes "and 5 more".
    private static func listed(_ codes: [String]) -> String {
        guard codes.count > listedCodes else { return codes.joined(separator: ", ") }
        return codes.prefix(listedCodes).joined(separator: ", ") + " and \(codes.count - listedCodes) more"
    }

    private static func count(_ n: Int, _ one: String, _ many: String) -> String {
        "\(n) \(n == 1 ? one : many)"
    }
}
