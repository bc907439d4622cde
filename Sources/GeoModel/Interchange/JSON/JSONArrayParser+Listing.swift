import Foundation

/// Reading what an element holds beyond the four fields: the code, the place and the
/// listing (``GeoCache/ListingKey``), the logs among them.
extension JSONArrayParser {
    /// Which of the keys beyond the four a key names, if any.
    /// Which of the keys beyond the four a key names, if any, by its place in
    /// ``GeoCache/ListingKey``'s cases.
    static func listingKey(_ key: [UInt8]) -> Int? {
        listingKeys.firstIndex(of: key)
    }

    /// The UTF-8 of the keys beyond the four, in ``GeoCache/ListingKey`` order.
    private static let listingKeys: [[UInt8]] = listingKeyCases.map { Array($0.rawValue.utf8) }
    /// ``GeoCache/ListingKey``'s cases, made once (`allCases` makes an array each time).
    private static let listingKeyCases = GeoCache.ListingKey.allCases

    /// Reads the value of the key ``listingKey(_:)`` found at `index` into `extras`; a
    /// value of the wrong kind is noted as a problem of the element (`null` counts as
    /// absent).
    mutating func readListingValue(_ index: Int, into extras: inout Extras) throws(ImportError) {
        let key = Self.listingKeyCases[index]
        let bit: UInt64 = 1 << index
        if extras.seen & bit != 0 { extras.problems.append("key \"\(key.rawValue)\" appears more than once") }
        extras.seen |= bit
        let byte = try input.peek()
        if byte == UInt8(ascii: "n") {
            try literal("null")
            return
        }
        switch key {
        case .latitude, .longitude, .difficulty, .terrain:
            guard byte == UInt8(ascii: "-") || (byte.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? false)
            else {
                extras.problems.append("\"\(key.rawValue)\" is \(try skipValue(depth: 2)), not a number")
                return
            }
            // The parser's buffer, taken out of it while the number is read into it.
            var kept: [UInt8]? = text
            text = []
            kept!.removeAll(keepingCapacity: true)
            try skipNumber(keeping: &kept)
            let number = kept ?? []
            text = number
            let value = number.withUnsafeBufferPointer { DecimalDegrees.millionths($0) }
            let written = String(decoding: number, as: UTF8.self)
            switch key {
            case .latitude:
                if let value, abs(value) <= Int64(Coordinate.maximumLatitudeMicrodegrees) {
                    extras.latitude = Int32(value)
                } else {
                    extras.problems.append("latitude \(MessageValue.shown(written)) is not from -90 to 90")
                }
            case .longitude:
                if let value, abs(value) <= Int64(Coordinate.maximumLongitudeMicrodegrees) {
                    extras.longitude = Int32(value)
                } else {
                    extras.problems.append("longitude \(MessageValue.shown(written)) is not from -180 to 180")
                }
            default:
                let rating = value.flatMap { $0 % 500_000 == 0 ? Rating(halves: Int($0 / 500_000)) : nil }
                if let rating {
                    if key == .difficulty { extras.listing.difficulty = rating } else { extras.listing.terrain = rating }
                } else {
                    extras.problems.append("\"\(key.rawValue)\" \(MessageValue.shown(written)) is not 1 to 5 in halves")
                }
            }
        case .longDescriptionIsHTML, .shortDescriptionIsHTML, .available, .archived:
            var value: Bool?
            if byte == UInt8(ascii: "t") {
                try literal("true")
                value = true
            } else if byte == UInt8(ascii: "f") {
                try literal("false")
                value = false
            } else {
                extras.problems.append("\"\(key.rawValue)\" is \(try skipValue(depth: 2)), not a boolean")
            }
            switch key {
            case .available: extras.listing.available = value
            case .archived: extras.listing.archived = value
            case .shortDescriptionIsHTML: if value == true { extras.listing.shortDescriptionIsHTML = true }
            default: if value == true { extras.listing.longDescriptionIsHTML = true }
            }
        case .logs:
            guard byte == UInt8(ascii: "[") else {
                extras.problems.append("\"logs\" is \(try skipValue(depth: 2)), not an array")
                return
            }
            try readObjects(keys: ["date", "type", "finder", "text", "id", "finderID", "encoded"], literals: [6: "a boolean"],
                            noun: "log", into: &extras) { extras, fields in
                // The same instant is the same date, however the file spells it (``UTCTime``).
                extras.listing.logs.append(CacheLog(date: UTCTime.canonical(fields[0] ?? ""), type: fields[1] ?? "",
                                                    finder: fields[2] ?? "", text: fields[3] ?? "", id: fields[4] ?? "",
                                                    finderID: fields[5] ?? "", isEncoded: fields[6] == "true"))
            }
        case .attributes:
            guard byte == UInt8(ascii: "[") else {
                extras.problems.append("\"attributes\" is \(try skipValue(depth: 2)), not an array")
                return
            }
            try readObjects(keys: ["source", "id", "on", "name"], literals: [2: "a boolean"], noun: "attribute", into: &extras) { extras, fields in
                extras.listing.attributes.append(CacheAttribute(source: fields[0] ?? "", id: fields[1] ?? "",
                                                                isOn: fields[2] != "false", name: fields[3] ?? ""))
            }
        case .waypoints:
            guard byte == UInt8(ascii: "[") else {
                extras.problems.append("\"waypoints\" is \(try skipValue(depth: 2)), not an array")
                return
            }
            let keys = ["code", "kind", "name", "comment", "latitude", "longitude", "symbol", "time", "url", "urlName"]
            try readObjects(keys: keys, literals: [4: "a number", 5: "a number"], noun: "waypoint", into: &extras) { extras, fields in
                // As a GPX file's: a waypoint's code tells it apart from its cache's others,
                // and a place is both halves or none.
                guard let code = fields[0], !code.trimmingWhitespace().isEmpty else {
                    extras.problems.append("a waypoint without a \"code\" cannot be kept: "
                                           + "its cache's waypoints are told apart by their codes")
                    return
                }
                if (fields[4] == nil) != (fields[5] == nil) {
                    extras.problems.append("waypoint \"\(MessageValue.shown(code))\": "
                                           + (fields[4] == nil ? "longitude without latitude" : "latitude without longitude"))
                    return
                }
                var place: Coordinate?
                if let latitude = fields[4].flatMap(Double.init), let longitude = fields[5].flatMap(Double.init) {
                    place = Coordinate(latitude: latitude, longitude: longitude)
                    if place == nil { extras.problems.append("waypoint \(fields[0] ?? "")'s place is out of range") }
                }
                var waypoint = AdditionalWaypoint(code: code, kind: fields[1] ?? "", name: fields[2] ?? "",
                                                  coordinate: place, comment: fields[3] ?? "", time: fields[7].map(UTCTime.canonical),
                                                  url: fields[8], urlName: fields[9])
                waypoint.symbol = fields[6]
                extras.listing.waypoints.append(waypoint)
            }
            // Two of one code in any case are one waypoint, as in a GPX file: the later
            // replaces the earlier in its place.
            extras.listing.waypoints = GeoCache.waypoints([], updatedBy: extras.listing.waypoints.map {
                AdditionalWaypoint.Incoming($0, isWhole: true)
            })
        case .travelBugs:
            guard byte == UInt8(ascii: "[") else {
                extras.problems.append("\"travelBugs\" is \(try skipValue(depth: 2)), not an array")
                return
            }
            try readObjects(keys: ["id", "ref", "name"], noun: "travel bug", into: &extras) { extras, fields in
                extras.listing.travelBugs.append(TravelBug(id: fields[0] ?? "", ref: fields[1] ?? "", name: fields[2] ?? ""))
            }
        case .code, .type, .container, .hint, .longDescription, .url, .placed, .symbol,
             .shortDescription, .country, .state, .cacheID, .ownerName, .ownerID:
            guard byte == UInt8(ascii: "\"") else {
                extras.problems.append("\"\(key.rawValue)\" is \(try skipValue(depth: 2)), not a string")
                return
            }
            try input.readString(keeping: Int.max, into: &text)
            let value = String(decoding: text, as: UTF8.self)
            switch key {
            case .code:
                // Empty is no code; anything else must be one (a store would give it a new one).
                if CacheCode.normalized(value) != nil {
                    extras.code = value
                } else if !value.allSatisfy(\.isWhitespace) {
                    extras.problems.append("\"code\" \"\(MessageValue.shown(value))\" is not a code: letters, digits, - and _, "
                                           + "at most 32")
                }
            case .type: extras.listing.type = value
            case .container: extras.listing.container = value
            case .hint: extras.listing.hint = value
            case .longDescription: extras.listing.longDescription = value
            case .url: extras.listing.url = value
            case .symbol: extras.listing.symbol = Listing.keptSymbol(value)
            case .shortDescription: extras.listing.shortDescription = value
            case .country: extras.listing.country = value
            case .state: extras.listing.state = value
            case .cacheID: extras.listing.cacheID = value
            case .ownerName: extras.listing.ownerName = value
            case .ownerID: extras.listing.ownerID = value
            default: extras.listing.placed = UTCTime.canonical(value)
            }
        }
    }

    /// Reads an array of objects whose `keys` are strings, or at the indices of
    /// `literals` numbers or booleans (the value names which, for a problem) kept as written (a missing one is nil; other keys are
    /// dropped), calling `add` with each object's values in `keys` order; `noun` names
    /// an element in a problem ("log 2's \"date\" is a number").
    private mutating func readObjects(keys: [String], literals: [Int: String] = [:], noun: String, into extras: inout Extras,
                                      _ add: (inout Extras, [String?]) -> Void) throws(ImportError) {
        let keyBytes = keys.map { Array($0.utf8) }
        let longest = keyBytes.map(\.count).max() ?? 0
        input.advance()
        try input.skipWhitespace()
        if try input.peek() == UInt8(ascii: "]") {
            input.advance()
            return
        }
        var number = 0
        while true {
            try input.skipWhitespace()
            guard try input.peek() == UInt8(ascii: "{") else {
                extras.problems.append("\(noun) \(number) is \(try skipValue(depth: 3)), not an object")
                if try finishedList(UInt8(ascii: "]")) { return }
                number += 1
                continue
            }
            input.advance()
            var fields = [String?](repeating: nil, count: keys.count)
            try input.skipWhitespace()
            if try input.peek() == UInt8(ascii: "}") {
                input.advance()
            } else {
                while true {
                    try readKey(keeping: longest + 1)
                    let field = keyBytes.firstIndex(of: text)
                    let next = try input.peek()
                    if let field, literals[field] == nil, next == UInt8(ascii: "\"") {
                        try input.readString(keeping: Int.max, into: &text)
                        fields[field] = String(decoding: text, as: UTF8.self)
                    } else if let field, let wanted = literals[field], let next, Self.starts(wanted, with: next) {
                        fields[field] = try literalText()
                    } else {
                        let kind = try skipValue(depth: 4)
                        if let field, kind != "null" {
                            let wanted = literals[field] ?? "a string"
                            extras.problems.append("\(noun) \(number)'s \"\(keys[field])\" is \(kind), not \(wanted)")
                        }
                    }
                    if try finishedList(UInt8(ascii: "}")) { break }
                }
            }
            add(&extras, fields)
            number += 1
            guard number <= Listing.maximumParts else {
                throw input.failure("more than \(Listing.maximumParts) \(noun)s in one element (the most geocache-tui reads)")
            }
            if try finishedList(UInt8(ascii: "]")) { return }
        }
    }

    /// Whether a value starting with `byte` is of the kind `wanted` names: "a number"
    /// (a digit or `-`) or "a boolean" (`t` or `f`).
    private static func starts(_ wanted: String, with byte: UInt8) -> Bool {
        wanted == "a boolean" ? byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f")
            : byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// A number, `true` or `false` as written.
    private mutating func literalText() throws(ImportError) -> String {
        let first = try input.peek()
        if first == UInt8(ascii: "t") { try literal("true"); return "true" }
        if first == UInt8(ascii: "f") { try literal("false"); return "false" }
        var kept: [UInt8]? = []
        try skipNumber(keeping: &kept)
        return String(decoding: kept ?? [], as: UTF8.self)
    }

    /// After an item of an array or object: true at its `close`, false after a comma;
    /// anything else is refused.
    private mutating func finishedList(_ close: UInt8) throws(ImportError) -> Bool {
        try input.skipWhitespace()
        let next = try input.peek()
        if next == UInt8(ascii: ",") { input.advance(); return false }
        if next == close { input.advance(); return true }
        throw input.failure("expected ',' or '\(Character(Unicode.Scalar(close)))', found \(JSONByteInput.describe(next))")
    }

    /// What an element holds beyond the four fields.
    struct Extras {
        /// The keys read, a bit each by their place in ``GeoCache/ListingKey``'s cases.
        var seen: UInt64 = 0
        var code: String?
        var latitude: Int32?
        var longitude: Int32?
        var listing = Listing()
        var problems: [String] = []

        var isEmpty: Bool { seen == 0 }

        /// The cache of the four fields with the code, place and listing read; nil when
        /// something about them is wrong (``applied(to:location:)`` names it).
        func cache(title: String, details: String, creator: String, reward: String) -> GeoCache? {
            guard problems.isEmpty else { return nil }
            let place: Coordinate?
            switch (latitude, longitude) {
            case let (latitude?, longitude?):
                place = Coordinate(latitudeMicrodegrees: latitude, longitudeMicrodegrees: longitude)
            case (nil, nil): place = nil
            default: return nil
            }
            var kept = listing
            (kept.available, kept.archived) = Listing.keptStatus(available: listing.available, archived: listing.archived)
            return GeoCache(title: title, details: details, creator: creator, reward: reward, code: code,
                            coordinate: place, listing: kept)
        }

        /// `record` with the code, place and listing, or rejected naming what is wrong
        /// with them (after what is wrong with the four fields).
        func applied(to record: ImportRecord, location: RecordLocation) -> ImportRecord {
            var problems = problems
            if (latitude == nil) != (longitude == nil), problems.isEmpty {
                problems.append(latitude == nil ? "longitude without latitude" : "latitude without longitude")
            }
            switch record {
            case .cache(var cache, let location, let coverage):
                guard problems.isEmpty else {
                    return .rejected(RejectedRecord(location: location, reason: problems.joined(separator: "; ")))
                }
                cache.code = code
                if let latitude, let longitude {
                    cache.coordinate = Coordinate(latitudeMicrodegrees: latitude, longitudeMicrodegrees: longitude)
                }
                cache.listing = listing
                (cache.listing.available, cache.listing.archived) = Listing.keptStatus(available: listing.available,
                                                                                       archived: listing.archived)
                return .cache(cache, location, coverage: coverage)
            case .rejected(let rejection):
                guard !problems.isEmpty else { return record }
                return .rejected(RejectedRecord(location: rejection.location,
                                                reason: ([rejection.reason] + problems).joined(separator: "; ")))
            case .notAGeocache, .waypoint:
                return record
            }
        }
    }
}
