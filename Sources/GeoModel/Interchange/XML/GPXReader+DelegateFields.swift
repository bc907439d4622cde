import Foundation

extension GPXReader.Delegate {
    typealias LocalName = GPXReader.LocalName
    typealias Space = GPXReader.Space

    /// An element starts inside a `<wpt>`, on `line`: the field it fills, if the reader keeps it.
    func startField(_ name: LocalName, space: Space, attributes: XMLStreamParser.Attributes, line: Int) {
        guard let parent = path.last else { return }
        switch space {
        case .groundspeak: startGroundspeakField(name, parent: parent, attributes: attributes, line: line)
        case .terraCaching: startTerraCachingField(name, parent: parent, attributes: attributes)
        case .gsak:
            guard parent.space == .gsak, parent.name == .wptExtension else { return }
            if name == .code { target = .gsakCode }
            if name == .parent { target = .gsakParent }
            if name == .latBeforeCorrect { target = .gsakLatBefore }
            if name == .lonBeforeCorrect { target = .gsakLonBefore }
            if name == .userFound { target = .gsakUserFound }
            if name == .lastGpxDate { target = .gsakLastGpxDate }
        case .openCaching: startOpenCachingField(name, parent: parent, attributes: attributes)
        case .plain:
            if path.count == 2 {
                switch name {
                case .name: target = .name
                case .urlname: target = .urlname
                case .type: target = .type
                case .desc: target = .desc
                case .cmt: target = .cmt
                case .src: target = .src
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

    /// A field of `<groundspeak:cache>` (GPX 1.0 under `<wpt>`, 1.1 in `<extensions>`),
    /// GSAK's and GeoToad's attributes included.
    private func startGroundspeakField(_ name: LocalName, parent: (name: LocalName, space: Space),
                                       attributes: XMLStreamParser.Attributes, line: Int) {
        if name == .cache {
            if draft?.hasGroundspeakCache == true {
                if draft?.secondListing == nil { draft?.secondListing = TextPosition(line: line, column: 1) }
                return
            }
            draft?.isCache = true
            draft?.hasGroundspeakCache = true
            draft?.cacheID = attributes.bytes(of: "id").flatMap(Self.unsignedNumber)
            draft?.writtenCacheID = attributes.value(of: "id")
            let available = attributes.bytes(of: "available"), archived = attributes.bytes(of: "archived")
            draft?.available = available.flatMap(Self.boolean)
            draft?.archived = archived.flatMap(Self.boolean)
            draft?.unreadStatus = (available != nil && draft?.available == nil) || (archived != nil && draft?.archived == nil)
            return
        }
        if name == .travelbug {
            draft?.onceRead &= ~Target.travelBugName.bit
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
            case .owner:
                target = .owner
                draft?.ownerID = attributes.value(of: "id")
            case .type: target = .cacheType
            case .container: target = .container
            case .difficulty: target = .difficulty
            case .terrain: target = .terrain
            case .country: target = .country
            case .state: target = .state
            case .encodedHints: target = .hint
            case .shortDescription:
                target = .shortDescription
                draft?.shortDescriptionIsHTML = Self.isTrue(attributes.bytes(of: "html"))
            case .longDescription:
                target = .longDescription
                draft?.longDescriptionIsHTML = Self.isTrue(attributes.bytes(of: "html"))
            default: break
            }
        case .attributes:
            if name == .attribute { startAttribute(source: CacheAttribute.groundspeak, attributes) }
        case .travelbug: if name == .name { target = .travelBugName }
        case .logs: if name == .log { draft?.startLog(id: attributes.bytes(of: "id")) }
        case .log:
            if name == .finder { draft?.setFinderID(attributes.bytes(of: "id")) }
            if name == .text, attributes.bytes(of: "encoded").flatMap(Self.boolean) == true, let count = draft?.logCount, count > 0 {
                draft?.encodedLogs.append(count - 1)
            }
            startLogField(name, finder: .finder, text: .text)
        default: break
        }
    }

    /// A field of `<terra:terracache>`.
    private func startTerraCachingField(_ name: LocalName, parent: (name: LocalName, space: Space),
                                        attributes: XMLStreamParser.Attributes) {
        if name == .terracache {
            draft?.isCache = true
            draft?.writtenCacheID = attributes.value(of: "id")
            return
        }
        guard parent.space == .terraCaching else { return }
        switch parent.name {
        case .terracache:
            switch name {
            case .name: target = .cacheName
            case .owner:
                target = .owner
                draft?.ownerID = attributes.value(of: "id")
            case .style: target = .cacheType
            case .size: target = .container
            case .country: target = .country
            case .state: target = .state
            case .hint: target = .hint
            case .description:
                target = .longDescription
                draft?.longDescriptionIsHTML = true
            default: break
            }
        case .logs: if name == .log { draft?.startLog(id: attributes.bytes(of: "id")) }
        case .log:
            if name == .user { draft?.setFinderID(attributes.bytes(of: "id")) }
            startLogField(name, finder: .user, text: .entry)
        default: break
        }
    }

    /// A field of `<oc:cache>`: its type, size, and Opencaching's own attributes
    /// (`<oc:attribute id="…" inc="1">` at any depth within it).
    private func startOpenCachingField(_ name: LocalName, parent: (name: LocalName, space: Space),
                                       attributes: XMLStreamParser.Attributes) {
        if name == .cache { draft?.isCache = true; return }
        guard parent.space == .openCaching else { return }
        if name == .attribute, path.contains(where: { $0.name == .cache && $0.space == .openCaching }) {
            startAttribute(source: CacheAttribute.openCaching, attributes)
            return
        }
        guard parent.name == .cache else { return }
        if name == .type { target = .openCachingType }
        if name == .size { target = .openCachingSize }
    }

    /// An attribute starts: its id and whether it holds (`inc="0"` is off; anything
    /// else, or no `inc`, is on); its text is its name.
    private func startAttribute(source: String, _ attributes: XMLStreamParser.Attributes) {
        let inc = attributes.value(of: "inc")?.trimmingWhitespace()
        draft?.attributes.append(CacheAttribute(source: source, id: attributes.value(of: "id") ?? "",
                                                isOn: inc != "0" && inc?.lowercased() != "false", name: ""))
        target = .attributeName
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

    /// An XML Schema boolean (`true`, `false`, `1`, `0`; any case: producers write `True`), else nil.
    private static func boolean(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        // Nearly always a bare `True` or `False` (a log's `encoded`): with only ASCII
        // letters and digits there is nothing to trim, and ASCII's case is all there is.
        if bytes.allSatisfy(\.isASCIIAlphanumeric) {
            func reads(_ word: StaticString) -> Bool {
                bytes.count == word.utf8CodeUnitCount
                    && zip(bytes, UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
                        .allSatisfy { $0.asciiLowercased == $1 }
            }
            if reads("true") || reads("1") { return true }
            if reads("false") || reads("0") { return false }
            return nil
        }
        return switch String(decoding: bytes, as: UTF8.self).trimmingWhitespace().lowercased() {
        case "true", "1": true
        case "false", "0": false
        default: nil
        }
    }

    /// Whether an attribute reads "true" in any case (`html="True"`).
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

    /// Keeps the text of a field that has ended.
    func store(_ value: String, in target: Target) {
        switch target {
        case .name: draft?.name = value
        case .urlname: draft?.urlname = value
        case .linkText: draft?.linkText = value
        case .type: draft?.type = value
        case .desc: draft?.desc = value
        case .cmt: draft?.cmt = value
        case .src: draft?.src = value
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
        case .country: draft?.country = value
        case .state: draft?.state = value
        case .hint: draft?.hint = value
        case .gsakCode: draft?.gsakCode = value
        case .gsakParent: draft?.gsakParent = value
        case .gsakLatBefore: draft?.latitudeBeforeCorrection = value
        case .gsakLonBefore: draft?.longitudeBeforeCorrection = value
        case .gsakUserFound: draft?.userFound = value
        case .gsakLastGpxDate: draft?.lastGpxDate = value
        case .openCachingType: draft?.openCachingType = value
        case .openCachingSize: draft?.openCachingSize = value
        case .shortDescription: draft?.shortDescriptionBytes = Array(value.utf8)
        case .longDescription: draft?.longDescriptionBytes = Array(value.utf8)
        case .attributeName:
            if let last = draft?.attributes.indices.last { draft?.attributes[last].name = value }
        case .travelBugName:
            draft?.travelBugs.append(value)
            if let last = draft?.travelBugRecords.indices.last { draft?.travelBugRecords[last].name = value }
        case .logDate, .logType, .logFinder, .logText: break
        }
    }
}
