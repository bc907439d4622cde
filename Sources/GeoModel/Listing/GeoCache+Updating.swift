extension GeoCache {
    /// What the file a cache was read from can say about a cache, which decides what an
    /// import may change in a cache already stored under the same code.
    public enum Coverage: Sendable, Equatable, Hashable {
        /// Everything: GPX and JSON.
        case complete
        /// LOC: the code, title, owner, place, type, container, ratings and URL, but no
        /// details, reward, hint, descriptions, placed date or logs.
        case location
    }

    /// This stored cache as a newer version read from a file makes it: what the file
    /// says replaces what is stored, and what the file does not say is kept.
    ///
    /// The code stays this cache's. The title and the creator are always the file's;
    /// details and reward only when the file carries them (``Coverage/complete``). A
    /// place, type, container, rating, hint, long description, URL or date is the
    /// file's when the file gives one; the logs are the file's when it carries any.
    /// The result equals `self` when the file's version holds nothing new, which is how
    /// an import tells an updated cache from an unchanged one.
    public func updated(byImporting imported: GeoCache, coverage: Coverage) -> GeoCache {
        var result = self
        result.title = imported.title
        result.creator = imported.creator
        if coverage == .complete {
            result.details = imported.details
            result.reward = imported.reward
        }
        result.coordinate = imported.coordinate ?? coordinate
        let new = imported.listing
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
        if !new.logs.isEmpty { result.listing.logs = new.logs }
        // A file that says the cache is available (or says nothing) leaves no status:
        // a complete record of it brings the cache back; a LOC record says nothing.
        if coverage == .complete || new.available != nil || new.archived != nil {
            (result.listing.available, result.listing.archived) = (new.available, new.archived)
        }
        if coverage == .complete {
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
        }
        result.listing.country = new.country ?? listing.country
        result.listing.state = new.state ?? listing.state
        result.listing.waypoints = Self.waypoints(listing.waypoints, updatedBy: new.waypoints)
        return result
    }

    /// The stored waypoints with the file's: one the file carries updates the stored one
    /// of its code, in place (``AdditionalWaypoint/updated(by:)``); a new one is added
    /// after them; none is dropped.
    static func waypoints(_ stored: [AdditionalWaypoint], updatedBy incoming: [AdditionalWaypoint]) -> [AdditionalWaypoint] {
        guard !incoming.isEmpty else { return stored }
        var result = stored
        // By code, once each: a hostile file may give one cache a hundred thousand.
        var places: [String: Int] = [:]
        for (index, waypoint) in stored.enumerated() where places[waypoint.code.uppercased()] == nil {
            places[waypoint.code.uppercased()] = index
        }
        for waypoint in incoming {
            let code = waypoint.code.uppercased()
            if let index = places[code] {
                result[index] = result[index].updated(by: waypoint)
            } else {
                places[code] = result.count
                result.append(waypoint)
            }
        }
        return result
    }
}

extension AdditionalWaypoint {
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
