extension GeoCache: Codable {
    private enum CodingKeys: String, CodingKey {
        case title, details, creator, reward, code, coordinate, listing
    }

    /// Decodes the four fields, and the code, place and listing when present: the lab's
    /// encoding of a cache (the four keys) still decodes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(title: try container.decode(String.self, forKey: .title),
                  details: try container.decode(String.self, forKey: .details),
                  creator: try container.decode(String.self, forKey: .creator),
                  reward: try container.decode(String.self, forKey: .reward),
                  code: try container.decodeIfPresent(String.self, forKey: .code),
                  coordinate: try container.decodeIfPresent(Coordinate.self, forKey: .coordinate),
                  listing: try container.decodeIfPresent(Listing.self, forKey: .listing) ?? .empty)
    }

    /// Encodes the four fields, and the code, place and listing when the cache has them:
    /// a cache with nothing more encodes as the lab's four keys.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encode(details, forKey: .details)
        try container.encode(creator, forKey: .creator)
        try container.encode(reward, forKey: .reward)
        try container.encodeIfPresent(code, forKey: .code)
        try container.encodeIfPresent(coordinate, forKey: .coordinate)
        if !listing.isEmpty { try container.encode(listing, forKey: .listing) }
    }
}

extension Listing: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, container, difficulty, terrain, hint, longDescription, longDescriptionIsHTML
        case url, placed, logs, travelBugs, symbol, available, archived
        case shortDescription, shortDescriptionIsHTML, country, state, cacheID, ownerName, ownerID, attributes, waypoints
    }

    /// Decodes whatever facts are present; a missing one is unknown.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(type: try container.decodeIfPresent(String.self, forKey: .type),
                  container: try container.decodeIfPresent(String.self, forKey: .container),
                  difficulty: try container.decodeIfPresent(Rating.self, forKey: .difficulty),
                  terrain: try container.decodeIfPresent(Rating.self, forKey: .terrain),
                  hint: try container.decodeIfPresent(String.self, forKey: .hint),
                  longDescription: try container.decodeIfPresent(String.self, forKey: .longDescription),
                  longDescriptionIsHTML: try container.decodeIfPresent(Bool.self, forKey: .longDescriptionIsHTML) ?? false,
                  url: try container.decodeIfPresent(String.self, forKey: .url),
                  placed: try container.decodeIfPresent(String.self, forKey: .placed),
                  logs: try container.decodeIfPresent([CacheLog].self, forKey: .logs) ?? [],
                  travelBugs: try container.decodeIfPresent([TravelBug].self, forKey: .travelBugs) ?? [],
                  symbol: try container.decodeIfPresent(String.self, forKey: .symbol),
                  available: try container.decodeIfPresent(Bool.self, forKey: .available),
                  archived: try container.decodeIfPresent(Bool.self, forKey: .archived),
                  shortDescription: try container.decodeIfPresent(String.self, forKey: .shortDescription),
                  shortDescriptionIsHTML: try container.decodeIfPresent(Bool.self, forKey: .shortDescriptionIsHTML) ?? false,
                  country: try container.decodeIfPresent(String.self, forKey: .country),
                  state: try container.decodeIfPresent(String.self, forKey: .state),
                  cacheID: try container.decodeIfPresent(String.self, forKey: .cacheID),
                  ownerName: try container.decodeIfPresent(String.self, forKey: .ownerName),
                  ownerID: try container.decodeIfPresent(String.self, forKey: .ownerID),
                  attributes: try container.decodeIfPresent([CacheAttribute].self, forKey: .attributes) ?? [],
                  waypoints: try container.decodeIfPresent([AdditionalWaypoint].self, forKey: .waypoints) ?? [])
    }

    /// Encodes the facts that are known, and no others.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(type, forKey: .type)
        try container.encodeIfPresent(self.container, forKey: .container)
        try container.encodeIfPresent(difficulty, forKey: .difficulty)
        try container.encodeIfPresent(terrain, forKey: .terrain)
        try container.encodeIfPresent(hint, forKey: .hint)
        try container.encodeIfPresent(longDescription, forKey: .longDescription)
        if longDescriptionIsHTML { try container.encode(true, forKey: .longDescriptionIsHTML) }
        try container.encodeIfPresent(url, forKey: .url)
        try container.encodeIfPresent(placed, forKey: .placed)
        if !logs.isEmpty { try container.encode(logs, forKey: .logs) }
        if !travelBugs.isEmpty { try container.encode(travelBugs, forKey: .travelBugs) }
        try container.encodeIfPresent(symbol, forKey: .symbol)
        try container.encodeIfPresent(available, forKey: .available)
        try container.encodeIfPresent(archived, forKey: .archived)
        try container.encodeIfPresent(shortDescription, forKey: .shortDescription)
        if shortDescriptionIsHTML { try container.encode(true, forKey: .shortDescriptionIsHTML) }
        try container.encodeIfPresent(country, forKey: .country)
        try container.encodeIfPresent(state, forKey: .state)
        try container.encodeIfPresent(cacheID, forKey: .cacheID)
        try container.encodeIfPresent(ownerName, forKey: .ownerName)
        try container.encodeIfPresent(ownerID, forKey: .ownerID)
        if !attributes.isEmpty { try container.encode(attributes, forKey: .attributes) }
        if !waypoints.isEmpty { try container.encode(waypoints, forKey: .waypoints) }
    }
}
