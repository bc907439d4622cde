import Foundation

extension GPXReader {
    /// The parser's delegate: tracks the element path and fills one draft per waypoint,
    /// working on the names' UTF-8 bytes; a String is made only of the text it keeps.
    ///
    /// Its state is used by the parsing thread alone, one callback at a time, and no
    /// access to a property overlaps another (every test passed with each one checked),
    /// so none is checked at run time: the checks were an eighth of the instructions
    /// of a pocket query's parse with logs (callgrind, docs/performance.md).
    final class Delegate: XMLStreamParserDelegate {
        enum Target: Int {
            case name, urlname, linkText, type, desc, cmt, sym, fileAuthor, fileTime, time, url
            case cacheName, placedBy, owner, container, shortDescription, longDescription
            case cacheType, difficulty, terrain, hint, travelBugName, gsakCode, gsakParent, gsakLatBefore, gsakLonBefore, gsakUserFound
            case gsakLastGpxDate
            case openCachingType, openCachingSize
            case country, state, src, attributeName
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
        /// The most logs, attributes and travel bugs one waypoint may have together
        /// (``Listing/maximumParts``): an empty `<groundspeak:log/>` costs its
        /// bookkeeping though it holds no text.
        static let maximumParts = Listing.maximumParts

        let source: String
        /// Receives each finished waypoint; set only while the parser runs.
        @exclusivity(unchecked) var emit: ((PendingRecord) throws -> Void)?
        @exclusivity(unchecked) var thrown: (any Error)?
        @exclusivity(unchecked) var failure: ImportError?
        @exclusivity(unchecked) var sawRoot = false
        /// Whether the root is `<loc>` (geocaching.com's LOC format) rather than `<gpx>`.
        @exclusivity(unchecked) private(set) var isLOC = false
        /// The file's author and time (``FileHeader``).
        @exclusivity(unchecked) var header = FileHeader()
        /// The open elements: local name and the extension namespace it is in.
        @exclusivity(unchecked) var path: [(name: LocalName, space: Space)] = []
        @exclusivity(unchecked) var draft: WaypointDraft?
        @exclusivity(unchecked) var target: Target?
        @exclusivity(unchecked) var targetDepth = 0
        /// The text kept and the run since the last tag, in one stored property: a piece
        /// of text costs one exclusive access of the delegate's, not two.
        @exclusivity(unchecked) private var collected = CollectedText()
        /// What the last waypoint's logs held (``WaypointDraft/logCapacity``).
        @exclusivity(unchecked) private var logCapacity = (bytes: 0, ids: 0, bounds: 0)
        /// Whether a waypoint is open. Matched, not compared: `draft != nil` copied the
        /// draft at each start tag.
        private var hasDraft: Bool { if case .some = draft { true } else { false } }
        /// Whether the parser is outside the root element: before it or after its end.
        var isOutsideRoot: Bool { path.isEmpty }

        init(source: String) {
            self.source = source
            super.init()
        }

        override func parser(_ parser: XMLStreamParser, didStart localName: UnsafeBufferPointer<UInt8>,
                    prefix: XMLStreamParser.CString?, namespaceURI: XMLStreamParser.CString?,
                    attributes: XMLStreamParser.Attributes) {
            let depth = path.count + 1
            collected.run = 0
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
                // `<gpx creator="geocache-tui">`, `<loc src="geocache-tui">`.
                header.isOurs = attributes.value(of: isLOC ? "src" : "creator") == GPXWriter.creator
            } else if path.count == 1, elementName == (isLOC ? .waypoint : .wpt), space == .plain {
                draft = WaypointDraft(position: TextPosition(line: parser.lineNumber, column: max(parser.columnNumber, 1)),
                                      header: header)
                draft?.isLOCWaypoint = isLOC
                draft?.logCapacityHint = logCapacity
                if !isLOC { readCoordinate(attributes) }
            } else if hasDraft, elementName == (isLOC ? .waypoint : .wpt), space == .plain {
                if draft?.nestedWaypoint == nil {
                    draft?.nestedWaypoint = TextPosition(line: parser.lineNumber, column: max(parser.columnNumber, 1))
                }
            } else if hasDraft, target == nil {
                if isLOC {
                    startLOCField(elementName, attributes: attributes)
                } else {
                    startField(elementName, space: space, attributes: attributes, line: parser.lineNumber)
                    if let parts = draft?.partCount, parts > Self.maximumParts {
                        return refuseLongText(parser, "one waypoint has more than \(Self.maximumParts) logs, attributes "
                                                  + "and travel bugs", limit: "for one waypoint")
                    }
                }
            } else if !hasDraft, target == nil, !isLOC, space == .plain {
                startHeaderField(elementName)
            }
            path.append((elementName, space))
            if let started = target, targetDepth == 0, hasDraft,
               !takesOnce(started, localName: localName, prefix: prefix, line: parser.lineNumber) {
                target = nil
            }
            if target != nil, targetDepth == 0 {
                targetDepth = path.count
                if let field = target?.logField {
                    draft?.startLogField(field)
                } else {
                    collected.text.removeAll(keepingCapacity: true)
                }
            }
        }

        /// The name as written: `prefix:local`, or `local`.
        static func qualifiedName(_ localName: UnsafeBufferPointer<UInt8>, prefix: XMLStreamParser.CString?) -> String {
            let local = String(decoding: localName, as: UTF8.self)
            guard let prefix = prefix?.bytes, !prefix.isEmpty else { return local }
            return String(decoding: prefix, as: UTF8.self) + ":" + local
        }

        /// The two namespace URIs looked at last and their extensions: libxml2 keeps one
        /// copy of each URI for the whole parse, so an answer is reused while the same copy
        /// comes back (every element of a pocket query, in GPX's or Groundspeak's).
        @exclusivity(unchecked) private var lastNamespace: (uri: UnsafePointer<UInt8>, space: Space)?
        @exclusivity(unchecked) private var otherNamespace: (uri: UnsafePointer<UInt8>, space: Space)?

        /// The extension whose namespace `uri` is.
        private func space(_ uri: XMLStreamParser.CString) -> Space {
            let start = uri.pointer
            if let lastNamespace, lastNamespace.uri == start { return lastNamespace.space }
            if let other = otherNamespace, other.uri == start {
                otherNamespace = lastNamespace
                lastNamespace = other
                return other.space
            }
            let answer = Space(uri: uri.bytes)
            otherNamespace = lastNamespace
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
                    return "\(name)=\"\(MessageValue.shown(value))\" is not a number of degrees from -\(limit) to \(limit)"
                }
                var problems: [String] = []
                if latitude == nil || latitude! == nil, let problem = shown("lat", 90) { problems.append(problem) }
                if longitude == nil || longitude! == nil, let problem = shown("lon", 180) { problems.append(problem) }
                draft?.coordinateProblem = problems.joined(separator: "; ")
            }
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

        override func parser(_ parser: XMLStreamParser, foundText bytes: UnsafeBufferPointer<UInt8>) {
            // Matched, not compared: `failure == nil` copied the error a callback.
            let isFine: Bool = if case .none = failure { true } else { false }
            let keeping = isFine && target != nil && target?.logField == nil
            guard collected.add(bytes, keeping: keeping, limit: Self.maximumTextLength) || !isFine else {
                return refuseLongText(parser, "a text passes \(Self.maximumTextLength >> 20) MiB here", limit: "in one text")
            }
            guard isFine, target?.logField != nil else { return }
            guard (draft?.logBytes.count ?? 0) + bytes.count <= Self.maximumLogsLength else {
                return refuseLongText(parser, "the logs of one waypoint pass \(Self.maximumLogsLength >> 20) MiB here",
                                      limit: "in the logs of one waypoint")
            }
            draft?.logBytes.append(contentsOf: bytes)
        }

        /// The text the reader keeps of the element it reads, and the run since the last tag.
        struct CollectedText {
            var text: [UInt8] = []
            /// The bytes of text (kept or not, whitespace too) since the last tag: an
            /// endless run between two tags is refused like a long text.
            var run = 0

            /// Counts `piece` into the run and, when `keeping`, into the text; false
            /// (keeping nothing) when the run or the text would pass `limit`.
            mutating func add(_ piece: UnsafeBufferPointer<UInt8>, keeping: Bool, limit: Int) -> Bool {
                run += piece.count
                guard run <= limit else { return false }
                guard keeping else { return true }
                guard text.count + piece.count <= limit else { return false }
                text.append(contentsOf: piece)
                return true
            }
        }

        /// Stops the parse: `what` is more than the reader keeps.
        private func refuseLongText(_ parser: XMLStreamParser, _ what: String, limit: String) {
            failure = ImportError(.malformedXML, source: source,
                                  position: TextPosition(line: parser.lineNumber, column: max(parser.columnNumber, 1)),
                                  reason: "refused: \(what) (the most geocache-tui reads \(limit))")
            collected.text = []
            draft?.logBytes = []
            parser.abortParsing()
        }

        /// The name is not looked at: libxml2 has checked that it closes the open element.
        override func parserDidEndElement(_ parser: XMLStreamParser) {
            collected.run = 0
            if let finished = target, path.count == targetDepth {
                switch finished {
                case .shortDescription: draft?.shortDescriptionBytes = collected.text
                case .longDescription: draft?.longDescriptionBytes = collected.text
                case .logDate, .logType, .logFinder, .logText: draft?.endLogField()
                default: store(String(decoding: collected.text, as: UTF8.self), in: finished)
                }
                target = nil
                targetDepth = 0
                collected.text.removeAll(keepingCapacity: true)
            }
            let ended = path.removeLast()
            // Taken, not copied: a copy retained each of the draft's texts and arrays.
            if path.count == 1, ended.name == (isLOC ? .waypoint : .wpt), ended.space == .plain, let finished = draft.take() {
                if finished.logCount > 0 { logCapacity = finished.logCapacity }
                do {
                    try emit?(.waypoint(finished, source: source))
                } catch {
                    thrown = error
                    parser.abortParsing()
                }
            }
        }
    }
}
