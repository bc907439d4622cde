/// The members of a cache's object, written from its stored bytes: the four fields'
/// and the code's UTF-8 and the listing's encoding read in place
/// (``ListingEncoding/Facts``), each text escaped straight into the writer's buffer.
extension JSONInterchange {
    /// A part of an object of a list: a text, a literal (a boolean, a number), or none.
    private enum Part {
        case absent
        case text(UnsafeBufferPointer<UInt8>)
        case literal(String)
    }

    /// The text of each rating, by its halves (``Rating/text``), as bytes.
    private static let ratingTexts: [[UInt8]] = (0...10).map { Rating(halves: $0).map { Array($0.text.utf8) } ?? [] }

    /// Every key the cache has, in the layout's order, without the closing line.
    ///
    /// `facts` is not optional (no listing: ``ListingEncoding/Facts/init()``, every fact
    /// absent): an optional's binding per key copied its 144 bytes each time, a tenth of
    /// `list --json`'s instructions (callgrind).
    static func writeMembers(of row: CacheRowBytes, facts: ListingEncoding.Facts, layout: Layout,
                             to output: inout BufferedWriter) {
        var isFirst = true
        let openings = layout.openings
        let quoting = layout.quoting
        func open(_ index: Int, isString: Bool = false) {
            output.append(raw: openings.opening(index, isString: isString, isFirst: isFirst))
            isFirst = false
        }
        func string(_ index: Int, _ value: UnsafeBufferPointer<UInt8>?) {
            guard let value else { return }
            open(index, isString: true)
            output.appendEscaped(stored: value, quoting)
            output.append(byte: UInt8(ascii: "\""))
        }
        func literal(_ index: Int, _ value: StaticString?) {
            guard let value else { return }
            open(index)
            output.append(value)
        }
        func number(_ index: Int, _ value: String?) {
            guard let value else { return }
            open(index)
            output.append(text: value)
        }
        func rating(_ index: Int, _ halves: UInt8?) {
            guard let halves else { return }
            open(index)
            output.append(bytes: ratingTexts[Int(halves)])
        }
        func boolean(_ value: UInt8?) -> StaticString? { value.map { $0 == 1 ? "true" : "false" } }
        for (index, key) in layout.keys.enumerated() {
            let name: GeoCache.ListingKey
            switch key {
            case .field(let field):
                string(index, row.fields[field])
                continue
            case .listing(let key): name = key
            }
            switch name {
            case .code: string(index, row.code)
            case .latitude: number(index, row.coordinate?.latitudeText)
            case .longitude: number(index, row.coordinate?.longitudeText)
            case .type: string(index, facts.text(.type))
            case .container: string(index, facts.text(.container))
            case .difficulty: rating(index, facts.byte(.difficulty))
            case .terrain: rating(index, facts.byte(.terrain))
            case .hint: string(index, facts.text(.hint))
            case .longDescription: string(index, facts.text(.longDescription))
            case .longDescriptionIsHTML: literal(index, facts.has(.longDescriptionIsHTML) ? "true" : nil)
            case .url: string(index, facts.text(.url))
            case .placed: string(index, facts.text(.placed))
            case .symbol: string(index, facts.text(.symbol))
            case .available: literal(index, boolean(facts.byte(.available)))
            case .archived: literal(index, boolean(facts.byte(.archived)))
            case .shortDescription: string(index, facts.text(.shortDescription))
            case .shortDescriptionIsHTML: literal(index, facts.has(.shortDescriptionIsHTML) ? "true" : nil)
            case .country: string(index, facts.text(.country))
            case .state: string(index, facts.text(.state))
            case .cacheID: string(index, facts.text(.cacheID))
            case .ownerName: string(index, facts.text(.ownerName))
            case .ownerID: string(index, facts.text(.ownerID))
            case .travelBugs, .logs, .attributes, .waypoints:
                // Asked first in line: most caches have none of the lists.
                guard facts.has(listTag(name)), let list = facts.list(listTag(name)) else { continue }
                open(index)
                writeList(name, of: list, encoded: name == .logs ? facts.list(.encodedLogs) : nil, layout: layout,
                          to: &output)
            }
        }
    }

    /// The encoding's tag of a list.
    private static func listTag(_ key: GeoCache.ListingKey) -> ListingEncoding.Tag {
        switch key {
        case .travelBugs: .travelBugs
        case .logs: .identifiedLogs
        case .attributes: .attributes
        default: .waypoints
        }
    }

    /// A list's array of objects, each with the members it has (``listMembers``) in the
    /// layout's order; the list is read from its encoding, which ``ListingEncoding/Facts``
    /// has checked. `encoded`: the places of the logs hidden as spoilers, when any.
    private static func writeList(_ key: GeoCache.ListingKey, of list: (count: Int, reader: ListingEncoding.Reader),
                                  encoded: (count: Int, reader: ListingEncoding.Reader)?, layout: Layout,
                                  to output: inout BufferedWriter) {
        let names = listMembers[key] ?? []
        let order = layout.memberOrders[key] ?? []
        var reader = list.reader
        var encodedLeft = encoded?.count ?? 0
        var encodedPlaces = encoded?.reader
        var nextEncoded = encodedLeft > 0 ? encodedPlaces?.varint() : nil
        output.append("[\n")
        for element in 0..<list.count {
            var parts = InlineArray<10, Part>(repeating: .absent)
            func text() -> Part { reader.textBytes().map(Part.text) ?? .absent }
            func optionalText() -> Part { (reader.optionalTextBytes() ?? nil).map(Part.text) ?? .absent }
            func textUnlessEmpty() -> Part {
                guard let bytes = reader.textBytes(), !bytes.isEmpty else { return .absent }
                return .text(bytes)
            }
            switch key {
            case .travelBugs:
                for part in 0..<3 { parts[part] = text() }
            case .logs:
                for part in 0..<4 { parts[part] = text() }
                parts[4] = textUnlessEmpty()
                parts[5] = textUnlessEmpty()
                if element == nextEncoded {
                    parts[6] = .literal("true")
                    encodedLeft -= 1
                    nextEncoded = encodedLeft > 0 ? encodedPlaces?.varint() : nil
                }
            case .attributes:
                parts[0] = text()
                parts[1] = text()
                parts[2] = .literal(reader.byte() == 1 ? "true" : "false")
                parts[3] = text()
            default:
                for part in 0..<4 { parts[part] = text() }
                for part in 6..<10 { parts[part] = optionalText() }
                if let place = reader.place() ?? nil {
                    parts[4] = .literal(place.latitudeText)
                    parts[5] = .literal(place.longitudeText)
                }
            }
            output.append(element == 0 ? "      {\n" : ",\n      {\n")
            var isFirstMember = true
            for member in order {
                let value: Part = parts[member]
                if case .absent = value { continue }
                output.append(isFirstMember ? "        \"" : ",\n        \"")
                isFirstMember = false
                output.append(text: names[member])
                output.append("\"")
                output.append(text: layout.separator)
                switch value {
                case .absent: break
                case .text(let bytes):
                    output.append("\"")
                    output.appendEscaped(stored: bytes, layout.quoting)
                    output.append("\"")
                case .literal(let text): output.append(text: text)
                }
            }
            output.append("\n      }")
        }
        output.append("\n    ]")
    }
}

extension CacheFieldBytes {
    /// The bytes of `field`.
    subscript(field: GeoCache.Field) -> UnsafeBufferPointer<UInt8> {
        switch field {
        case .title: title
        case .details: details
        case .creator: creator
        case .reward: reward
        }
    }
}
