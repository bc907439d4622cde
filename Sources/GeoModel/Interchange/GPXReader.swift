import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads GPX 1.0 and 1.1 files with the Groundspeak cache extension, streaming.
///
/// The file goes through `XMLParser` in 64 KiB chunks, so memory stays flat however
/// big the file is. Before parsing, the prolog is checked: a document that declares
/// entities (`<!ENTITY` in a `<!DOCTYPE>`) is refused unread, and external entities
/// are never resolved. A waypoint becomes a cache like this:
///
/// - title: `groundspeak:name`, else the waypoint's `urlname`, else its GPX 1.1
///   `link/text`, else its `name`;
/// - creator: `groundspeak:placed_by`, else `groundspeak:owner`;
/// - details: the waypoint code (its `name`), ": ", and `groundspeak:short_description`
///   as plain text (HTML converted by ``HTMLText`` when `html="True"`);
/// - reward: the names of the travel bugs listed, joined by ", ", else
///   "Container: " and `groundspeak:container`.
///
/// A waypoint written by ``GPXWriter`` and not changed since is recognised by its code
/// (``GeoCache/interchangeCode`` of its fields) and read back exactly as written.
/// A waypoint without `groundspeak:cache` whose `type` does not start with "Geocache"
/// is not a geocache; it is reported as ``ImportRecord/notAGeocache(_:)``.
public enum GPXReader {
    /// The namespace prefix of every version of the Groundspeak cache extension.
    static let groundspeakPrefixes = ["http://www.groundspeak.com/cache/", "https://www.groundspeak.com/cache/"]

    /// Reads the GPX document from `reader`, emitting one record per waypoint.
    static func read(_ reader: ChunkReader, _ emit: (ImportRecord) throws -> Void) throws {
        try readPending(reader) { try emit($0.record) }
    }

    /// Reads the GPX document from `reader`, emitting each waypoint before it is mapped.
    static func readPending(_ reader: ChunkReader, _ emit: (PendingRecord) throws -> Void) throws {
        let validateUTF8 = try checkProlog(reader)
        let stream = ValidatingStream(reader: reader, validateUTF8: validateUTF8)
        let parser = XMLParser(stream: stream)
        // Namespaces are resolved by the delegate from the `xmlns` attributes: with
        // XMLParser's own processing on, it builds a namespace URI and a qualified name
        // string for every start and end tag.
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        let delegate = Delegate(source: reader.name)
        let succeeded = withoutActuallyEscaping(emit) { emit in
            delegate.emit = emit
            parser.delegate = delegate
            defer {
                parser.delegate = nil
                delegate.emit = nil
            }
            return parser.parse()
        }
        if let failure = stream.failure { throw failure }
        if let thrown = delegate.thrown { throw thrown }
        if let failure = delegate.failure { throw failure }
        if !succeeded || delegate.parseError != nil {
            let (code, position) = delegate.parseError ?? ((parser.parserError as NSError?)?.code ?? 0, nil)
            throw ImportError(.malformedXML, source: reader.name, position: position,
                              reason: "malformed XML: \(describe(code))")
        }
        if !delegate.sawRoot {
            throw ImportError(.notGPX, source: reader.name, reason: "not a GPX document: no root element")
        }
    }

    /// What one of libxml2's error codes (the codes XMLParser reports) means.
    static func describe(_ code: Int) -> String {
        switch code {
        case 4: "the document has no root element"
        case 5: "the document is cut short, or has content after its root element"
        case 9: "a character that XML does not allow (a control character?)"
        case 23: "an entity reference is missing its ';'"
        case 26, 27: "a reference to an undefined entity (an unescaped '&'?)"
        case 38: "'<' inside an attribute value"
        case 39, 41: "an attribute value without quotes"
        case 42: "an attribute given twice in one tag"
        case 68: "a name was expected here (an unescaped '&' or '<'?)"
        case 73: "'>' expected: a tag is not closed"
        case 76: "a closing tag does not match the element that is open"
        case 77: "an element is not finished (a truncated file?)"
        default: "libxml2 error \(code)"
        }
    }

    /// Scans the prolog (up to the root element) for entity declarations.
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
                    reason: "refused: the document type declares entities; GPX never needs them, and "
                        + "expanding them could exhaust memory (\"billion laughs\") or read other files "
                        + "(external entities). Nothing was read or imported.")
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
        case rootFound(encoding: String?)

        init(_ bytes: [UInt8], complete: Bool) {
            var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
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
                while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
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
                        } else if at("<!ENTITY", cursor) {
                            self = .entityDeclaration(cursor)
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

    /// What the reader collects about one `<wpt>` while it is open.
    struct WaypointDraft {
        var position: TextPosition
        var isCache = false
        var name: String?
        var urlname: String?
        var linkText: String?
        var type: String?
        var cacheName: String?
        var placedBy: String?
        var owner: String?
        var container: String?
        var shortDescription: String?
        var shortDescriptionIsHTML = false
        var travelBugs: [String] = []

        /// The record this waypoint stands for.
        func record(source: String) -> ImportRecord {
            let code = (name ?? "").trimmingWhitespace()
            let location = RecordLocation(source: source, code: code, position: position)
            let isGeocache = isCache || (type ?? "").trimmingWhitespace().lowercased().hasPrefix("geocache")
            guard isGeocache else { return .notAGeocache(location) }
            let cache = verbatimCache(code: code) ?? mappedCache(code: code)
            do {
                return .cache(try cache.validated(), location)
            } catch {
                return .rejected(RejectedRecord(location: location, reason: error.description))
            }
        }

        /// The cache exactly as GPXWriter wrote it, when the code proves it unchanged.
        private func verbatimCache(code: String) -> GeoCache? {
            guard isCache, code.hasPrefix("GT"), travelBugs.count == 1 else { return nil }
            let written = GeoCache(title: cacheName ?? "", details: shortDescription ?? "",
                                   creator: placedBy ?? "", reward: travelBugs[0])
            if written.interchangeCode == code { return written }
            var restored = written
            for field in GeoCache.Field.allCases {
                restored[field] = Self.restoringControls(written[field])
            }
            return restored.interchangeCode == code ? restored : nil
        }

        /// The cache by the general mapping for files from other tools.
        private func mappedCache(code: String) -> GeoCache {
            func firstNonBlank(_ candidates: String?...) -> String {
                candidates.lazy.compactMap { $0?.trimmingWhitespace() }.first { !$0.isEmpty } ?? ""
            }
            let description = shortDescription.map {
                shortDescriptionIsHTML ? HTMLText.plainText(fromHTML: $0) : $0.trimmingWhitespace()
            } ?? ""
            let details = [code, description].filter { !$0.isEmpty }.joined(separator: ": ")
            let bugs = travelBugs.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
            let container = firstNonBlank(container)
            let reward = !bugs.isEmpty ? bugs.joined(separator: ", ")
                : container.isEmpty ? "" : "Container: " + container
            return GeoCache(title: firstNonBlank(cacheName, urlname, linkText, name), details: details,
                            creator: firstNonBlank(placedBy, owner), reward: reward)
        }

        /// Control pictures (U+2400 to U+241F) back to the controls GPXWriter replaced.
        static func restoringControls(_ text: String) -> String {
            var scalars = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                if (0x2400...0x241F).contains(scalar.value), ![0x09, 0x0A, 0x0D].contains(scalar.value - 0x2400) {
                    scalars.append(Unicode.Scalar(scalar.value - 0x2400)!)
                } else {
                    scalars.append(scalar)
                }
            }
            return String(scalars)
        }
    }

    /// The local names the reader looks at; everything else is `.other`.
    enum LocalName {
        case gpx, wpt, name, urlname, type, link, text
        case cache, placedBy, owner, container, shortDescription, travelbug
        case other

        /// Classifies a local name by its UTF-8 bytes (length first, then the bytes).
        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            func equals(_ literal: StaticString) -> Bool {
                literal.utf8CodeUnitCount == bytes.count
                    && memcmp(bytes.baseAddress!, literal.utf8Start, bytes.count) == 0
            }
            switch bytes.count {
            case 3: self = equals("wpt") ? .wpt : equals("gpx") ? .gpx : .other
            case 4: self = equals("name") ? .name : equals("type") ? .type : equals("link") ? .link
                : equals("text") ? .text : .other
            case 5: self = equals("cache") ? .cache : equals("owner") ? .owner : .other
            case 7: self = equals("urlname") ? .urlname : .other
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
            case name, urlname, linkText, type
            case cacheName, placedBy, owner, container, shortDescription
            case travelBugName
        }

        let source: String
        /// Receives each finished waypoint; set only while the parser runs.
        var emit: ((PendingRecord) throws -> Void)?
        var thrown: (any Error)?
        var failure: ImportError?
        var parseError: (Int, TextPosition?)?
        var sawRoot = false
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
                guard elementName == .gpx, !isGroundspeak else {
                    failure = ImportError(.notGPX, source: source,
                                          position: TextPosition(line: parser.lineNumber, column: parser.columnNumber),
                                          reason: "not a GPX document: the root element is <\(qualifiedName)>, not <gpx>")
                    parser.abortParsing()
                    return
                }
            } else if path.count == 1, elementName == .wpt, !isGroundspeak {
                draft = WaypointDraft(position: TextPosition(line: parser.lineNumber, column: max(parser.columnNumber, 1)))
            } else if draft != nil, target == nil {
                startField(elementName, isGroundspeak: isGroundspeak, attributes: attributes)
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
                default: break
                }
            } else if path.count == 3, parent.name == .link, name == .text, draft?.linkText == nil {
                target = .linkText
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
            if path.count == 1, ended.name == .wpt, !ended.isGroundspeak, let finished = draft {
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

    /// Feeds XMLParser from a ``ChunkReader``, checking UTF-8 on the way through.
    final class ValidatingStream: InputStream {
        private let reader: ChunkReader
        private let validateUTF8: Bool
        private var tracker = UTF8Tracker()
        private var pending: [UInt8] = []
        private var pendingOffset = 0
        private var finished = false
        /// Set when reading failed: unreadable input or invalid UTF-8.
        private(set) var failure: ImportError?

        init(reader: ChunkReader, validateUTF8: Bool) {
            self.reader = reader
            self.validateUTF8 = validateUTF8
            super.init(data: Data())
        }

        override func open() {}
        override func close() {}
        override var streamStatus: Stream.Status { failure != nil ? .error : finished ? .atEnd : .open }
        override var hasBytesAvailable: Bool { !finished }
        override var streamError: (any Error)? { failure }

        override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
            if failure != nil { return -1 }
            if pendingOffset >= pending.count {
                do {
                    pending = try reader.nextChunk()
                } catch {
                    failure = error
                    return -1
                }
                pendingOffset = 0
                if pending.isEmpty {
                    finished = true
                    if validateUTF8, let (position, reason) = tracker.finish() {
                        failure = ImportError(.invalidUTF8, source: reader.name, position: position, reason: reason)
                        return -1
                    }
                    return 0
                }
                if validateUTF8 {
                    let problem = pending.withUnsafeBufferPointer { tracker.feed($0) }
                    if let (position, reason) = problem {
                        failure = ImportError(.invalidUTF8, source: reader.name, position: position, reason: reason)
                        return -1
                    }
                }
            }
            let count = min(length, pending.count - pendingOffset)
            pending.withUnsafeBufferPointer { source in
                buffer.update(from: source.baseAddress! + pendingOffset, count: count)
            }
            pendingOffset += count
            return count
        }
    }
}
