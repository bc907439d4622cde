import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

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

    /// The XMLParser delegate: tracks the element path and fills one draft per waypoint.
    ///
    /// XMLParser runs with namespace processing off (its own builds a namespace URI and
    /// a qualified name string for every start and end tag), so the delegate resolves
    /// prefixes itself from the `xmlns` attributes, working on the names' UTF-8 bytes.
    final class Delegate: NSObject, XMLParserDelegate {
        enum Target {
            case name, urlname, linkText, type, desc, cmt, sym, fileAuthor
            case cacheName, placedBy, owner, container, shortDescription
            case travelBugName
        }

        /// How deep elements may nest: GPX needs 6, LOC 3; libxml2 as XMLParser runs it
        /// has no limit of its own, and the path would grow with the input.
        static let maxDepth = 256

        let source: String
        /// Receives each finished waypoint; set only while the parser runs.
        var emit: ((PendingRecord) throws -> Void)?
        var thrown: (any Error)?
        var failure: ImportError?
        var parseError: (Int, TextPosition?)?
        var sawRoot = false
        /// Whether the root is `<loc>` (geocaching.com's LOC format) rather than `<gpx>`.
        private(set) var isLOC = false
        /// The file's author (GPX 1.0 `<author>`, GPX 1.1 `<metadata><author><name>`).
        private var fileAuthor: String?
        /// The open elements: local name and whether it is in a Groundspeak namespace.
        private var path: [(name: LocalName, isGroundspeak: Bool)] = []
        /// The namespace prefixes in scope (empty for the default namespace), innermost
        /// last, with the depth of the element that declared each.
        private var bindings: [(prefix: [UInt8], isGroundspeak: Bool, depth: Int)] = []
        private var draft: WaypointDraft?
        private var target: Target?
        private var targetDepth = 0
        private var text = ""

        init(source: String) {
            self.source = source
        }

        /// With namespace processing off, `qualifiedName` is the name as written
        /// (`groundspeak:cache`) and namespace declarations are among the attributes.
        func parser(_ parser: XMLParser, didStartElement qualifiedName: String, namespaceURI: String?,
                    qualifiedName _: String?, attributes: [String: String] = [:]) {
            let depth = path.count + 1
            guard depth <= Self.maxDepth else {
                failure = ImportError(.malformedXML, source: source,
                                      position: TextPosition(line: parser.lineNumber, column: max(parser.columnNumber, 1)),
                                      reason: "refused: elements nested more than \(Self.maxDepth) deep")
                parser.abortParsing()
                return
            }
            if !attributes.isEmpty { declareNamespaces(attributes, depth: depth) }
            var written = qualifiedName
            let (elementName, isGroundspeak) = written.withUTF8 { bytes in
                var colon = 0
                while colon < bytes.count, bytes[colon] != UInt8(ascii: ":") { colon += 1 }
                let hasPrefix = colon < bytes.count
                let prefix = UnsafeBufferPointer(rebasing: bytes[0..<(hasPrefix ? colon : 0)])
                let local = UnsafeBufferPointer(rebasing: bytes[(hasPrefix ? colon + 1 : 0)...])
                return (LocalName(local), isBoundToGroundspeak(prefix))
            }
            if path.isEmpty {
                sawRoot = true
                guard elementName == .gpx || elementName == .loc, !isGroundspeak else {
                    failure = ImportError(.notGPX, source: source,
                                          position: TextPosition(line: parser.lineNumber, column: parser.columnNumber),
                                          reason: "not a GPX or LOC document: the root element is <\(qualifiedName)>, "
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
                text = ""
            }
        }

        /// Whether `prefix` (empty: the default namespace) is bound to a Groundspeak
        /// namespace where the element starts.
        private func isBoundToGroundspeak(_ prefix: UnsafeBufferPointer<UInt8>) -> Bool {
            for binding in bindings.reversed() where binding.prefix.count == prefix.count {
                let same = binding.prefix.withUnsafeBufferPointer { declared in
                    prefix.isEmpty || memcmp(declared.baseAddress!, prefix.baseAddress!, prefix.count) == 0
                }
                if same { return binding.isGroundspeak }
            }
            return false
        }

        /// Records the `xmlns` and `xmlns:prefix` attributes of an element at `depth`.
        private func declareNamespaces(_ attributes: [String: String], depth: Int) {
            for (key, value) in attributes {
                var key = key
                let prefix: [UInt8]? = key.withUTF8 { bytes in
                    guard bytes.count >= 5, memcmp(bytes.baseAddress!, "xmlns", 5) == 0 else { return nil }
                    if bytes.count == 5 { return [] }
                    guard bytes[5] == UInt8(ascii: ":") else { return nil }
                    return Array(bytes[6...])
                }
                guard let prefix else { continue }
                let isGroundspeak = GPXReader.groundspeakPrefixes.contains { value.hasPrefix($0) }
                bindings.append((prefix, isGroundspeak, depth))
            }
        }

        private func startField(_ name: LocalName, isGroundspeak: Bool, attributes: [String: String]) {
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
                        draft?.shortDescriptionIsHTML = attributes["html"]?.lowercased() == "true"
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
        private func startLOCField(_ name: LocalName, attributes: [String: String]) {
            guard path.count == 2 else { return }
            switch name {
            case .name:
                draft?.name = attributes["id"]
                target = .desc
            case .type: target = .type
            case .container: target = .container
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if target != nil { text += string }
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            if target != nil { text += String(decoding: CDATABlock, as: UTF8.self) }
        }

        /// The name is not looked at: XMLParser has checked that it closes the open element.
        func parser(_ parser: XMLParser, didEndElement qualifiedName: String, namespaceURI: String?,
                    qualifiedName _: String?) {
            if let finished = target, path.count == targetDepth {
                store(text, in: finished)
                target = nil
                targetDepth = 0
                text = ""
            }
            let ended = path.removeLast()
            while let binding = bindings.last, binding.depth > path.count { bindings.removeLast() }
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
            case .shortDescription: draft?.shortDescription = value
            case .travelBugName: draft?.travelBugs.append(value)
            }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            guard self.parseError == nil, failure == nil, thrown == nil else { return }
            self.parseError = ((parseError as NSError).code,
                               TextPosition(line: parser.lineNumber, column: max(parser.columnNumber, 1)))
        }
    }
}
