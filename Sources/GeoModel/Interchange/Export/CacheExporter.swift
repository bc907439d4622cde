/// Writes every stored cache in one of the interchange formats to an
/// ``ExportDestination``: the export's side of what ``CacheImporter`` is to an import.
///
/// The caches are read in stored order inside one snapshot
/// (``CacheStore/forEachCache(_:)``) and each is written straight into the
/// destination's buffer, so a large store is never held in memory. Nothing here prints:
/// how far the export has got goes to a closure, for a progress indicator.
public enum CacheExporter {
    /// Caches per batch of GPX waypoint digests worked out together
    /// (``GeoCache/interchangeDigests(_:)``: faster than one by one).
    static let digestBatch = 256

    /// How often an export tells its `progress` closure how far it has got: every this
    /// many caches written.
    public static let progressInterval = 512

    /// What an export wrote.
    public struct Summary: Equatable, Sendable {
        /// The caches written.
        public var written: Int
        /// The caches left out of a GPX or LOC export because they have neither a
        /// coordinate nor the person's final (those formats need a position); always 0
        /// for JSON, which carries every cache.
        public var withoutCoordinate: Int
        /// The additional waypoints of written caches that a GPX or LOC export left out
        /// because they have no place (0 for JSON, which carries them all).
        public var waypointsWithoutPlace: Int
        /// The attributes of written caches that a GPX export left out because their id,
        /// what the attribute means, is not a number (another tool's file); 0 for LOC,
        /// which has no attributes, and for JSON, which carries them all.
        public var attributesWithoutNumber: Int

        public init(written: Int, withoutCoordinate: Int = 0, waypointsWithoutPlace: Int = 0,
                    attributesWithoutNumber: Int = 0) {
            self.written = written
            self.withoutCoordinate = withoutCoordinate
            self.waypointsWithoutPlace = waypointsWithoutPlace
            self.attributesWithoutNumber = attributesWithoutNumber
        }
    }

    /// Writes every cache of `store` as `format` to `destination`, in stored order, then
    /// finishes the destination (a regular file is replaced only now). GPX and LOC leave
    /// out the caches with neither a coordinate nor a final in `own`, and count them;
    /// a cache with only a final is written at the final; a cache's additional
    /// waypoints with a place follow it there (not counted), those without are counted;
    /// GPX counts the attributes it leaves out because their id is not a number.
    ///
    /// - Parameters:
    ///   - store: The store to read, in its stored order.
    ///   - format: The interchange format to write.
    ///   - destination: Where the document goes; finished on success, abandoned on failure.
    ///   - filter: Which caches are written (``CacheFilter``); by default every one.
    ///   - origin: When given, the caches are written nearest first from there (those
    ///     without a place last), else in stored order.
    ///   - own: The person's own data: what `filter` reads of it (found), and, in GPX and
    ///     LOC, a corrected place written as the cache's (GPX keeps the listing's too).
    ///   - visits: What a field-notes export writes, in order (no cache is read then).
    ///   - progress: Called on this thread with the number of caches written so far,
    ///     every ``progressInterval`` caches.
    /// - Returns: The number of caches written, and of those left out.
    /// - Throws: An ``ExportError`` when the destination could not be written, even
    ///   when the store's reading wrapped that failure in an error of its own; else
    ///   what the store threw. Either way the destination has been abandoned: a file
    ///   that was to be replaced is left as it was.
    @discardableResult
    public static func export(_ store: any CacheStore, as format: ExportFormat,
                              to destination: ExportDestination, keeping filter: CacheFilter = CacheFilter(),
                              nearestFirstFrom origin: Coordinate? = nil, own: OwnData.Book = OwnData.Book(),
                              visits: [Visit] = [], progress: (Int) -> Void = { _ in }) throws -> Summary {
        // Every cache, or those `filter` keeps, in stored order or nearest first.
        let everything = filter.keepsEverything
        func forEachKept(_ body: (StoredCache) throws -> Void) throws {
            if let origin {
                try store.forEachNearest(to: origin, limit: nil) { stored, _ in
                    if everything || filter.keeps(stored.cache, own: own.of(stored.cache)) { try body(stored) }
                }
            } else {
                try store.forEachCache { stored in
                    if everything || filter.keeps(stored.cache, own: own.of(stored.cache)) { try body(stored) }
                }
            }
        }
        // A failed write is thrown as such, not as the store error reading turns it into.
        var writeFailure: ExportError?
        func send(_ format: (inout BufferedWriter) -> Void) throws {
            do {
                try destination.write(format)
            } catch {
                writeFailure = error
                throw error
            }
        }
        var count = 0
        var withoutCoordinate = 0
        var waypointsWithoutPlace = 0
        var attributesWithoutNumber = 0
        func countUnplacedWaypoints(of cache: GeoCache) {
            for waypoint in cache.listing.waypoints where waypoint.coordinate == nil { waypointsWithoutPlace += 1 }
        }
        func countWritten() {
            count += 1
            if count % progressInterval == 0 { progress(count) }
        }
        do {
            switch format {
            case .json:
                var isFirst = true
                if origin == nil, everything {
                    // Each cache's stored bytes straight into the JSON: no String, no Listing.
                    try store.forEachCacheRow { row in
                        try send { JSONInterchange.writeElement(for: row, isFirst: isFirst, to: &$0) }
                        isFirst = false
                        countWritten()
                    }
                } else {
                    try forEachKept { stored in
                        try send { JSONInterchange.writeElement(for: stored.cache, isFirst: isFirst, to: &$0) }
                        isFirst = false
                        countWritten()
                    }
                }
                try send { $0.append(text: JSONInterchange.closing(isEmpty: isFirst)) }
            case .gpx, .gpx11:
                let version = format.gpxVersion ?? .gpx10
                try send { $0.append(text: GPXWriter.header(version)) }
                var batch: [GeoCache] = []
                batch.reserveCapacity(digestBatch)
                func writeBatch() throws {
                    let digests = GeoCache.interchangeDigests(batch[...])
                    for (cache, digest) in zip(batch, digests) {
                        let mine = own.of(cache)
                        try send { GPXWriter.writeWaypoint(for: cache, digest: digest, version: version, own: mine, to: &$0) }
                        countWritten()
                    }
                    batch.removeAll(keepingCapacity: true)
                }
                try forEachKept { stored in
                    // The person's final places a cache whose listing has no place.
                    guard stored.cache.coordinate != nil || own.place(of: stored.cache) != nil else {
                        withoutCoordinate += 1
                        return
                    }
                    countUnplacedWaypoints(of: stored.cache)
                    attributesWithoutNumber += GPXWriter.attributesLeftOut(of: stored.cache.listing)
                    batch.append(stored.cache)
                    if batch.count == digestBatch { try writeBatch() }
                }
                try writeBatch()
                try send { $0.append(text: GPXWriter.footer) }
            case .loc:
                try send { $0.append(text: LOCWriter.header) }
                try forEachKept { stored in
                    guard let place = own.place(of: stored.cache) else {
                        withoutCoordinate += 1
                        return
                    }
                    countUnplacedWaypoints(of: stored.cache)
                    var placed = stored.cache
                    placed.coordinate = place
                    try send { $0.append(text: LOCWriter.waypoint(for: placed)) }
                    countWritten()
                }
                try send { $0.append(text: LOCWriter.footer) }
            case .fieldnotes:
                try send { $0.append(bytes: FieldNotes.document(for: visits)) }
                count = visits.count
            }
            try destination.finish()
        } catch {
            destination.abandon()
            throw writeFailure ?? error
        }
        return Summary(written: count, withoutCoordinate: withoutCoordinate, waypointsWithoutPlace: waypointsWithoutPlace,
                       attributesWithoutNumber: attributesWithoutNumber)
    }
}
