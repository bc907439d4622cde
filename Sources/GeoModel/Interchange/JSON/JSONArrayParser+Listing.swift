import Foundation

/// Reading what an element holds beyond the four fields: the code, the place and the
/// listing (``GeoCache/ListingKey``), the logs among them.
extension JSONArrayParser {
    /// Which of the keys beyond the four a key names, if any.
    static func listingKey(_ key: [UInt8]) -> GeoCache.ListingKey? {
        listingKeys.firstIndex(of: key).map { GeoCache.ListingKey.allCases[$0] }
    }

    /// The UTF-8 of the keys beyond the four, in ``GeoCache/ListingKey`` order.
    private static let listingKeys: [[UInt8]] = GeoCache.ListingKey.allCases.map { Array($0.rawValue.utf8) }

    /// Reads the value of `key` into `extras`; a value of the wrong kind is noted as a
    /// problem of the element (`null` counts as absent).
    mutating func readListingValue(_ key: GeoCache.ListingKey, into extras: inout Extras) throws(ImportError) {
        if extras.seen.contains(key) { extras.problems.append("key \"\(key.rawValue)\" appears more than once") }
        extras.seen.insert(key)
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
                    extras.problems.append("latitude \(written) is not from -90 to 90")
                }
            case .longitude:
                if let value, abs(value) <= Int64(Coordinate.maximumLongitudeMicrodegrees) {
                    extras.longitude = Int32(value)
                } else {
                    extras.problems.append("longitude \(written) is not from -180 to 180")
                }
            default:
                let rating = value.flatMap { $0 % 500_000 == 0 ? Rating(halves: Int($0 / 500_000)) : nil }
                if let rating {
                    if key == .difficulty { extras.listing.difficulty = rating } else { extras.listing.terrain = rating }
                } else {
                    extras.problems.append("\"\(key.rawValue)\" \(written) is not 1 to 5 in halves")
                }
            }
        case .longDescriptionIsHTML, .available, .archived:
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
            default: if value == true { extras.listing.longDescriptionIsHTML = true }
            }
        case .logs:
            guard byte == UInt8(ascii: "[") else {
                extras.problems.append("\"logs\" is \(try skipValue(depth: 2)), not an array")
                return
            }
            try readObjects(keys: ["date", "type", "finder", "text"], noun: "log", into: &extras) { extras, fields in
                extras.listing.logs.append(CacheLog(date: fields[0], type: fields[1], finder: fields[2], text: fields[3]))
            }
        case .travelBugs:
            guard byte == UInt8(ascii: "[") else {
                extras.problems.append("\"travelBugs\" is \(try skipValue(depth: 2)), not an array")
                return
            }
            try readObjects(keys: ["id", "ref", "name"], noun: "travel bug", into: &extras) { extras, fields in
                extras.listing.travelBugs.append(TravelBug(id: fields[0], ref: fields[1], name: fields[2]))
            }
        case .code, .type, .container, .hint, .longDescription, .url, .placed, .symbol:
            guard byte == UInt8(ascii: "\"") else {
                extras.problems.append("\"\(key.rawValue)\" is \(try skipValue(depth: 2)), not a string")
                return
            }
            try input.readString(keeping: Int.max, into: &text)
            let value = String(decoding: text, as: UTF8.self)
            switch key {
            case .code: extras.code = value
            case .type: extras.listing.type = value
            case .container: extras.listing.container = value
            case .hint: extras.listing.hint = value
            case .longDescription: extras.listing.longDescription = value
            case .url: extras.listing.url = value
            case .symbol: extras.listing.symbol = Listing.keptSymbol(value)
            default: extras.listing.placed = value
            }
        }
    }

    /// Reads an array of objects whose `keys` are strings (a missing one is empty; other
    /// keys are dropped), calling `add` with each object's values in `keys` order;
    /// `noun` names an element in a problem ("log 2's \"date\" is a number").
    private mutating func readObjects(keys: [String], noun: String, into extras: inout Extras,
                                      _ add: (inout Extras, [String]) -> Void) throws(ImportError) {
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
            var fields = Array(repeating: "", count: keys.count)
            try input.skipWhitespace()
            if try input.peek() == UInt8(ascii: "}") {
                input.advance()
            } else {
                while true {
                    try readKey(keeping: longest + 1)
                    let field = keyBytes.firstIndex(of: text)
                    if let field, try input.peek() == UInt8(ascii: "\"") {
                        try input.readString(keeping: Int.max, into: &text)
                        fields[field] = String(decoding: text, as: UTF8.self)
                    } else {
                        let kind = try skipValue(depth: 4)
                        if let field { extras.problems.append("\(noun) \(number)'s \"\(keys[field])\" is \(kind), not a string") }
                    }
                    if try finishedList(UInt8(ascii: "}")) { break }
                }
            }
            add(&extras, fields)
            number += 1
            if try finishedList(UInt8(ascii: "]")) { return }
        }
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
        var seen: Set<GeoCache.ListingKey> = []
        var code: String?
        var latitude: Int32?
        var longitude: Int32?
        var listing = Listing()
        var problems: [String] = []

        var isEmpty: Bool { seen.isEmpty }

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
            case .notAGeocache:
                return record
            }
        }
    }
}
