import Foundation

extension GPXReader {
    /// Scans the prolog (up to the root element) for entity declarations, and for
    /// attribute-list declarations, whose defaults the parser would add to the
    /// document's elements (a `lat` no `<wpt>` wrote).
    ///
    /// Returns whether the content must be checked as UTF-8 (false when the XML
    /// declaration names another encoding, which libxml2 then decodes).
    static func checkProlog(_ reader: ChunkReader) throws(ImportError) -> Bool {
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
                guard let encoding else { return true }
                let name = encoding.lowercased()
                return name == "utf-8" || name == "utf8"
            }
        }
    }

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
