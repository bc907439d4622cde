import Foundation

extension GPXReader {
    /// Scans the prolog (up to the root element) for entity declarations, and for
    /// attribute-list declarations, whose defaults the parser would add to the
    /// document's elements (a `lat` no `<wpt>` wrote).
    ///
    /// Returns how the content must be checked: as UTF-8 (no encoding named, or
    /// UTF-8), as ASCII (US-ASCII named), or not at all (another encoding named, which
    /// libxml2 then decodes).
    static func checkProlog(_ reader: ChunkReader) throws(ImportError) -> ContentCheck {
        let limit = 1 << 20
        var wanted = 4096
        while true {
            try reader.fill(atLeast: wanted)
            let bytes = reader.lookahead
            switch PrologScan(bytes, complete: reader.reachedEnd || bytes.count >= limit) {
            case .needMore:
                wanted = bytes.count + ChunkReader.chunkSize
            case .entityDeclaration(let offset):
                throw ImportError(
                    .hostileXML, source: reader.name, position: UTF8Tracker.position(of: offset, in: bytes),
                    reason: "refused: the document type declares entities; GPX and LOC files never need them, and "
                        + "expanding them could exhaust memory (\"billion laughs\") or read other files "
                        + "(external entities). Nothing was read or imported.")
            case .attributeDefaults(let offset):
                throw ImportError(
                    .hostileXML, source: reader.name, position: UTF8Tracker.position(of: offset, in: bytes),
                    reason: "refused: the document type declares attributes (<!ATTLIST>), whose default values would "
                        + "be read as if the file's elements held them; GPX and LOC files never need them. Nothing was "
                        + "read or imported.")
            case .rootFound(let encoding):
                guard let encoding else { return .utf8 }
                let name = encoding.lowercased()
                if name == "utf-8" || name == "utf8" { return .utf8 }
                if asciiNames.contains(name) { return .ascii(declared: encoding) }
                return isSingleByte(name) ? .singleByte(declared: encoding) : .declaredEncoding
            }
        }
    }

    /// How the bytes of a document are checked before libxml2 reads them.
    enum ContentCheck: Equatable {
        /// As UTF-8, with the line and column of the first bytes that are not.
        case utf8
        /// As ASCII, the encoding the declaration names as `declared`: libxml2 stops at
        /// the first byte above 0x7F without a word, so the document would seem cut
        /// short there; the byte is named where it stands instead.
        case ascii(declared: String)
        /// As UTF-8 that the single-byte encoding the declaration names as `declared`
        /// would read as other characters (`Ã©` for `é`): libxml2 decodes the file, and
        /// the file is refused at its end when every byte above 0x7F was part of a UTF-8
        /// character (one that is not is that encoding's own, and the check ends there).
        case singleByte(declared: String)
        /// Not at all: libxml2 decodes the encoding the declaration names.
        case declaredEncoding
    }

    /// Whether `name` (in lower case) names an encoding of one byte a character that
    /// UTF-8 text is often mislabelled as: ISO 8859 (Latin-1 and its kin), the Windows
    /// code pages 1250 to 1258, KOI8.
    static func isSingleByte(_ name: String) -> Bool {
        ["iso-8859-", "iso8859-", "iso_8859-", "latin", "windows-125", "cp125", "koi8"].contains { name.hasPrefix($0) }
    }

    /// The names of ASCII an XML declaration may give, in lower case.
    static let asciiNames: Set<String> = ["us-ascii", "ascii", "ansi_x3.4-1968", "iso646-us"]

    /// The outcome of scanning the bytes before the root element.
    enum PrologScan: Equatable {
        case needMore
        case entityDeclaration(Int)
        case attributeDefaults(Int)
        case rootFound(encoding: String?)

        init(_ bytes: [UInt8], complete: Bool) {
            var index = bytes.indexAfterByteOrderMarkAndWhitespace
            var encoding: String?
            func at(_ text: String, _ position: Int) -> Bool {
                bytes[position...].starts(with: text.utf8)
            }
            func find(_ text: String, from position: Int) -> Int? {
                var cursor = position
                while cursor < bytes.count {
                    if at(text, cursor) { return cursor }
                    cursor += 1
                }
                return nil
            }
            while true {
                index = bytes.indexAfterWhitespace(from: index)
                guard index < bytes.count else {
                    self = complete ? .rootFound(encoding: encoding) : .needMore
                    return
                }
                if at("<?", index) {
                    guard let end = find("?>", from: index) else {
                        self = complete ? .rootFound(encoding: encoding) : .needMore
                        return
                    }
                    if at("<?xml", index) {
                        encoding = Self.encodingName(in: Array(bytes[index..<end]))
                    }
                    index = end + 2
                } else if at("<!--", index) {
                    guard let end = find("-->", from: index + 4) else {
                        self = complete ? .rootFound(encoding: encoding) : .needMore
                        return
                    }
                    index = end + 3
                } else if at("<!", index) {
                    var cursor = index + 2
                    var quote: UInt8?
                    var depth = 0
                    while cursor < bytes.count {
                        let byte = bytes[cursor]
                        if let open = quote {
                            if byte == open { quote = nil }
                        } else if byte == 0x22 || byte == 0x27 {
                            quote = byte
                        } else if at("<!--", cursor) {
                            // A comment declares nothing, whatever it holds.
                            guard let end = find("-->", from: cursor + 4) else { cursor = bytes.count; break }
                            cursor = end + 3
                            continue
                        } else if at("<!ENTITY", cursor) {
                            self = .entityDeclaration(cursor)
                            return
                        } else if at("<!ATTLIST", cursor) {
                            self = .attributeDefaults(cursor)
                            return
                        } else if byte == UInt8(ascii: "[") {
                            depth += 1
                        } else if byte == UInt8(ascii: "]") {
                            depth -= 1
                        } else if byte == UInt8(ascii: ">"), depth <= 0 {
                            break
                        }
                        cursor += 1
                    }
                    guard cursor < bytes.count else {
                        self = complete ? .rootFound(encoding: encoding) : .needMore
                        return
                    }
                    index = cursor + 1
                } else {
                    self = .rootFound(encoding: encoding)
                    return
                }
            }
        }

        static func encodingName(in declaration: [UInt8]) -> String? {
            let text = String(decoding: declaration, as: UTF8.self)
            guard let range = text.range(of: "encoding") else { return nil }
            let rest = text[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
            guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
            return String(rest.dropFirst().prefix { $0 != quote })
        }
    }
}
