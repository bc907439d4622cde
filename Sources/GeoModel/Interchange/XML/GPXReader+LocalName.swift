import Foundation

extension GPXReader {
    /// The local names the reader looks at; everything else is `.other`.
    enum LocalName {
        case gpx, wpt, name, urlname, type, link, text, desc, cmt, sym, author, metadata, time, url
        case cache, placedBy, owner, container, shortDescription, longDescription, travelbug
        case difficulty, terrain, encodedHints, logs, log, date, finder
        case wptExtension, code, parent, latBeforeCorrect, lonBeforeCorrect, userFound, lastGpxDate
        case attributes, attribute, country, state, src
        case terracache, style, size, user, entry, hint, description
        case loc, waypoint, coord
        case other

        /// Classifies a local name by its UTF-8 bytes (length first, then the bytes).
        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            func equals(_ literal: StaticString) -> Bool {
                literal.utf8CodeUnitCount == bytes.count
                    && memcmp(bytes.baseAddress!, literal.utf8Start, bytes.count) == 0
            }
            switch bytes.count {
            case 3: self = equals("wpt") ? .wpt : equals("log") ? .log : equals("gpx") ? .gpx : equals("sym") ? .sym
                : equals("cmt") ? .cmt : equals("url") ? .url : equals("loc") ? .loc : equals("src") ? .src : .other
            case 4: self = equals("name") ? .name : equals("type") ? .type : equals("date") ? .date
                : equals("text") ? .text : equals("link") ? .link : equals("desc") ? .desc : equals("time") ? .time
                : equals("logs") ? .logs : equals("Code") ? .code : equals("size") ? .size : equals("user") ? .user
                : equals("hint") ? .hint : .other
            case 5: self = equals("cache") ? .cache : equals("owner") ? .owner : equals("coord") ? .coord
                : equals("style") ? .style : equals("entry") ? .entry : equals("state") ? .state : .other
            case 6: self = equals("finder") ? .finder : equals("author") ? .author : equals("Parent") ? .parent : .other
            case 7: self = equals("terrain") ? .terrain : equals("urlname") ? .urlname : equals("country") ? .country : .other
            case 8: self = equals("waypoint") ? .waypoint : equals("metadata") ? .metadata : .other
            case 9: self = equals("placed_by") ? .placedBy : equals("container") ? .container
                : equals("travelbug") ? .travelbug : equals("attribute") ? .attribute
                : equals("UserFound") ? .userFound : .other
            case 10: self = equals("difficulty") ? .difficulty : equals("terracache") ? .terracache
                : equals("attributes") ? .attributes : .other
            case 11: self = equals("description") ? .description : equals("LastGpxDate") ? .lastGpxDate : .other
            case 12: self = equals("wptExtension") ? .wptExtension : .other
            case 13: self = equals("encoded_hints") ? .encodedHints : .other
            case 16: self = equals("long_description") ? .longDescription : equals("LatBeforeCorrect") ? .latBeforeCorrect
                : equals("LonBeforeCorrect") ? .lonBeforeCorrect : .other
            case 17: self = equals("short_description") ? .shortDescription : .other
            default: self = .other
            }
        }
    }
}
