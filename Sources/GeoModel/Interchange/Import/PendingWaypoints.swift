/// The additional waypoints an import has read, waiting for their caches.
///
/// A waypoint may come before its cache (a pocket query's `-wpts.gpx` read first),
/// after it (in the cache's own file, as Opencaching writes them, or in a later file)
/// or without it (its cache stored by an earlier import). So the import keeps every
/// waypoint here while it reads, and pairs them while it writes: each cache written
/// takes the waypoints naming it (``take(forCode:)``), then those left find a stored
/// cache (``leftoverCodes(codesWithSuffixes:)``), and the rest are the orphans the
/// report names (``takeOrphans()``).
///
/// A waypoint waits under its cache's code when its file names it (`gsak:Parent`),
/// else under its code's suffix (``AdditionalWaypoint/suffix(of:)``: `PK12345` waits
/// for `GC12345`). It is kept as its ``ListingEncoding`` bytes, with its place in the
/// input: about the size of its texts, what a record of it costs anyway.
final class PendingWaypoints {
    /// The waypoints naming their cache, by its normalized code.
    private var byParent: [String: [UInt8]] = [:]
    /// The other waypoints, by their code's suffix.
    private var bySuffix: [String: [UInt8]] = [:]
    /// The codes, with their place in the input, of waypoints that can find no cache:
    /// no parent, and a code too short to have a suffix.
    private var unpairable: [(order: Int, code: String)] = []
    /// The number of waypoints put in.
    private var read = 0
    /// The number of waypoints waiting.
    private(set) var count = 0
    /// The bytes the waiting waypoints take.
    private(set) var byteCount = 0
    /// The number of waypoints taken by their caches, each code once a cache (a file
    /// given twice pairs its waypoints once).
    private(set) var paired = 0

    /// True when no waypoint is waiting for a cache (those that can find none aside).
    var isEmpty: Bool { count == 0 }

    /// Keeps `incoming` until its cache comes: the cache `parent` (a normalized code)
    /// when the file named it, else the one its code's suffix gives.
    func add(_ incoming: AdditionalWaypoint.Incoming, parent: String?) {
        defer { read += 1 }
        let waypoint = incoming.waypoint
        guard let key = parent ?? AdditionalWaypoint.suffix(of: waypoint.code).map(String.init) else {
            unpairable.append((read, waypoint.code))
            return
        }
        var entry: [UInt8] = []
        // Its place in the input, twice over and once more when whole.
        Self.appendVarint(read << 1 | (incoming.isWhole ? 1 : 0), to: &entry)
        var listing = Listing(waypoints: [waypoint])
        listing.asOf = incoming.asOf
        let encoded = ListingEncoding.encode(listing) ?? []
        Self.appendVarint(encoded.count, to: &entry)
        entry += encoded
        if parent != nil {
            byParent[key, default: []] += entry
        } else {
            bySuffix[key, default: []] += entry
        }
        count += 1
        byteCount += entry.count
    }

    /// True when waypoints wait for the cache whose normalized code is `code`
    /// (``take(forCode:)`` would give some).
    func waits(forCode code: String) -> Bool {
        guard !isEmpty else { return false }
        if byParent[code] != nil { return true }
        guard let suffix = AdditionalWaypoint.suffix(of: code) else { return false }
        return bySuffix[String(suffix)] != nil
    }

    /// Takes the waypoints of the cache whose normalized code is `code`: those naming
    /// it as their cache, then those whose code has its suffix, each in input order.
    func take(forCode code: String) -> [AdditionalWaypoint.Incoming] {
        guard !isEmpty else { return [] }
        var taken: [AdditionalWaypoint.Incoming] = []
        if let bytes = byParent.removeValue(forKey: code) { taken += decoded(bytes).map(\.incoming) }
        if let suffix = AdditionalWaypoint.suffix(of: code), let bytes = bySuffix.removeValue(forKey: String(suffix)) {
            taken += decoded(bytes).map(\.incoming)
        }
        paired += Self.distinctCount(taken)
        return taken
    }

    /// The number of different waypoints in `taken`: their codes compared as
    /// ``GeoCache/waypoints(_:updatedBy:storedAge:)`` merges them, so two copies of one
    /// waypoint are one.
    static func distinctCount(_ taken: [AdditionalWaypoint.Incoming]) -> Int {
        taken.count < 2 ? taken.count : Set(taken.map { $0.waypoint.code.uppercased() }).count
    }

    /// Counts `count` of the waypoints ``take(forCode:)`` gave as not paired after all
    /// (as ``distinctCount(_:)`` counts them): their cache stays as stored
    /// (`--keep-existing`, another member's), so the summary does not say they were
    /// given to it.
    func leaveOut(_ count: Int) {
        paired -= count
    }

    /// Counts the waypoints `taken` (from ``take(forCode:)``) as not paired after all.
    func leaveOut(_ taken: [AdditionalWaypoint.Incoming]) {
        leaveOut(Self.distinctCount(taken))
    }

    /// `cache` with the waypoints waiting for it (``take(forCode:)``) added to its own,
    /// merged by code (``GeoCache/waypoints(_:updatedBy:storedAge:)``).
    /// The number of waypoints it gave `cache` (``distinctCount(_:)``): those to
    /// ``leaveOut(_:)-(Int)`` when the cache is then kept as stored.
    @discardableResult
    func attach(to cache: inout GeoCache) -> Int {
        guard !isEmpty, let code = cache.code.flatMap(CacheCode.normalized) else { return 0 }
        let waypoints = take(forCode: code)
        guard !waypoints.isEmpty else { return 0 }
        cache.listing.waypoints = GeoCache.waypoints(cache.listing.waypoints, updatedBy: waypoints,
                                                     storedAge: cache.listing.asOf)
        return Self.distinctCount(waypoints)
    }

    /// The codes of the stored caches the waiting waypoints may belong to: the caches
    /// they name, and per suffix the first (in code order) of the codes
    /// `codesWithSuffixes` finds for the suffixes a stored code could have.
    func leftoverCodes(codesWithSuffixes: (Set<String>) throws -> [String]) rethrows -> [String] {
        var codes = Array(byParent.keys)
        let suffixes = Set(bySuffix.keys.filter { CacheCode.normalized($0) == $0 })
        guard !suffixes.isEmpty else { return codes.sorted() }
        var chosen: [String: String] = [:]
        for code in try codesWithSuffixes(suffixes) {
            guard let suffix = AdditionalWaypoint.suffix(of: code).map(String.init), suffixes.contains(suffix) else { continue }
            if let earlier = chosen[suffix], earlier <= code { continue }
            chosen[suffix] = code
        }
        codes += chosen.values
        return Set(codes).sorted()
    }

    /// Takes the codes of every waypoint still waiting, in input order: their caches
    /// never came.
    func takeOrphans() -> [String] {
        var orphans = unpairable
        for bytes in byParent.values { orphans += decoded(bytes).map { ($0.order, $0.incoming.waypoint.code) } }
        for bytes in bySuffix.values { orphans += decoded(bytes).map { ($0.order, $0.incoming.waypoint.code) } }
        byParent = [:]
        bySuffix = [:]
        unpairable = []
        count = 0
        byteCount = 0
        return orphans.sorted { $0.order < $1.order }.map(\.code)
    }

    /// The waypoints `bytes` hold, with their places in the input.
    private func decoded(_ bytes: [UInt8]) -> [(order: Int, incoming: AdditionalWaypoint.Incoming)] {
        var result: [(order: Int, incoming: AdditionalWaypoint.Incoming)] = []
        var offset = 0
        while offset < bytes.count {
            count -= 1
            let mark = Self.varint(bytes, at: &offset)
            let length = Self.varint(bytes, at: &offset)
            let end = min(offset + length, bytes.count)
            if let listing = ListingEncoding.decode(Array(bytes[offset..<end])), let waypoint = listing.waypoints.first {
                result.append((mark >> 1, AdditionalWaypoint.Incoming(waypoint, isWhole: mark & 1 == 1, asOf: listing.asOf)))
            }
            offset = end
        }
        byteCount -= bytes.count
        return result
    }

    private static func appendVarint(_ value: Int, to bytes: inout [UInt8]) {
        var rest = UInt(value)
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    private static func varint(_ bytes: [UInt8], at offset: inout Int) -> Int {
        var value = 0, shift = 0
        while offset < bytes.count, shift < 63 {
            let byte = bytes[offset]
            offset += 1
            value |= Int(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return value
    }
}
