/// The bytes both stores keep a ``Listing`` in: one column, NULL for an empty listing.
///
/// A listing is read for every cache a view shows or an export writes, so the form is
/// a compact binary one rather than JSON: a version byte, then one entry per fact the
/// listing has, in a fixed order, each a tag byte and its value. Text is a varint
/// length and the UTF-8 bytes (any byte, NUL included); a rating is one byte of halves;
/// the HTML flags are a tag alone; `available` and `archived` one byte, 0 or 1; logs are
/// a count and six texts each (an older store's four, without ids, still read), then
/// the places of those whose finder hid the text (``CacheLog/isEncoded``) when any;
/// attributes and additional waypoints a count and their parts (see the tags).
/// ``decode(_:)-(UnsafeRawBufferPointer?)`` refuses anything it did not write (an unknown version or tag, a
/// length past the end), so a damaged column reads as no listing, never as a crash.
public enum ListingEncoding {
    /// The version byte the encoding starts with.
    static let version: UInt8 = 1

    enum Tag: UInt8 {
        case type = 1, container, difficulty, terrain, hint, longDescription, longDescriptionIsHTML
        case url, placed, logs, available, archived, symbol, travelBugs
        case shortDescription, shortDescriptionIsHTML, country, state, cacheID, ownerName, ownerID
        /// Logs with their ids: a count and six texts each (``logs`` is the older form, four).
        case identifiedLogs
        /// A count, then per attribute its source, id, a byte 0 or 1 and its name.
        case attributes
        /// A count, then per waypoint six texts (code, kind, name, comment, and symbol,
        /// time, url, url name each as a present byte and text) and its place (a byte 0
        /// or 1, then latitude and longitude in zig-zag varint microdegrees).
        case waypoints
        /// ``Listing/asOf``: a text.
        case asOf
        /// After the logs, those hidden as spoilers (``CacheLog/isEncoded``): a count,
        /// then each one's place among the logs, ascending, as a varint.
        case encodedLogs
    }

    /// The listing's bytes, or nil for an empty listing without an age (stored as NULL).
    public static func encode(_ listing: Listing) -> [UInt8]? {
        guard !listing.isEmpty || listing.asOf != nil else { return nil }
        var bytes: [UInt8] = [version]
        func text(_ tag: Tag, _ value: String?) {
            guard let value else { return }
            bytes.append(tag.rawValue)
            appendText(value, to: &bytes)
        }
        text(.type, listing.type)
        text(.container, listing.container)
        if let difficulty = listing.difficulty { bytes += [Tag.difficulty.rawValue, UInt8(difficulty.halves)] }
        if let terrain = listing.terrain { bytes += [Tag.terrain.rawValue, UInt8(terrain.halves)] }
        text(.hint, listing.hint)
        text(.longDescription, listing.longDescription)
        if listing.longDescriptionIsHTML { bytes.append(Tag.longDescriptionIsHTML.rawValue) }
        text(.url, listing.url)
        text(.placed, listing.placed)
        text(.symbol, listing.symbol)
        if !listing.travelBugs.isEmpty {
            bytes.append(Tag.travelBugs.rawValue)
            appendVarint(listing.travelBugs.count, to: &bytes)
            for bug in listing.travelBugs {
                appendText(bug.id, to: &bytes)
                appendText(bug.ref, to: &bytes)
                appendText(bug.name, to: &bytes)
            }
        }
        text(.shortDescription, listing.shortDescription)
        if listing.shortDescriptionIsHTML { bytes.append(Tag.shortDescriptionIsHTML.rawValue) }
        text(.country, listing.country)
        text(.state, listing.state)
        text(.cacheID, listing.cacheID)
        text(.ownerName, listing.ownerName)
        text(.ownerID, listing.ownerID)
        text(.asOf, listing.asOf)
        if !listing.attributes.isEmpty {
            bytes.append(Tag.attributes.rawValue)
            appendVarint(listing.attributes.count, to: &bytes)
            for attribute in listing.attributes {
                appendText(attribute.source, to: &bytes)
                appendText(attribute.id, to: &bytes)
                bytes.append(attribute.isOn ? 1 : 0)
                appendText(attribute.name, to: &bytes)
            }
        }
        if !listing.waypoints.isEmpty {
            bytes.append(Tag.waypoints.rawValue)
            appendVarint(listing.waypoints.count, to: &bytes)
            for waypoint in listing.waypoints {
                appendText(waypoint.code, to: &bytes)
                appendText(waypoint.kind, to: &bytes)
                appendText(waypoint.name, to: &bytes)
                appendText(waypoint.comment, to: &bytes)
                appendOptionalText(waypoint.symbol, to: &bytes)
                appendOptionalText(waypoint.time, to: &bytes)
                appendOptionalText(waypoint.url, to: &bytes)
                appendOptionalText(waypoint.urlName, to: &bytes)
                if let place = waypoint.coordinate {
                    bytes.append(1)
                    appendVarint(zigzag(Int(place.latitudeMicrodegrees)), to: &bytes)
                    appendVarint(zigzag(Int(place.longitudeMicrodegrees)), to: &bytes)
                } else {
                    bytes.append(0)
                }
            }
        }
        if let available = listing.available { bytes += [Tag.available.rawValue, available ? 1 : 0] }
        if let archived = listing.archived { bytes += [Tag.archived.rawValue, archived ? 1 : 0] }
        if !listing.logs.isEmpty {
            bytes.append(Tag.identifiedLogs.rawValue)
            appendVarint(listing.logs.count, to: &bytes)
            // Each text appended in turn: an array of a log's six texts cost an
            // allocation a log (callgrind, an import of a pocket query with logs).
            for log in listing.logs {
                appendText(log.date, to: &bytes)
                appendText(log.type, to: &bytes)
                appendText(log.finder, to: &bytes)
                appendText(log.text, to: &bytes)
                appendText(log.id, to: &bytes)
                appendText(log.finderID, to: &bytes)
            }
            let encoded = listing.logs.indices.filter { listing.logs[$0].isEncoded }
            if !encoded.isEmpty {
                bytes.append(Tag.encodedLogs.rawValue)
                appendVarint(encoded.count, to: &bytes)
                for place in encoded { appendVarint(place, to: &bytes) }
            }
        }
        return bytes
    }

    /// The listing in `bytes`; an empty listing for nil; nil when the bytes are not
    /// an encoding this version wrote.
    public static func decode(_ bytes: UnsafeRawBufferPointer?) -> Listing? {
        guard let bytes, !bytes.isEmpty else { return .empty }
        var reader = Reader(bytes: bytes)
        guard reader.byte() == version else { return nil }
        var listing = Listing()
        while !reader.isAtEnd {
            guard let raw = reader.byte(), let tag = Tag(rawValue: raw) else { return nil }
            switch tag {
            case .type: guard let value = reader.text() else { return nil }; listing.type = value
            case .container: guard let value = reader.text() else { return nil }; listing.container = value
            case .difficulty:
                guard let value = reader.byte().flatMap({ Rating(halves: Int($0)) }) else { return nil }
                listing.difficulty = value
            case .terrain:
                guard let value = reader.byte().flatMap({ Rating(halves: Int($0)) }) else { return nil }
                listing.terrain = value
            case .hint: guard let value = reader.text() else { return nil }; listing.hint = value
            case .longDescription: guard let value = reader.text() else { return nil }; listing.longDescription = value
            case .longDescriptionIsHTML: listing.longDescriptionIsHTML = true
            case .url: guard let value = reader.text() else { return nil }; listing.url = value
            case .placed: guard let value = reader.text() else { return nil }; listing.placed = value
            case .symbol: guard let value = reader.text() else { return nil }; listing.symbol = value
            case .travelBugs:
                guard let count = reader.varint(), count <= bytes.count else { return nil }
                for _ in 0..<count {
                    guard let id = reader.text(), let ref = reader.text(), let name = reader.text() else { return nil }
                    listing.travelBugs.append(TravelBug(id: id, ref: ref, name: name))
                }
            case .available:
                guard let value = reader.byte(), value <= 1 else { return nil }
                listing.available = value == 1
            case .archived:
                guard let value = reader.byte(), value <= 1 else { return nil }
                listing.archived = value == 1
            case .logs, .identifiedLogs:
                guard let count = reader.varint(), count <= bytes.count else { return nil }
                listing.logs.reserveCapacity(count)
                for _ in 0..<count {
                    guard let date = reader.text(), let type = reader.text(),
                          let finder = reader.text(), let text = reader.text() else { return nil }
                    var log = CacheLog(date: date, type: type, finder: finder, text: text)
                    if tag == .identifiedLogs {
                        guard let id = reader.text(), let finderID = reader.text() else { return nil }
                        (log.id, log.finderID) = (id, finderID)
                    }
                    listing.logs.append(log)
                }
            case .encodedLogs:
                guard let count = reader.varint(), count <= listing.logs.count else { return nil }
                var last = -1
                for _ in 0..<count {
                    guard let place = reader.varint(), place > last, place < listing.logs.count else { return nil }
                    listing.logs[place].isEncoded = true
                    last = place
                }
            case .shortDescription: guard let value = reader.text() else { return nil }; listing.shortDescription = value
            case .shortDescriptionIsHTML: listing.shortDescriptionIsHTML = true
            case .country: guard let value = reader.text() else { return nil }; listing.country = value
            case .state: guard let value = reader.text() else { return nil }; listing.state = value
            case .cacheID: guard let value = reader.text() else { return nil }; listing.cacheID = value
            case .ownerName: guard let value = reader.text() else { return nil }; listing.ownerName = value
            case .ownerID: guard let value = reader.text() else { return nil }; listing.ownerID = value
            case .asOf: guard let value = reader.text() else { return nil }; listing.asOf = value
            case .attributes:
                guard let count = reader.varint(), count <= bytes.count else { return nil }
                for _ in 0..<count {
                    guard let source = reader.text(), let id = reader.text(), let on = reader.byte(), on <= 1,
                          let name = reader.text() else { return nil }
                    listing.attributes.append(CacheAttribute(source: source, id: id, isOn: on == 1, name: name))
                }
            case .waypoints:
                guard let count = reader.varint(), count <= bytes.count else { return nil }
                for _ in 0..<count {
                    guard let waypoint = reader.waypoint() else { return nil }
                    listing.waypoints.append(waypoint)
                }
            }
        }
        return listing
    }

    /// ``decode(_:)-(UnsafeRawBufferPointer?)`` for an array of bytes.
    public static func decode(_ bytes: [UInt8]?) -> Listing? {
        guard let bytes else { return .empty }
        return bytes.withUnsafeBytes { decode($0) }
    }

    private static func appendText(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            appendVarint(utf8.count, to: &bytes)
            bytes.append(contentsOf: utf8)
        }
    }

    /// An optional text: 0 when absent, else 1 and the text.
    private static func appendOptionalText(_ text: String?, to bytes: inout [UInt8]) {
        guard let text else {
            bytes.append(0)
            return
        }
        bytes.append(1)
        appendText(text, to: &bytes)
    }

    /// A signed number as an unsigned one that stays short when it is small either way.
    private static func zigzag(_ value: Int) -> Int { value >= 0 ? value << 1 : ((-value) << 1) - 1 }

    private static func appendVarint(_ value: Int, to bytes: inout [UInt8]) {
        var value = UInt(value)
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// Reads an encoding from the front, refusing to read past the end.
    struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        var isAtEnd: Bool { offset >= bytes.count }

        mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func varint() -> Int? {
            var value = 0
            var shift = 0
            while let byte = byte() {
                value |= Int(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
                if shift > 56 { return nil }
            }
            return nil
        }

        mutating func optionalText() -> String?? {
            switch byte() {
            case 0: .some(nil)
            case 1: text().map { .some($0) }
            default: nil
            }
        }

        mutating func microdegrees() -> Int? {
            guard let raw = varint() else { return nil }
            return raw & 1 == 0 ? raw >> 1 : -((raw + 1) >> 1)
        }

        mutating func waypoint() -> AdditionalWaypoint? {
            guard let code = text(), let kind = text(), let name = text(), let comment = text(),
                  let symbol = optionalText(), let time = optionalText(), let url = optionalText(),
                  let urlName = optionalText(), let spot = place() else { return nil }
            var waypoint = AdditionalWaypoint(code: code, kind: kind, name: name, coordinate: spot, comment: comment,
                                              time: time, url: url, urlName: urlName)
            waypoint.symbol = symbol
            return waypoint
        }

        /// A waypoint's place: .some(nil) for none, nil when the bytes are not one.
        mutating func place() -> Coordinate?? {
            guard let hasPlace = byte(), hasPlace <= 1 else { return nil }
            guard hasPlace == 1 else { return .some(nil) }
            guard let latitude = microdegrees(), let longitude = microdegrees(),
                  let latitude32 = Int32(exactly: latitude), let longitude32 = Int32(exactly: longitude),
                  let decoded = Coordinate(latitudeMicrodegrees: latitude32, longitudeMicrodegrees: longitude32)
            else { return nil }
            return .some(decoded)
        }

        mutating func text() -> String? {
            textBytes().map { String(decoding: $0, as: UTF8.self) }
        }

        /// A text's bytes, in place.
        mutating func textBytes() -> UnsafeBufferPointer<UInt8>? {
            guard let length = varint(), length <= bytes.count - offset else { return nil }
            defer { offset += length }
            return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]).assumingMemoryBound(to: UInt8.self)
        }
    }
}
