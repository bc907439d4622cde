import Foundation

extension GPXReader {
    /// The local names the reader looks at; everything else is `.other`.
    enum LocalName {
        case gpx, wpt, name, urlname, type, link, text, desc, cmt, sym, author, metadata, time, url
        case cache, placedBy, owner, container, shortDescription, longDescription, travelbug
        case difficulty, terrain, encodedHints, logs, log, date, finder
        case wptExtension, code
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
                : equals("cmt") ? .cmt : equals("url") ? .url : equals("loc") ? .loc : .other
            case 4: self = equals("name") ? .name : equals("type") ? .type : equals("date") ? .date
                : equals("text") ? .text : equals("link") ? .link : equals("desc") ? .desc : equals("time") ? .time
                : equals("logs") ? .logs : equals("Code") ? .code : equals("size") ? .size : equals("user") ? .user
                : equals("hint") ? .hint : .other
            case 5: self = equals("cache") ? .cache : equals("owner") ? .owner : equals("coord") ? .coord
                : equals("style") ? .style : equals("entry") ? .entry : .other
            case 6: self = equals("finder") ? .finder : equals("author") ? .author : .other
            case 7: self = equals("terrain") ? .terrain : equals("urlname") ? .urlname : .other
            case 8: self = equals("waypoint") ? .waypoint : equals("metadata") ? .metadata : .other
            case 9: self = equals("placed_by") ? .placedBy : equals("container") ? .container
                : equals("travelbug") ? .travelbug : .other
            case 10: self = equals("difficulty") ? .difficulty : equals("terracache") ? .terracache : .other
            case 11: self = equals("description") ? .description : .other
            case 12: self = equals("wptExtension") ? .wptExtension : .other
            case 13: self = equals("encoded_hints") ? .encodedHints : .other
            case 16: self = equals("long_description") ? .longDescription : .other
            case 17: self = equals("short_description") ? .shortDescription : .other
            default: self = .other
            }
        }
    }

    /// The parser's delegate: tracks the element path and fills one draft per waypoint,
    /// working on the names' UTF-8 bytes; a String is made only of the text it keeps.
    final class Delegate: XMLStreamParserDelegate {
        enum Target {
            case name, urlname, linkText, type, desc, cmt, sym, fileAuthor, fileTime, time, url
            case cacheName, placedBy, owner, container, shortDescription, longDescription
            case cacheType, difficulty, terrain, hint, travelBugName, gsakCode
            case openCachingType, openCachingSize
            case logDate, logType, logFinder, logText

            /// The log field a target fills, if it is one.
            var logField: Int? {
                switch self {
                case .logDate: 0
                case .logType: 1
                case .logFinder: 2
                case .logText: 3
                default: nil
                }
            }
        }

        /// How deep elements may nest: GPX needs 7, LOC 3; libxml2 as the reader runs it
        /// has no limit of its own, and the path would grow with the input.
        static let maxDepth = 256

        /// The most one text the reader keeps may hold, as a JSON string may: libxml2
        /// hands a long text over in pieces, so its own 10 MB limit never sees it, and an
        /// endless one would grow without end.
        static let maximumTextLength = 16 << 20
        /// The most the logs of one waypoint may hold together.
        static let maximumLogsLength = 4 * maximumTextLength

        let source: String
        /// Receives each finished waypoint; set only while the parser runs.
        var emit: ((PendingRecord) throws -> Void)?
        var thrown: (any Error)?
        var failure: ImportError?
        var sawRoot = false
        /// Whether the root is `<loc>` (geocaching.com's LOC format) rather than `<gpx>`.
        private(set) var isLOC = false
        /// The file's author and time (``FileHeader``).
        var header = FileHeader()
        /// The open elements: local name and the extension namespace it is in.
        private(set) var path: [(name: LocalName, space: Space)] = []
        private var draft: WaypointDraft?
        var target: Target?
        private var targetDepth = 0
        private var text: [UInt8] = []
        /// The bytes of text (kept or not, whitespace too) since the last tag: an endless
        /// run between two tags is refused at ``maximumTextLength`` like a long text.
        private var run = 0
        /// Whether the parser is outside the root element: before it or after its end.
        var isOutsideRoot: Bool { path.isEmpty }

        init(source: String) {
            self.source = source
        }

        func parser(_ parser: XMLStreamParser, didStart localName: UnsafeBufferPointer<UInt8>,
                    prefix: UnsafeBufferPointer<UInt8>?, namespaceURI: UnsafeBufferPointer<UInt8>?,
                    attributes: XMLStreamParser.Attributes) {
            let depth = path.count + 1
            run = 0
            guard depth <= Self.maxDepth else {
                failure = ImportError(.malformedXML, source: source,
                                      position: TextPosition(line: parser.lineNumber, column: max(parser.columnNumber, 1)),
                                      reason: "refused: elements nested more than \(Self.maxDepth) deep")
                parser.abortParsing()
                return
            }
            let elementName = LocalName(localName)
            let space = namespaceURI.map(self.space) ?? .plain
            if path.isEmpty {
                sawRoot = true
                guard elementName == .gpx || elementName == .loc, space == .plain else {
                    failure = ImportError(.notGPX, source: source,
                                          position: TextPosition(line: parser.lineNumber, column: parser.columnNumber),
                                          reason: "not a GPX or LOC document: the root element is <\(Self.qualifiedName(localName, prefix: prefix))>, "
                                              + "not <gpx> or <loc>")
                    parser.abortParsing()
                    return
                }
                isLOC = elementName == .loc
            } else if path.count == 1, elementName == (isLOC ? .waypoint : .wpt), space == .plain {
                draft = WaypointDraft(position: TextPosition(line: parser.lineNumber, column: max(parser.columnNumber, 1)),
                                      header: header)
                draft?.isLOCWaypoint = isLOC
                if !isLOC { readCoordinate(attributes) }
            } else if draft != nil, target == nil {
                if isLOC {
                    startLOCField(elementName, attributes: attributes)
                } else {
                    startField(elementName, space: space, attributes: attributes)
                }
            } else if draft == nil, target == nil, !isLOC, space == .plain {
                startHeaderField(elementName)
            }
            path.append((elementName, space))
            if target != nil, targetDepth == 0 {
                targetDepth = path.count
                if let field = target?.logField {
                    draft?.startLogField(field)
                } else {
                    text.removeAll(keepingCapacity: true)
                }
            }
        }

        /// The name as written: `prefix:local`, or `local`.
        private static func qualifiedName(_ localName: UnsafeBufferPointer<UInt8>, prefix: UnsafeBufferPointer<UInt8>?) -> String {
            let local = String(decoding: localName, as: UTF8.self)
            guard let prefix, !prefix.isEmpty else { return local }
            return String(decoding: prefix, as: UTF8.self) + ":" + local
        }

        /// The namespace URI looked at last and its extension: libxml2 keeps one copy of
        /// each URI for the whole parse, so the answer is reused while the same copy comes
        /// back (nearly every element of a file).
        private var lastNamespace: (uri: UnsafePointer<UInt8>, space: Space)?

        /// The extension whose namespace `uri` is.
        private func space(_ uri: UnsafeBufferPointer<UInt8>) -> Space {
            guard let start = uri.baseAddress else { return .plain }
            if let lastNamespace, lastNamespace.uri == start { return lastNamespace.space }
            let answer = Space(uri: uri)
            lastNamespace = (start, answer)
            return answer
        }

        /// The waypoint's `lat` and `lon` (a GPX `<wpt>`, a LOC `<coord>`), exactly.
        private func readCoordinate(_ attributes: XMLStreamParser.Attributes) {
            let latitude = attributes.bytes(of: "lat").map {
                DecimalDegrees.microdegrees($0, limit: Coordinate.maximumLatitudeMicrodegrees)
            }
            let longitude = attributes.bytes(of: "lon").map {
                DecimalDegrees.microdegrees($0, limit: Coordinate.maximumLongitudeMicrodegrees)
            }
            draft?.coordinateProblem = nil
            switch (latitude, longitude) {
            case (.some(.some(let latitude)), .some(.some(let longitude))):
                draft?.coordinate = Coordinate(latitudeMicrodegrees: latitude, longitudeMicrodegrees: longitude)
            case (.none, .none):
                draft?.coordinate = nil
            default:
                func shown(_ name: StaticString, _ limit: Int) -> String? {
                    guard let value = attributes.value(of: name) else { return "\(name) is missing" }
                    return "\(name)=\"\(value)\" is not a number of degrees from -\(limit) to \(limit)"
                }
                var problems: [String] = []
                if latitude == nil || latitude! == nil, let problem = shown("lat", 90) { problems.append(problem) }
                if longitude == nil || longitude! == nil, let problem = shown("lon", 180) { problems.append(problem) }
                draft?.coordinateProblem = problems.joined(separator: "; ")
            }
        }

        private func startField(_ name: LocalName, space: Space, attributes: XMLStreamParser.Attributes) {
            guard let parent = path.last else { return }
            switch space {
            case .groundspeak:
                if name == .cache {
                    draft?.isCache = true
                    draft?.cacheID = attributes.bytes(of: "id").flatMap(Self.unsignedNumber)
                    draft?.available = attributes.bytes(of: "available").flatMap(Self.boolean)
                    draft?.archived = attributes.bytes(of: "archived").flatMap(Self.boolean)
                    return
                }
                if name == .travelbug {
                    draft?.travelBugRecords.append(TravelBug(id: attributes.value(of: "id") ?? "",
                                                             ref: attributes.value(of: "ref") ?? "", name: ""))
                    return
                }
                guard parent.space == .groundspeak else { return }
                switch parent.name {
                case .cache:
                    switch name {
                    case .name: target = .cacheName
                    case .placedBy: target = .placedBy
                    case .owner: target = .owner
                    case .type: target = .cacheType
                    case .container: target = .container
                    case .difficulty: target = .difficulty
                    case .terrain: target = .terrain
                    case .encodedHints: target = .hint
                    case .shortDescription:
                        target = .shortDescription
                        draft?.shortDescriptionIsHTML = Self.isTrue(attributes.bytes(of: "html"))
                    case .longDescription:
                        target = .longDescription
                        draft?.longDescriptionIsHTML = Self.isTrue(attributes.bytes(of: "html"))
                    default: break
                    }
                case .travelbug: if name == .name { target = .travelBugName }
                case .logs: if name == .log { draft?.startLog() }
                case .log: startLogField(name, finder: .finder, text: .text)
                default: break
                }
            case .terraCaching:
                if name == .terracache {
                    draft?.isCache = true
                    return
                }
                guard parent.space == .terraCaching else { return }
                switch parent.name {
                case .terracache:
                    switch name {
                    case .name: target = .cacheName
                    case .owner: target = .owner
                    case .style: target = .cacheType
                    case .size: target = .container
                    case .hint: target = .hint
                    case .description:
                        target = .longDescription
                        draft?.longDescriptionIsHTML = true
                    default: break
                    }
                case .logs: if name == .log { draft?.startLog() }
                case .log: startLogField(name, finder: .user, text: .entry)
                default: break
                }
            case .gsak:
                if parent.space == .gsak, parent.name == .wptExtension, name == .code { target = .gsakCode }
            case .openCaching:
                if name == .cache { draft?.isCache = true; return }
                guard parent.space == .openCaching, parent.name == .cache else { return }
                if name == .type { target = .openCachingType }
                if name == .size { target = .openCachingSize }
            case .plain:
                if path.count == 2 {
                    switch name {
                    case .name: target = .name
                    case .urlname: target = .urlname
                    case .type: target = .type
                    case .desc: target = .desc
                    case .cmt: target = .cmt
                    case .sym: target = .sym
                    case .time: target = .time
                    case .url: target = .url
                    case .link:
                        if draft?.url == nil, let href = attributes.value(of: "href") { draft?.url = href }
                    default: break
                    }
                } else if path.count == 3, parent.name == .link, name == .text, draft?.linkText == nil {
                    target = .linkText
                }
            }
        }

        /// A field of a log: its date, type, who logged it (`finder`) and what they wrote
        /// (`text`), in the log's extension.
        private func startLogField(_ name: LocalName, finder: LocalName, text: LocalName) {
            switch name {
            case .date: target = .logDate
            case .type: target = .logType
            case finder: target = .logFinder
            case text: target = .logText
            default: break
            }
        }

        /// Whether an attribute reads "true" in any case (`html="True"`).
        /// An XML Schema boolean (`true`, `false`, `1`, `0`; any case: producers write `True`), else nil.
        private static func boolean(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
            switch String(decoding: bytes, as: UTF8.self).trimmingWhitespace().lowercased() {
            case "true", "1": true
            case "false", "0": false
            default: nil
            }
        }

        private static func isTrue(_ bytes: UnsafeBufferPointer<UInt8>?) -> Bool {
            guard let bytes, bytes.count == 4 else { return false }
            return zip(bytes, "true".utf8).allSatisfy { $0.asciiLowercased == $1 }
        }

        /// A number of at most 18 digits, or nil.
        private static func unsignedNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
            guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
            var value: UInt64 = 0
            for byte in bytes {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + UInt64(byte - UInt8(ascii: "0"))
            }
            return value
        }

        /// A field of a LOC `<waypoint>`: `<name id="CODE">TITLE by OWNER</name>` (often
        /// CDATA), `<coord lat="…" lon="…"/>`, `<type>`, `<link>` (the listing's URL),
        /// `<difficulty>`, `<terrain>`, `<container>` (a number). The name's text goes
        /// where a GPX waypoint's `<desc>` goes, so both are split into title and owner
        /// the same way.
        private func startLOCField(_ name: LocalName, attributes: XMLStreamParser.Attributes) {
            guard path.count == 2 else { return }
            switch name {
            case .name:
                draft?.name = attributes.value(of: "id")
                target = .desc
            case .coord: readCoordinate(attributes)
            case .type: target = .type
            case .link: target = .url
            case .difficulty: target = .difficulty
            case .terrain: target = .terrain
            case .container: target = .container
            default: break
            }
        }

        func parser(_ parser: XMLStreamParser, foundText bytes: UnsafeBufferPointer<UInt8>) {
            run += bytes.count
            guard run <= Self.maximumTextLength || failure != nil else {
                return refuseLongText(parser, "a text passes \(Self.maximumTextLength >> 20) MiB here", limit: "in one text")
            }
            guard let target, failure == nil else { return }
            if target.logField != nil {
                guard (draft?.logBytes.count ?? 0) + bytes.count <= Self.maximumLogsLength else {
                    return refuseLongText(parser, "the logs of one waypoint pass \(Self.maximumLogsLength >> 20) MiB here",
                                          limit: "in the logs of one waypoint")
                }
                draft?.logBytes.append(contentsOf: bytes)
            } else {
                guard text.count + bytes.count <= Self.maximumTextLength else {
                    return refuseLongText(parser, "a text passes \(Self.maximumTextLength >> 20) MiB here", limit: "in one text")
                }
                text.append(contentsOf: bytes)
            }
        }

        /// Stops the parse: `what` is more than the reader keeps.
        private func refuseLongText(_ parser: XMLStreamParser, _ what: String, limit: String) {
            failure = ImportError(.malformedXML, source: source,
                                  position: TextPosition(line: parser.lineNumber, column: max(parser.columnNumber, 1)),
                                  reason: "refused: \(what) (the most geocache-tui reads \(limit))")
            text = []
            draft?.logBytes = []
            parser.abortParsing()
        }

        /// The name is not looked at: libxml2 has checked that it closes the open element.
        func parserDidEndElement(_ parser: XMLStreamParser) {
            run = 0
            if let finished = target, path.count == targetDepth {
                switch finished {
                case .shortDescription: draft?.shortDescriptionBytes = text
                case .longDescription: draft?.longDescriptionBytes = text
                case .logDate, .logType, .logFinder, .logText: draft?.endLogField()
                default: store(String(decoding: text, as: UTF8.self), in: finished)
                }
                target = nil
                targetDepth = 0
                text.removeAll(keepingCapacity: true)
            }
            let ended = path.removeLast()
            if path.count == 1, ended.name == (isLOC ? .waypoint : .wpt), ended.space == .plain, let finished = draft {
                draft = nil
                do {
                    try emit?(.waypoint(finished, source: source))
                } catch {
                    thrown = error
                    parser.abortParsing()
                }
            }
        }

        private func store(_ value: String, in target: Target) {
            switch target {
            case .name: draft?.name = value
            case .urlname: draft?.urlname = value
            case .linkText: draft?.linkText = value
            case .type: draft?.type = value
            case .desc: draft?.desc = value
            case .cmt: draft?.cmt = value
            case .sym: draft?.sym = value
            case .time: draft?.time = value
            case .url: draft?.url = value
            case .fileAuthor, .fileTime: header.read(value, as: target)
            case .cacheName: draft?.cacheName = value
            case .placedBy: draft?.placedBy = value
            case .owner: draft?.owner = value
            case .container: draft?.container = value
            case .cacheType: draft?.cacheType = value
            case .difficulty: draft?.difficulty = value
            case .terrain: draft?.terrain = value
            case .hint: draft?.hint = value
            case .gsakCode: draft?.gsakCode = value
            case .openCachingType: draft?.openCachingType = value
            case .openCachingSize: draft?.openCachingSize = value
            case .shortDescription: draft?.shortDescriptionBytes = Array(value.utf8)
            case .longDescription: draft?.longDescriptionBytes = Array(value.utf8)
            case .travelBugName:
                draft?.travelBugs.append(value)
                if let last = draft?.travelBugRecords.indices.last { draft?.travelBugRecords[last].name = value }
            case .logDate, .logType, .logFinder, .logText: break
            }
        }
    }
}
