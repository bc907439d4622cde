import Foundation

extension GPXReader {
    /// The local names the reader looks at; everything else is `.other`.
    enum LocalName {
        case gpx, wpt, name, urlname, type, link, text, desc, cmt, sym, author, metadata
        case cache, placedBy, owner, container, shortDescription, travelbug
        case loc, waypoint
        case other

        /// Classifies a local name by its UTF-8 bytes (length first, then the bytes).
        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            func equals(_ literal: StaticString) -> Bool {
                literal.utf8CodeUnitCount == bytes.count
                    && memcmp(bytes.baseAddress!, literal.utf8Start, bytes.count) == 0
            }
            switch bytes.count {
            case 3: self = equals("wpt") ? .wpt : equals("gpx") ? .gpx : equals("sym") ? .sym
                : equals("cmt") ? .cmt : equals("loc") ? .loc : .other
            case 4: self = equals("name") ? .name : equals("type") ? .type : equals("link") ? .link
                : equals("text") ? .text : equals("desc") ? .desc : .other
            case 5: self = equals("cache") ? .cache : equals("owner") ? .owner : .other
            case 6: self = equals("author") ? .author : .other
            case 7: self = equals("urlname") ? .urlname : .other
            case 8: self = equals("waypoint") ? .waypoint : equals("metadata") ? .metadata : .other
            case 9: self = equals("placed_by") ? .placedBy : equals("container") ? .container
                : equals("travelbug") ? .travelbug : .other
            case 17: self = equals("short_description") ? .shortDescription : .other
            default: self = .other
            }
        }
    }

    /// The parser's delegate: tracks the element path and fills one draft per waypoint,
    /// working on the names' UTF-8 bytes; a String is made only of the text it keeps.
    final class Delegate: XMLStreamParserDelegate {
        enum Target {
            case name, urlname, linkText, type, desc, cmt, sym, fileAuthor
            case cacheName, placedBy, owner, container, shortDescription
            case travelBugName
        }

        /// How deep elements may nest: GPX needs 6, LOC 3; libxml2 as the reader runs it
        /// has no limit of its own, and the path would grow with the input.
        static let maxDepth = 256

        let source: String
        /// Receives each finished waypoint; set only while the parser runs.
        var emit: ((PendingRecord) throws -> Void)?
        var thrown: (any Error)?
        var failure: ImportError?
        var sawRoot = false
        /// Whether the root is `<loc>` (geocaching.com's LOC format) rather than `<gpx>`.
        private(set) var isLOC = false
        /// The file's author (GPX 1.0 `<author>`, GPX 1.1 `<metadata><author><name>`).
        private var fileAuthor: String?
        /// The open elements: local name and whether it is in a Groundspeak namespace.
        private var path: [(name: LocalName, isGroundspeak: Bool)] = []
        private var draft: WaypointDraft?
        private var target: Target?
        private var targetDepth = 0
        private var text: [UInt8] = []

        init(source: String) {
            self.source = source
        }

        func parser(_ parser: XMLStreamParser, didStart localName: UnsafeBufferPointer<UInt8>,
                    prefix: UnsafeBufferPointer<UInt8>?, namespaceURI: UnsafeBufferPointer<UInt8>?,
                    attributes: XMLStreamParser.Attributes) {
            let depth = path.count + 1
            guard depth <= Self.maxDepth else {
                failure = ImportError(.malformedXML, source: source,
                                      position: TextPosition(line: parser.lineNumber, column: max(parser.columnNumber, 1)),
                                      reason: "refused: elements nested more than \(Self.maxDepth) deep")
                parser.abortParsing()
                return
            }
            let elementName = LocalName(localName)
            let isGroundspeak = namespaceURI.map(isGroundspeak) ?? false
            if path.isEmpty {
                sawRoot = true
                guard elementName == .gpx || elementName == .loc, !isGroundspeak else {
                    failure = ImportError(.notGPX, source: source,
                                          position: TextPosition(line: parser.lineNumber, column: parser.columnNumber),
                                          reason: "not a GPX or LOC document: the root element is <\(Self.qualifiedName(localName, prefix: prefix))>, "
                                              + "not <gpx> or <loc>")
                    parser.abortParsing()
                    return
                }
                isLOC = elementName == .loc
            } else if path.count == 1, elementName == (isLOC ? .waypoint : .wpt), !isGroundspeak {
                draft = WaypointDraft(position: TextPosition(line: parser.lineNumber, column: max(parser.columnNumber, 1)),
                                      fileAuthor: fileAuthor)
            } else if draft != nil, target == nil {
                if isLOC {
                    startLOCField(elementName, attributes: attributes)
                } else {
                    startField(elementName, isGroundspeak: isGroundspeak, attributes: attributes)
                }
            } else if draft == nil, target == nil, !isLOC, !isGroundspeak {
                startAuthor(elementName)
            }
            path.append((elementName, isGroundspeak))
            if target != nil, targetDepth == 0 {
                targetDepth = path.count
                text.removeAll(keepingCapacity: true)
            }
        }

        /// The name as written: `prefix:local`, or `local`.
        private static func qualifiedName(_ localName: UnsafeBufferPointer<UInt8>, prefix: UnsafeBufferPointer<UInt8>?) -> String {
            let local = String(decoding: localName, as: UTF8.self)
            guard let prefix, !prefix.isEmpty else { return local }
            return String(decoding: prefix, as: UTF8.self) + ":" + local
        }

        /// The namespace URI looked at last and whether it is Groundspeak's: libxml2
        /// keeps one copy of each URI for the whole parse, so the answer is reused while
        /// the same copy comes back (nearly every element of a file).
        private var lastNamespace: (uri: UnsafePointer<UInt8>, isGroundspeak: Bool)?

        /// Whether `uri` is a version of the Groundspeak cache extension's namespace.
        private func isGroundspeak(_ uri: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let start = uri.baseAddress else { return false }
            if let lastNamespace, lastNamespace.uri == start { return lastNamespace.isGroundspeak }
            let answer = GPXReader.groundspeakPrefixes.contains { prefix in
                prefix.utf8.count <= uri.count && zip(prefix.utf8, uri).allSatisfy { $0 == $1 }
            }
            lastNamespace = (start, answer)
            return answer
        }

        private func startField(_ name: LocalName, isGroundspeak: Bool, attributes: XMLStreamParser.Attributes) {
            guard let parent = path.last else { return }
            if isGroundspeak {
                if name == .cache { draft?.isCache = true; return }
                if parent.isGroundspeak, parent.name == .cache {
                    switch name {
                    case .name: target = .cacheName
                    case .placedBy: target = .placedBy
                    case .owner: target = .owner
                    case .container: target = .container
                    case .shortDescription:
                        target = .shortDescription
                        draft?.shortDescriptionIsHTML = attributes.value(of: "html")?.lowercased() == "true"
                    default: break
                    }
                } else if parent.isGroundspeak, parent.name == .travelbug, name == .name {
                    target = .travelBugName
                }
            } else if path.count == 2 {
                switch name {
                case .name: target = .name
                case .urlname: target = .urlname
                case .type: target = .type
                case .desc: target = .desc
                case .cmt: target = .cmt
                case .sym: target = .sym
                default: break
                }
            } else if path.count == 3, parent.name == .link, name == .text, draft?.linkText == nil {
                target = .linkText
            }
        }

        /// The file's author: `<gpx><author>` (GPX 1.0) or `<gpx><metadata><author><name>` (1.1).
        private func startAuthor(_ name: LocalName) {
            let names = path.map(\.name)
            if names == [.gpx], name == .author { target = .fileAuthor }
            if names == [.gpx, .metadata, .author], name == .name { target = .fileAuthor }
        }

        /// A field of a LOC `<waypoint>`: `<name id="CODE">TITLE by OWNER</name>` (often
        /// CDATA), `<type>`, `<container>` (a number). The name's text goes where a GPX
        /// waypoint's `<desc>` goes, so both are split into title and owner the same way.
        private func startLOCField(_ name: LocalName, attributes: XMLStreamParser.Attributes) {
            guard path.count == 2 else { return }
            switch name {
            case .name:
                draft?.name = attributes.value(of: "id")
                target = .desc
            case .type: target = .type
            case .container: target = .container
            default: break
            }
        }

        func parser(_ parser: XMLStreamParser, foundText bytes: UnsafeBufferPointer<UInt8>) {
            if target != nil { text.append(contentsOf: bytes) }
        }

        /// The name is not looked at: libxml2 has checked that it closes the open element.
        func parserDidEndElement(_ parser: XMLStreamParser) {
            if let finished = target, path.count == targetDepth {
                if finished == .shortDescription {
                    draft?.shortDescriptionBytes = text
                } else {
                    store(String(decoding: text, as: UTF8.self), in: finished)
                }
                target = nil
                targetDepth = 0
                text.removeAll(keepingCapacity: true)
            }
            let ended = path.removeLast()
            if path.count == 1, ended.name == (isLOC ? .waypoint : .wpt), !ended.isGroundspeak, let finished = draft {
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
            case .fileAuthor:
                let author = value.trimmingWhitespace()
                if !author.isEmpty { fileAuthor = author }
            case .cacheName: draft?.cacheName = value
            case .placedBy: draft?.placedBy = value
            case .owner: draft?.owner = value
            case .container: draft?.container = value
            case .shortDescription: draft?.shortDescriptionBytes = Array(value.utf8)
            case .travelBugName: draft?.travelBugs.append(value)
            }
        }
    }
}
