import Foundation

extension GPXReader {
    /// What the reader collects about one `<wpt>` while it is open.
    struct WaypointDraft {
        var position: TextPosition
        /// The file's author, when it named one before this waypoint.
        var fileAuthor: String?
        /// The file's time (``FileHeader/time``): the age of the listing it carries.
        var fileTime: String?
        /// Whether geocache-tui wrote the file (``FileHeader/isOurs``).
        var fileIsOurs = false
        var isCache = false
        /// Whether the waypoint has a `groundspeak:cache`, which writes the whole listing.
        var hasGroundspeakCache = false
        /// What the record can say about a stored cache of its code (a plain waypoint's
        /// fields as ``mapped(source:)`` finds them given; none here, for its waypoints).
        var coverage: GeoCache.Coverage {
            if isLOCWaypoint { return fileIsOurs ? .ownLocation : .location }
            return hasGroundspeakCache ? .wholeListing : isCache ? .complete : .plainWaypoint(gives: [])
        }
        /// The `lat` and `lon` attributes, read exactly; nil when the waypoint has none.
        var coordinate: Coordinate?
        /// What is wrong with the `lat` or `lon` given, when one is not an angle.
        var coordinateProblem: String?
        /// Where a waypoint element inside this one starts: waypoints do not nest, so the
        /// file is not what it claims, and this waypoint is rejected rather than the inner
        /// one dropped unsaid.
        var nestedWaypoint: TextPosition?
        /// Where a second `groundspeak:cache` in this waypoint starts: a waypoint is one
        /// cache, so the file is not what it claims, and the waypoint is rejected rather
        /// than two listings merged into one.
        var secondListing: TextPosition?
        /// The first element the waypoint holds a second of where it, a log or a travel
        /// bug holds one (``GPXReader/Delegate/takesOnce(_:localName:prefix:line:)``): the
        /// waypoint is rejected rather than the last one taken.
        var repeatedElement: RepeatedElement?
        /// The targets read so far that may be read once, a bit each (``GPXReader/Delegate/Target/bit``).
        var onceRead: UInt64 = 0
        var name: String?
        var urlname: String?
        var linkText: String?
        var type: String?
        var desc: String?
        var cmt: String?
        var sym: String?
        var time: String?
        var url: String?
        var cacheName: String?
        var placedBy: String?
        /// `available` and `archived` of `groundspeak:cache`, nil where unsaid.
        var available: Bool?
        var archived: Bool?
        /// Whether `available` or `archived` was given as neither true nor false (`yes`, empty).
        var unreadStatus = false
        var owner: String?
        var container: String?
        /// `groundspeak:type`, or TerraCaching's `style`.
        var cacheType: String?
        var difficulty: String?
        var terrain: String?
        var hint: String?
        /// `gsak:Code`: the code when GSAK wrote a "smart name" as the waypoint's name.
        var gsakCode: String?
        /// `gsak:Parent`: the code of the cache an additional waypoint belongs to.
        var gsakParent: String?
        /// `gsak:LatBeforeCorrect` and `gsak:LonBeforeCorrect`: the listing's place of a
        /// cache whose `lat` and `lon` are someone's corrected ones (GSAK's exports, and
        /// geocache-tui's): the listing keeps these; a correction is the person's own.
        var latitudeBeforeCorrection: String?
        var longitudeBeforeCorrection: String?
        /// `gsak:UserFound`: when the person found the cache. In geocache-tui's own
        /// exports it marks a `Geocache Found` symbol that the person's find gave, not
        /// the listing.
        var userFound: String?
        /// `gsak:LastGpxDate`: in geocache-tui's own exports, the age of the cache's
        /// listing (``Listing/asOf``), empty for a listing without one.
        var lastGpxDate: String?

        /// Whether the file says the corrected place is over a listing without one: both
        /// `gsak:LatBeforeCorrect` and `gsak:LonBeforeCorrect` given and empty, as
        /// geocache-tui's export writes a cache that has only the person's final. The
        /// listing then takes no place from `lat` and `lon`.
        var correctsNoPlace: Bool {
            latitudeBeforeCorrection?.trimmingWhitespace().isEmpty == true
                && longitudeBeforeCorrection?.trimmingWhitespace().isEmpty == true
        }

        /// The listing's place under a correction, when both parts are angles.
        var placeBeforeCorrection: Coordinate? {
            guard let latitude = latitudeBeforeCorrection.flatMap({ Self.microdegrees($0, Coordinate.maximumLatitudeMicrodegrees) }),
                  let longitude = longitudeBeforeCorrection.flatMap({ Self.microdegrees($0, Coordinate.maximumLongitudeMicrodegrees) })
            else { return nil }
            return Coordinate(latitudeMicrodegrees: latitude, longitudeMicrodegrees: longitude)
        }

        private static func microdegrees(_ text: String, _ limit: Int32) -> Int32? {
            var bytes = Array(text.trimmingWhitespace().utf8)
            return bytes.withUnsafeMutableBufferPointer { DecimalDegrees.microdegrees(UnsafeBufferPointer($0), limit: limit) }
        }
        var openCachingType: String?
        var openCachingSize: String?
        /// The `id` of `groundspeak:cache` as a number: in exports of geocache-tui
        /// before `<src>` carried the digest of the four fields, it told an unchanged
        /// waypoint of ours (``GPXWriter``).
        var cacheID: UInt64?
        /// The `id` of `groundspeak:cache` (or `terra:terracache`) as written.
        var writtenCacheID: String?
        /// `<src>`: ``GPXWriter`` writes "geocache-tui" and the digest of the four fields there.
        var src: String?
        /// The `id` of `groundspeak:owner` (or `terra:owner`) as written.
        var ownerID: String?
        var country: String?
        var state: String?
        /// The attributes, in file order (the name filled in when its text ends).
        var attributes: [CacheAttribute] = []
        /// The logs whose text is `encoded="True"`, by number.
        var encodedLogs: [Int] = []
        /// `groundspeak:short_description` as libxml2 gave it: made into text on the
        /// storing thread, not the parsing one (HTML straight from the bytes).
        var shortDescriptionBytes: [UInt8]?
        var shortDescription: String? { shortDescriptionBytes.map { String(decoding: $0, as: UTF8.self) } }
        var shortDescriptionIsHTML = false
        /// The long description's bytes, kept raw (HTML stays HTML).
        var longDescriptionBytes: [UInt8]?
        var longDescriptionIsHTML = false
        var travelBugs: [String] = []
        /// Each `groundspeak:travelbug` with its id, reference and name, in file order.
        var travelBugRecords: [TravelBug] = []
        /// How many logs, attributes and travel bugs the waypoint has so far.
        var partCount: Int { logCount + attributes.count + travelBugRecords.count }
        /// The bytes of every log field of the waypoint, one after the other: a log costs
        /// no allocation of its own while the file is parsed.
        var logBytes: [UInt8] = []
        /// The `id` of each log and of its finder, as written, one after the other: made
        /// into Strings with the logs, on the storing thread.
        var logIDBytes: [UInt8] = []
        /// Per log, ``logBoundsStride`` offsets, start and end of each part: its date,
        /// type, finder and text in ``logBytes``, then its id and its finder's id in
        /// ``logIDBytes`` (an absent part is empty).
        var logBounds: [Int] = []
        /// How many log bytes and bounds to make room for at the first log: the last
        /// waypoint's, as pocket queries give every cache about as many logs.
        var logCapacityHint = (bytes: 0, ids: 0, bounds: 0)
        /// The log field that is open: where its bounds are in ``logBounds``.
        var openLogField: Int?

        init(position: TextPosition, fileAuthor: String? = nil) {
            self.position = position
            self.fileAuthor = fileAuthor
        }

        /// The record this waypoint stands for.
        func record(source: String) -> ImportRecord {
            mapped(source: source).record
        }

        /// The record, and where its creator came from when the waypoint named no owner.
        func mapped(source: String) -> (record: ImportRecord, fallback: CreatorFallback?) {
            let written = (name ?? "").trimmingWhitespace()
            let location = RecordLocation(source: source, code: written, position: position)
            if let nestedWaypoint {
                let element = isLOCWaypoint ? "<waypoint>" : "<wpt>"
                let reason = "holds another \(element) (line \(nestedWaypoint.line)): waypoints do not nest, so neither is imported"
                return (.rejected(RejectedRecord(location: location, reason: reason)), nil)
            }
            if let secondListing {
                let reason = "holds a second <groundspeak:cache> (line \(secondListing.line)): a waypoint is one cache, "
                    + "so it is not imported"
                return (.rejected(RejectedRecord(location: location, reason: reason)), nil)
            }
            if let repeatedElement {
                return (.rejected(RejectedRecord(location: location, reason: repeatedElement.reason)), nil)
            }
            guard isGeocache(code: written) else { return (additionalWaypoint(location: location), nil) }
            if let coordinateProblem {
                return (.rejected(RejectedRecord(location: location, reason: coordinateProblem)), nil)
            }
            let code = cacheCode(name: written)
            // The code as the file wrote it when that is the code, else the code found.
            let shownCode = CacheCode.normalized(written) == code ? written : code ?? written
            var fallback: CreatorFallback?
            let found = verbatimCache()
            let verbatim = found?.cache
            var coverage = coverage
            var cache = verbatim ?? mappedCache(code: shownCode, fallback: &fallback, coverage: &coverage)
            cache.code = code
            // geocache-tui's exports before caches had a place wrote every cache at 0,0 as
            // a Traditional Cache, "Not chosen", D1/T1: facts of none of them, and no
            // digest in `<src>`. Its exports since write a cache at 0,0 only when it lies
            // there (a typed-in cache at 0,0 may have just those facts), and another
            // program's 0,0 stands for no position: in `lat` and `lon`, and in the place
            // before a correction, which is then no value (and `lat` and `lon` stand).
            let oldExport = verbatim != nil && sourceDigest == nil && coordinate == Self.nullIsland
                && Self.isOldExportListing(listing)
            let zeroIsNone = verbatim == nil || oldExport
            let noPosition = coordinate == Self.nullIsland && zeroIsNone
            let listed = placeBeforeCorrection.flatMap { zeroIsNone && $0 == Self.nullIsland ? nil : $0 }
            cache.coordinate = listed ?? (noPosition || correctsNoPlace ? nil : coordinate)
            cache.listing = oldExport ? .empty : listing
            // geocache-tui's export writes the symbol of a cache the person found as
            // `Geocache Found`, with gsak:UserFound when the listing's own symbol is not
            // that: it is the person's find (their own data), not the listing's.
            if verbatim != nil, Self.nonBlank(userFound) != nil, cache.listing.symbol == Listing.foundSymbol {
                cache.listing.symbol = nil
            }
            if let verbatim {
                // The id geocache-tui's export writes for a cache without one of its own,
                // and the travel bug it writes for a reward that is not the listing's (that
                // id, and the reward as its name, its control characters written as their
                // pictures), are not the listing's.
                let ours = String(verbatim.interchangeDigest % 1_000_000_000)
                if cache.listing.cacheID == ours { cache.listing.cacheID = nil }
                let reward = verbatim.reward.trimmingWhitespace()
                cache.listing.travelBugs.removeAll {
                    $0.id == ours && ($0.name == reward || Self.restoringControls($0.name) == reward)
                }
                // The short description is the listing's own only when the details were in `<cmt>`.
                if found?.detailsInComment == false {
                    cache.listing.shortDescription = nil
                    cache.listing.shortDescriptionIsHTML = false
                }
            }
            do {
                return (.cache(try cache.validated(), location, coverage: coverage), fallback)
            } catch {
                return (.rejected(RejectedRecord(location: location, reason: rejection(error))), nil)
            }
        }

        /// Why a cache the waypoint stands for is not valid, in the file's terms where the
        /// form's would not say what the file lacks: its details are its code and its
        /// descriptions, so empty details are a waypoint with neither.
        private func rejection(_ error: GeoCacheValidationError) -> String {
            guard error.missingFields.contains(.details) else { return error.description }
            let others = error.missingFields.filter { $0 != .details }
            let codeElement = isLOCWaypoint ? "<name id>" : "<name>"
            let lacking = "no code (its \(codeElement) is empty) and no description, so Details is empty"
            guard !others.isEmpty else { return lacking }
            return GeoCacheValidationError(missingFields: others).description + "; " + lacking
        }

        /// Latitude 0, longitude 0: where geocache-tui's exports before coordinates put
        /// every cache, and where other programs put a waypoint without a position; read
        /// as no coordinate, except in geocache-tui's own later exports.
        static let nullIsland = Coordinate(latitudeMicrodegrees: 0, longitudeMicrodegrees: 0)

        /// The facts geocache-tui's exports before coordinates gave every cache: a
        /// Traditional Cache, container "Not chosen", difficulty and terrain 1.
        static func isOldExportListing(_ listing: Listing) -> Bool {
            listing.type == "Traditional Cache" && listing.container == "Not chosen"
                && listing.difficulty?.halves == 2 && listing.terrain?.halves == 2
        }

        /// Whether the waypoint came from a LOC file: a LOC waypoint is never a
        /// Groundspeak cache and carries its code as an attribute of its name.
        var isLOCWaypoint = false

        /// The listing facts the waypoint carries.
        var listing: Listing {
            func nonBlank(_ text: String?) -> String? {
                guard let trimmed = text?.trimmingWhitespace(), !trimmed.isEmpty else { return nil }
                return trimmed
            }
            var listing = Listing()
            let suffix = Self.descSuffix(desc)
            listing.type = nonBlank(cacheType).map(Self.withoutGeocachePrefix) ?? nonBlank(openCachingType)
                ?? Self.typeFromWaypointType(type) ?? suffix?.type
            listing.container = Self.containerName(container)
                ?? nonBlank(openCachingSize)
            listing.difficulty = difficulty.flatMap(Rating.init(text:)) ?? suffix?.difficulty
            listing.terrain = terrain.flatMap(Rating.init(text:)) ?? suffix?.terrain
            listing.hint = nonBlank(hint)
            if let longDescriptionBytes, !longDescriptionBytes.allSatisfy(\.isASCIIWhitespaceByte) {
                listing.longDescription = String(decoding: longDescriptionBytes, as: UTF8.self)
                listing.longDescriptionIsHTML = longDescriptionIsHTML
            }
            listing.url = nonBlank(url)
            listing.placed = nonBlank(time).map(Self.utcTime)
            listing.logs = logs
            listing.symbol = Listing.keptSymbol(sym)
            listing.travelBugs = travelBugRecords.map {
                TravelBug(id: $0.id.trimmingWhitespace(), ref: $0.ref.trimmingWhitespace(), name: $0.name.trimmingWhitespace())
            }.filter { !$0.name.isEmpty || !$0.ref.isEmpty || !$0.id.isEmpty }
            (listing.available, listing.archived) = Listing.keptStatus(available: available, archived: archived)
            if let shortDescriptionBytes {
                listing.shortDescription = String(decoding: shortDescriptionBytes, as: UTF8.self)
                listing.shortDescriptionIsHTML = shortDescriptionIsHTML
            }
            listing.country = nonBlank(country)
            listing.state = nonBlank(state)
            listing.cacheID = writtenCacheID.map { Self.keptID($0) }.flatMap { $0.isEmpty ? nil : $0 }
            let ownerName = nonBlank(owner)
            if let ownerName, ownerName != nonBlank(placedBy) ?? ownerName { listing.ownerName = ownerName }
            listing.ownerID = ownerID.map { Self.keptID($0) }.flatMap { $0.isEmpty ? nil : $0 }
            listing.attributes = attributes.map {
                CacheAttribute(source: $0.source, id: $0.id.trimmingWhitespace(), isOn: $0.isOn,
                               name: $0.name.trimmingWhitespace())
            }
            listing.asOf = age(of: listing.logs)
            return listing
        }

        /// An id as the listing keeps it: trimmed; "0", which producers and geocache-tui's
        /// exports write for an id they do not know, is none (empty), and so is a log's
        /// negative number, which geocache-tui's exports give a log without an id.
        static func keptID(_ written: String, log: Bool = false) -> String {
            let trimmed = written.trimmingWhitespace()
            if trimmed == "0" || (log && trimmed.hasPrefix("-")) { return "" }
            return trimmed
        }

        /// The cache type and ratings at the end of a `desc` such as "Old Mill by ana,
        /// Multi-cache (2/1.5)", as pocket queries and GPSBabel write it; nil without them.
        static func descSuffix(_ desc: String?) -> (type: String, difficulty: Rating?, terrain: Rating?)? {
            guard let text = desc?.trimmingWhitespace(), let (_, type) = OwnerSplit.typeSuffix(text),
                  let open = text.byteRange(of: " (", backwards: true) else { return nil }
            let ratings = text[open.upperBound..<text.index(before: text.endIndex)].split(separator: "/")
            return (type, Rating(text: String(ratings[0])), Rating(text: String(ratings[1])))
        }

        /// "Lab Cache" for "Geocache|Lab Cache" (Lab caches' files put the prefix in
        /// `groundspeak:type` too).
        static func withoutGeocachePrefix(_ type: String) -> String {
            let parts = type.split(separator: "|", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "geocache" else { return type }
            let rest = String(parts[1]).trimmingWhitespace()
            return rest.isEmpty ? type : rest
        }

        /// The cache type in a waypoint's `<type>`: "Traditional Cache" from
        /// "Geocache|Traditional Cache"; nil for "Geocache" alone or another kind.
        static func typeFromWaypointType(_ written: String?) -> String? {
            let parts = (written ?? "").split(separator: "|", omittingEmptySubsequences: true)
            guard parts.count > 1, String(parts[0]).trimmingWhitespace().lowercased() == "geocache" else { return nil }
            let type = parts[1...].joined(separator: " ").trimmingWhitespace()
            return type.isEmpty ? nil : type
        }

        /// The cache by the general mapping for files from other tools: the Groundspeak
        /// elements when there are any, else what plain waypoints carry (``OwnerSplit``).
        /// A plain waypoint's `coverage` says which of the four fields it gave.
        private func mappedCache(code: String, fallback: inout CreatorFallback?,
                                 coverage: inout GeoCache.Coverage) -> GeoCache {
            func firstNonBlank(_ candidates: String?...) -> String {
                candidates.lazy.compactMap { $0?.trimmingWhitespace() }.first { !$0.isEmpty } ?? ""
            }
            let split = OwnerSplit(desc: desc, urlname: urlname ?? linkText, cmt: cmt)
            let givenTitle = firstNonBlank(cacheName, split?.title, urlname, linkText, desc)
            let title = givenTitle.isEmpty ? firstNonBlank(name) : givenTitle
            var descriptions = [shortDescriptionBytes.map {
                shortDescriptionIsHTML ? HTMLText.plainText(fromHTML: $0) : String(decoding: $0, as: UTF8.self).trimmingWhitespace()
            } ?? ""]
            if descriptions[0].isEmpty, let longDescriptionBytes {
                // No short description (GSAK and OpenCaching files often have none): the
                // long one as text, rather than details that are only the code.
                descriptions[0] = longDescriptionIsHTML ? HTMLText.plainText(fromHTML: longDescriptionBytes)
                    : String(decoding: longDescriptionBytes, as: UTF8.self).trimmingWhitespace()
            }
            if shortDescriptionBytes == nil {
                // The text the title and owner came from is not repeated as a description.
                if split?.source != .cmt { descriptions.append(cmt?.trimmingWhitespace() ?? "") }
                if split?.source != .desc { descriptions.append(desc?.trimmingWhitespace() ?? "") }
            }
            // A few texts, compared rather than hashed: hashing a long description
            // normalises all of it, a comparison stops at the first difference.
            var seen = [title]
            let description = descriptions.filter { text in
                guard !text.isEmpty, !seen.contains(text) else { return false }
                seen.append(text)
                return true
            }.joined(separator: "\n")
            let details = [code, description].filter { !$0.isEmpty }.joined(separator: ": ")
            var creator = firstNonBlank(placedBy, owner, split?.owner)
            if creator.isEmpty {
                if let fileAuthor {
                    creator = fileAuthor
                    fallback = .fileAuthor
                } else {
                    creator = CreatorFallback.unknownCreator
                    fallback = .unknown
                }
            }
            if case .plainWaypoint = coverage {
                var gives: GeoCache.Coverage.Fields = fallback == nil ? .creator : []
                if !givenTitle.isEmpty { gives.insert(.title) }
                if !description.isEmpty { gives.insert(.details) }
                if !travelBugs.isEmpty || impliedReward() != nil || split?.cacheType != nil { gives.insert(.reward) }
                coverage = .plainWaypoint(gives: gives)
            }
            return GeoCache(title: title, details: details, creator: creator,
                            reward: reward(typeFromDesc: split?.cacheType))
        }

        /// The travel bugs, else the container when known, else the cache type.
        private func reward(typeFromDesc: String?) -> String {
            let bugs = travelBugs.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
            if !bugs.isEmpty { return bugs.joined(separator: ", ") }
            return impliedReward() ?? Self.listingReward(container: nil, type: typeFromDesc)
        }

        /// The reward a waypoint without travel bugs gets from its listing: "Container: "
        /// and the container when known, else "Type: " and the cache type of `<type>`
        /// ("Geocache|Traditional Cache"), `groundspeak:type` or TerraCaching's style;
        /// nil when neither is known.
        func impliedReward() -> String? {
            Self.impliedReward(container: Self.containerName(container) ?? openCachingSize?.trimmingWhitespace(),
                               type: Self.typeFromWaypointType(type)
                                ?? cacheType.map { Self.withoutGeocachePrefix($0.trimmingWhitespace()) })
        }
    }
}
