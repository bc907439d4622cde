/// The bytes both stores keep a ``Listing`` in: one column, NULL for an empty listing.
///
/// A listing is read for every cache a view shows or an export writes, so the form is
/// a compact binary one rather than JSON: a version byte, then one entry per fact the
/// listing has, in a fixed order, each a tag byte and its value. Text is a varint
/// length and the UTF-8 bytes (any byte, NUL included); a rating is one byte of halves;
/// the HTML flag is a tag alone; `available` and `archived` one byte, 0 or 1; logs are
/// a count and four texts each.
/// ``decode(_:)-(UnsafeRawBufferPointer?)`` refuses anything it did not write (an unknown version or tag, a
/// length past the end), so a damaged column reads as no listing, never as a crash.
public enum ListingEncoding {
    /// The version byte the encoding starts with.
    static let version: UInt8 = 1

    private enum Tag: UInt8 {
        case type = 1, container, difficulty, terrain, hint, longDescription, longDescriptionIsHTML
        case url, placed, logs, available, archived, symbol, travelBugs
    }

    /// The listing's bytes, or nil for an empty listing (stored as NULL).
    public static func encode(_ listing: Listing) -> [UInt8]? {
        guard !listing.isEmpty else { return nil }
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
                for part in [bug.id, bug.ref, bug.name] { appendText(part, to: &bytes) }
            }
        }
        if let available = listing.available { bytes += [Tag.available.rawValue, available ? 1 : 0] }
        if let archived = listing.archived { bytes += [Tag.archived.rawValue, archived ? 1 : 0] }
        if !listing.logs.isEmpty {
            bytes.append(Tag.logs.rawValue)
            appendVarint(listing.logs.count, to: &bytes)
            for log in listing.logs {
                for part in [log.date, log.type, log.finder, log.text] { appendText(part, to: &bytes) }
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
            case .logs:
                guard let count = reader.varint(), count <= bytes.count else { return nil }
                listing.logs.reserveCapacity(count)
                for _ in 0..<count {
                    guard let date = reader.text(), let type = reader.text(),
                          let finder = reader.text(), let text = reader.text() else { return nil }
                    listing.logs.append(CacheLog(date: date, type: type, finder: finder, text: text))
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

    private static func appendVarint(_ value: Int, to bytes: inout [UInt8]) {
        var value = UInt(value)
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// Reads an encoding from the front, refusing to read past the end.
    private struct Reader {
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

        mutating func text() -> String? {
            guard let length = varint(), length <= bytes.count - offset else { return nil }
            defer { offset += length }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
        }
    }
}
