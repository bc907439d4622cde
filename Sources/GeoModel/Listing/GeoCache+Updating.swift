extension GeoCache {
    /// What the file a cache was read from can say about a cache, which decides what an
    /// import may change in a cache already stored under the same code.
    public enum Coverage: Sendable, Equatable, Hashable {
        /// Everything a file can say, each fact changed as given and kept where not: JSON,
        /// and GPX of a TerraCaching or Opencaching cache.
        case complete
        /// Everything, and the whole listing: a GPX record with a `groundspeak:cache` (a
        /// pocket query, GSAK, geocache-tui's own export), which writes every fact the
        /// listing has, so a fact it leaves out (a hint the owner took away, attributes
        /// no longer set) is one the listing no longer has.
        case wholeListing
        /// LOC: the code, title, owner, place, type, container, ratings and URL, but no
        /// details, reward, hint, descriptions, placed date or logs.
        case location
        /// A LOC file geocache-tui wrote (`<loc src="geocache-tui">`): as ``location``,
        /// but its place may be the person's final rather than the listing's (LOC has no
        /// room for both), so over a stored cache it only fills in (``Precedence/fillsIn``),
        /// and not the place: a cache without one is not moved to its final.
        case ownLocation
        /// A plain GPX waypoint (no Groundspeak, TerraCaching or Opencaching element: a GPS
        /// unit's, EasyGPS's): of the four fields only those it `gives` (the reader makes up
        /// the rest, the code for a title or `Type: Geocache` for a reward), and of the
        /// listing what it has; it says nothing of the status, travel bugs or attributes.
        case plainWaypoint(gives: Fields)

        /// Which of the four fields a record gives, rather than the reader making them up.
        public struct Fields: OptionSet, Sendable, Hashable {
            public let rawValue: UInt8
            public init(rawValue: UInt8) { self.rawValue = rawValue }
            public static let title = Fields(rawValue: 1), details = Fields(rawValue: 2)
            public static let creator = Fields(rawValue: 4), reward = Fields(rawValue: 8)
            public static let all: Fields = [.title, .details, .creator, .reward]
        }

        /// Whether the record carries the four fields and every listing fact a file can.
        var carriesEverything: Bool { self == .complete || self == .wholeListing }

        /// The four fields an update of a stored cache takes from the record: a LOC record
        /// always gives a title and creator, never details or reward.
        var givenFields: Fields {
            switch self {
            case .complete, .wholeListing: .all
            case .location, .ownLocation: [.title, .creator]
            case .plainWaypoint(let gives): gives
            }
        }

        /// Whether a waypoint the record carries is whole (every GPX `<wpt>` is): a part it
        /// leaves out is one the waypoint no longer has. A LOC waypoint is in part.
        var carriesWholeWaypoints: Bool { self != .location && self != .ownLocation }
    }

    /// How a file's record stands against the stored cache it names, by their ages
    /// (``Listing/asOf``), which decides what ``updated(byImporting:coverage:)`` takes
    /// from it.
    public enum Precedence: Sendable, Equatable, Hashable {
        /// The file's version replaces what is stored, fact by fact: it is not older,
        /// or one of the two has no age (and it is not a LOC record over a dated listing).
        case replaces
        /// The file is older than the stored listing: it adds the logs the store lacks
        /// and nothing else.
        case older
        /// A LOC record (which has no age) over a listing that has one, or a record of a
        /// LOC file geocache-tui wrote: it fills in only what the stored cache lacks, and
        /// changes nothing it has.
        case fillsIn
    }

    /// How `imported`, read from a file that says what `coverage` says, stands against
    /// this stored cache.
    public func precedence(ofImporting imported: GeoCache, coverage: Coverage) -> Precedence {
        if let theirs = imported.listing.asOf, let ours = listing.asOf,
           UTCTime.isEarlier(theirs, than: ours) == true {
            return .older
        }
        if coverage == .location, imported.listing.asOf == nil, listing.asOf != nil { return .fillsIn }
        if coverage == .ownLocation { return .fillsIn }
        return .replaces
    }

    /// This stored cache as a version read from a file makes it.
    ///
    /// The logs accumulate whatever the file's age: the file's are merged into the
    /// stored ones (``CacheLog/merged(_:with:replacing:)``), never dropping one.
    /// What else changes depends on ``precedence(ofImporting:coverage:)``:
    /// - ``Precedence/replaces``: what the file says replaces what is stored, and what
    ///   the file does not say is kept, except from a record of the whole listing
    ///   (``Coverage/wholeListing``), whose listing replaces the stored one but for the
    ///   logs and waypoints, which are merged. The code stays this cache's. Of the four
    ///   fields those the file gives (``Coverage/givenFields``): the title and creator of
    ///   any but a plain GPX waypoint, details and reward only from a record that carries
    ///   them. A place, type, container, rating, hint, long description, URL, symbol or
    ///   date is the file's when the file gives one; the status, travel bugs and short
    ///   description only from a record that carries everything. The age becomes the
    ///   file's when it has one.
    /// - ``Precedence/older``: only the file's logs the store lacks are added.
    /// - ``Precedence/fillsIn``: the file's place, type, container, ratings, URL,
    ///   country and state fill in only those the stored cache lacks; the place not from
    ///   a LOC file geocache-tui wrote (``Coverage/ownLocation``), which may be a final.
    ///
    /// The result equals `self` when the file's version holds nothing new, which is how
    /// an import tells an updated cache from an unchanged one (the age alone is no
    /// change: ``Listing/asOf``).
    public func updated(byImporting imported: GeoCache, coverage: Coverage) -> GeoCache {
        updated(byImporting: imported, coverage: coverage, checking: {})
    }

    /// ``updated(byImporting:coverage:)``, its merge of the logs calling `check` as
    /// ``CacheLog/merged(_:with:replacing:checking:)`` does, so that an interrupted import
    /// gives up a cache's long merge by what `check` throws.
    func updated<Failure: Error>(byImporting imported: GeoCache, coverage: Coverage,
                                 checking check: () throws(Failure) -> Void) throws(Failure) -> GeoCache {
        try updated(byImporting: imported, coverage: coverage) { (incoming, replacing) throws(Failure) in
            try CacheLog.merged(listing.logs, with: incoming, replacing: replacing, checking: check)
        }
    }

    /// ``updated(byImporting:coverage:)`` with its logs as `mergeLogs` makes them of the
    /// file's logs and whether they replace those they match (``Precedence/replaces``):
    /// an import holding the logs of a cache that many records name merges them itself
    /// (``CacheLog/Accumulated``).
    func updated<Failure: Error>(byImporting imported: GeoCache, coverage: Coverage,
                                 mergingLogs mergeLogs: (_ incoming: [CacheLog], _ replacing: Bool) throws(Failure)
                                     -> [CacheLog]) throws(Failure) -> GeoCache {
        let precedence = precedence(ofImporting: imported, coverage: coverage)
        var result = self
        let new = imported.listing
        result.listing.logs = try mergeLogs(new.logs, precedence == .replaces)
        switch precedence {
        case .older:
            return result
        case .fillsIn:
            result.coordinate = coordinate ?? (coverage == .ownLocation ? nil : imported.coordinate)
            result.listing.type = listing.type ?? new.type
            result.listing.container = listing.container ?? new.container
            result.listing.difficulty = listing.difficulty ?? new.difficulty
            result.listing.terrain = listing.terrain ?? new.terrain
            result.listing.url = listing.url ?? new.url
            result.listing.country = listing.country ?? new.country
            result.listing.state = listing.state ?? new.state
            return result
        case .replaces:
            break
        }
        let gives = coverage.givenFields
        if gives.contains(.title) { result.title = imported.title }
        if gives.contains(.creator) { result.creator = imported.creator }
        if gives.contains(.details) { result.details = imported.details }
        if gives.contains(.reward) { result.reward = imported.reward }
        result.coordinate = imported.coordinate ?? coordinate
        if coverage == .wholeListing {
            // The logs accumulate and the waypoints (which come in their own file) are
            // updated one by one; every other fact is the file's, given or not.
            let logs = result.listing.logs
            result.listing = new
            result.listing.logs = logs
            result.listing.waypoints = Self.waypoints(listing.waypoints,
                                                      updatedBy: new.waypoints.map { .init($0, isWhole: true) })
            result.listing.asOf = new.asOf ?? listing.asOf
            result.listing.keepWhatGPXCannotWrite(from: listing)
            return result
        }
        result.listing.type = new.type ?? listing.type
        result.listing.container = new.container ?? listing.container
        result.listing.difficulty = new.difficulty ?? listing.difficulty
        result.listing.terrain = new.terrain ?? listing.terrain
        result.listing.hint = new.hint ?? listing.hint
        if let description = new.longDescription {
            result.listing.longDescription = description
            result.listing.longDescriptionIsHTML = new.longDescriptionIsHTML
        }
        result.listing.url = new.url ?? listing.url
        result.listing.placed = new.placed ?? listing.placed
        // A file that says the cache is available (or says nothing) leaves no status:
        // a complete record of it brings the cache back; a LOC record says nothing.
        if coverage.carriesEverything || new.available != nil || new.archived != nil {
            (result.listing.available, result.listing.archived) = (new.available, new.archived)
        }
        if coverage.carriesEverything {
            result.listing.symbol = new.symbol
            // A newer file's inventory replaces the older one: travel bugs move on.
            result.listing.travelBugs = new.travelBugs
            if let short = new.shortDescription {
                result.listing.shortDescription = short
                result.listing.shortDescriptionIsHTML = new.shortDescriptionIsHTML
            }
            result.listing.cacheID = new.cacheID ?? listing.cacheID
            result.listing.ownerName = new.ownerName ?? listing.ownerName
            result.listing.ownerID = new.ownerID ?? listing.ownerID
            if !new.attributes.isEmpty { result.listing.attributes = new.attributes }
        } else {
            result.listing.symbol = new.symbol ?? listing.symbol
        }
        result.listing.country = new.country ?? listing.country
        result.listing.state = new.state ?? listing.state
        result.listing.waypoints = Self.waypoints(listing.waypoints, updatedBy: new.waypoints.map {
            AdditionalWaypoint.Incoming($0, isWhole: false)
        })
        result.listing.asOf = new.asOf ?? listing.asOf
        return result
    }

    /// The stored waypoints with the file's: one the file carries updates the stored one
    /// of its code, in place (a whole one replaces it, one in part updates what it gives:
    /// ``AdditionalWaypoint/updated(by:)``); a new one is added after them; none is dropped.
    ///
    /// A waypoint from a file older than the stored listing (`storedAge`, as
    /// ``precedence(ofImporting:coverage:)`` compares them) changes none: it is added
    /// only when the listing lacks its code, as an older file adds only the logs the
    /// store lacks.
    static func waypoints(_ stored: [AdditionalWaypoint], updatedBy incoming: [AdditionalWaypoint.Incoming],
                          storedAge: String? = nil) -> [AdditionalWaypoint] {
        guard !incoming.isEmpty else { return stored }
        var result = stored
        // By code, once each: a hostile file may give one cache a hundred thousand.
        var places: [String: Int] = [:]
        for (index, waypoint) in stored.enumerated() where places[waypoint.code.uppercased()] == nil {
            places[waypoint.code.uppercased()] = index
        }
        for update in incoming {
            let waypoint = update.waypoint
            let code = waypoint.code.uppercased()
            if let index = places[code] {
                if let theirs = update.asOf, let storedAge, UTCTime.isEarlier(theirs, than: storedAge) == true { continue }
                result[index] = update.isWhole ? waypoint.keepingWhatGPXCannotWrite(from: result[index])
                    : result[index].updated(by: waypoint)
            } else {
                places[code] = result.count
                result.append(waypoint)
            }
        }
        return result
    }
}

extension AdditionalWaypoint {
    /// This waypoint, come whole, with what of `stored` no GPX waypoint can carry, where
    /// it has none: a time that is no date or falls in the year 0000 (`<time>` is an
    /// `xsd:dateTime`: ``UTCTime/gpxTime(_:)``) and the place
    /// 0,0 (read as no place: where old exports put what had none). A waypoint's own
    /// export read back leaves it as it was.
    func keepingWhatGPXCannotWrite(from stored: AdditionalWaypoint) -> AdditionalWaypoint {
        var kept = self
        if kept.time == nil, let time = stored.time, UTCTime.gpxTime(time) == nil { kept.time = time }
        if kept.coordinate == nil, let place = stored.coordinate, place.latitudeMicrodegrees == 0,
           place.longitudeMicrodegrees == 0 { kept.coordinate = place }
        return kept
    }

    /// A waypoint as an import brings it: whole (a GPX `<wpt>` carries every part of it,
    /// so a part it leaves out, a comment or a link, is one the waypoint no longer has),
    /// or in part (a LOC file gives only the code, kind, name and place; a JSON record,
    /// as a JSON cache, changes what it gives).
    struct Incoming: Sendable {
        var waypoint: AdditionalWaypoint
        var isWhole: Bool
        /// The age of the waypoint's file, when it came without its cache and the file
        /// has one (``Listing/asOf``).
        var asOf: String?

        init(_ waypoint: AdditionalWaypoint, isWhole: Bool, asOf: String? = nil) {
            self.waypoint = waypoint
            self.isWhole = isWhole
            self.asOf = asOf
        }

        /// A waypoint read from a file that says what `coverage` says: whole unless LOC.
        init(_ waypoint: AdditionalWaypoint, coverage: GeoCache.Coverage, asOf: String? = nil) {
            self.init(waypoint, isWhole: coverage.carriesWholeWaypoints, asOf: asOf)
        }
    }

    /// This stored waypoint as a file's version of it makes it: what the file gives
    /// replaces what is stored, and what it leaves out (a LOC file carries no comment,
    /// symbol, time or page) is kept.
    func updated(by incoming: AdditionalWaypoint) -> AdditionalWaypoint {
        var result = incoming
        if incoming.kind.isEmpty { result.kind = kind }
        if incoming.name.isEmpty { result.name = name }
        if incoming.comment.isEmpty { result.comment = comment }
        result.coordinate = incoming.coordinate ?? coordinate
        result.symbol = incoming.symbol ?? symbol
        result.time = incoming.time ?? time
        result.url = incoming.url ?? url
        result.urlName = incoming.urlName ?? urlName
        return result
    }
}

extension Listing {
    /// Keeps the facts of `stored` that no GPX file can write, where the file gave none:
    /// a placed text that is no time or in the year 0000 (`<time>` is an `xsd:dateTime`:
    /// ``UTCTime/gpxTime(_:)``), ids that are no
    /// number (geocaching.com's are numbers: ``GPXWriter/numericID(_:)``), an empty
    /// country or state (written as no country), attributes in another numbering than
    /// Groundspeak's (Opencaching's; a record with a `groundspeak:cache` writes only
    /// Groundspeak's: ``GPXWriter/writeAttributes(_:indent:to:)``). A record of the whole listing
    /// (``GeoCache/Coverage/wholeListing``) takes away what it leaves out, but not these:
    /// a cache's own GPX export read back leaves it as it was.
    mutating func keepWhatGPXCannotWrite(from stored: Listing) {
        if placed == nil, let kept = stored.placed, UTCTime.gpxTime(kept) == nil { placed = kept }
        if cacheID == nil, GPXWriter.numericID(stored.cacheID) == nil { cacheID = stored.cacheID }
        if ownerID == nil, GPXWriter.numericID(stored.ownerID) == nil { ownerID = stored.ownerID }
        if country == nil, stored.country?.isEmpty == true { country = stored.country }
        if state == nil, stored.state?.isEmpty == true { state = stored.state }
        attributes += stored.attributes.filter { $0.source != CacheAttribute.groundspeak && !attributes.contains($0) }
    }
}
