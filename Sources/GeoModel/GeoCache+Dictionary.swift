import Foundation

extension GeoCache {
    /// The keys ``dictionary`` uses beyond the four fields' keys, for what a cache has
    /// beyond them; each is present only when the cache has that fact.
    public enum ListingKey: String, CaseIterable, Sendable {
        case code, latitude, longitude, type, container, difficulty, terrain, hint
        case longDescription, longDescriptionIsHTML, url, placed, symbol, available, archived, travelBugs, logs
        case shortDescription, shortDescriptionIsHTML, country, state, cacheID, ownerName, ownerID, attributes, waypoints
    }

    /// Creates a cache from the lab's dictionary form, or `nil` when any of the keys
    /// `title`, `details`, `creator` and `reward` is missing.
    ///
    /// The four values are taken exactly as they are, empty or not. The keys of
    /// ``ListingKey`` fill in the code, place and listing when their values read back
    /// (`latitude` and `longitude` as decimal degrees, both or neither; ratings as
    /// stars; `logs` as the JSON array ``dictionary`` writes); other keys and values
    /// that do not read back are ignored.
    public init?(fromDictionary dict: [String: String]) {
        guard let title = dict[Field.title.key],
              let details = dict[Field.details.key],
              let creator = dict[Field.creator.key],
              let reward = dict[Field.reward.key]
        else { return nil }
        self.init(title: title, details: details, creator: creator, reward: reward)
        func value(_ key: ListingKey) -> String? { dict[key.rawValue] }
        code = value(.code)
        if let latitude = value(.latitude).flatMap(Double.init),
           let longitude = value(.longitude).flatMap(Double.init) {
            coordinate = Coordinate(latitude: latitude, longitude: longitude)
        }
        listing.type = value(.type)
        listing.container = value(.container)
        listing.difficulty = value(.difficulty).flatMap(Rating.init(text:))
        listing.terrain = value(.terrain).flatMap(Rating.init(text:))
        listing.hint = value(.hint)
        listing.longDescription = value(.longDescription)
        listing.longDescriptionIsHTML = value(.longDescriptionIsHTML) == "true"
        listing.url = value(.url)
        listing.placed = value(.placed)
        listing.symbol = Listing.keptSymbol(value(.symbol))
        if let bugs = value(.travelBugs),
           let decoded = try? JSONDecoder().decode([TravelBug].self, from: Data(bugs.utf8)) {
            listing.travelBugs = decoded
        }
        (listing.available, listing.archived) = Listing.keptStatus(available: value(.available).flatMap(Bool.init),
                                                                   archived: value(.archived).flatMap(Bool.init))
        if let logs = value(.logs),
           let decoded = try? JSONDecoder().decode([CacheLog].self, from: Data(logs.utf8)) {
            listing.logs = decoded
        }
        listing.shortDescription = value(.shortDescription)
        listing.shortDescriptionIsHTML = value(.shortDescriptionIsHTML) == "true"
        listing.country = value(.country)
        listing.state = value(.state)
        listing.cacheID = value(.cacheID)
        listing.ownerName = value(.ownerName)
        listing.ownerID = value(.ownerID)
        if let attributes = value(.attributes),
           let decoded = try? JSONDecoder().decode([CacheAttribute].self, from: Data(attributes.utf8)) {
            listing.attributes = decoded
        }
        if let waypoints = value(.waypoints),
           let decoded = try? JSONDecoder().decode([AdditionalWaypoint].self, from: Data(waypoints.utf8)) {
            listing.waypoints = decoded
        }
    }

    /// The lab's dictionary form: one entry per field, keyed by ``Field/key``, and one
    /// per fact the cache has beyond them (``ListingKey``); a cache with nothing more
    /// gives exactly the lab's four keys.
    ///
    /// `GeoCache(fromDictionary: cache.dictionary) == cache` for every cache.
    public var dictionary: [String: String] {
        var dict = Dictionary(uniqueKeysWithValues: Field.allCases.map { ($0.key, self[$0]) })
        func set(_ key: ListingKey, _ value: String?) {
            if let value { dict[key.rawValue] = value }
        }
        set(.code, code)
        set(.latitude, coordinate?.latitudeText)
        set(.longitude, coordinate?.longitudeText)
        set(.type, listing.type)
        set(.container, listing.container)
        set(.difficulty, listing.difficulty?.text)
        set(.terrain, listing.terrain?.text)
        set(.hint, listing.hint)
        set(.longDescription, listing.longDescription)
        set(.longDescriptionIsHTML, listing.longDescriptionIsHTML ? "true" : nil)
        set(.url, listing.url)
        set(.placed, listing.placed)
        set(.symbol, listing.symbol)
        set(.available, listing.available.map { $0 ? "true" : "false" })
        set(.archived, listing.archived.map { $0 ? "true" : "false" })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if !listing.travelBugs.isEmpty {
            set(.travelBugs, (try? encoder.encode(listing.travelBugs)).map { String(decoding: $0, as: UTF8.self) })
        }
        if !listing.logs.isEmpty {
            set(.logs, (try? encoder.encode(listing.logs)).map { String(decoding: $0, as: UTF8.self) })
        }
        set(.shortDescription, listing.shortDescription)
        set(.shortDescriptionIsHTML, listing.shortDescriptionIsHTML ? "true" : nil)
        set(.country, listing.country)
        set(.state, listing.state)
        set(.cacheID, listing.cacheID)
        set(.ownerName, listing.ownerName)
        set(.ownerID, listing.ownerID)
        if !listing.attributes.isEmpty {
            set(.attributes, (try? encoder.encode(listing.attributes)).map { String(decoding: $0, as: UTF8.self) })
        }
        if !listing.waypoints.isEmpty {
            set(.waypoints, (try? encoder.encode(listing.waypoints)).map { String(decoding: $0, as: UTF8.self) })
        }
        return dict
    }
}
