/// A box of latitudes and longitudes in microdegrees, edges included.
struct PlaceBox: Equatable {
    let south: Int32, north: Int32, west: Int32, east: Int32

    /// The whole Earth.
    static let earth = PlaceBox(south: -Coordinate.maximumLatitudeMicrodegrees, north: Coordinate.maximumLatitudeMicrodegrees,
                                west: -Coordinate.maximumLongitudeMicrodegrees, east: Coordinate.maximumLongitudeMicrodegrees)

    /// How many parts ``parts`` cuts each side into: a search reads a box's 16 parts in
    /// one statement, down to the boxes that hold few enough places in fewer statements
    /// than by quarters.
    static let cuts: Int64 = 4

    /// The box cut into ``cuts`` along each side (fewer along a side of fewer whole
    /// microdegrees): boxes that hold every whole microdegree it holds, each once; none
    /// for a box of one place.
    var parts: [PlaceBox] {
        func pieces(_ low: Int32, _ high: Int32) -> [(Int32, Int32)] {
            let span = Int64(high) - Int64(low) + 1, count = min(Self.cuts, span)
            return (0..<count).map { (Int32(Int64(low) + span * $0 / count), Int32(Int64(low) + span * ($0 + 1) / count - 1)) }
        }
        let latitudes = pieces(south, north), longitudes = pieces(west, east)
        guard latitudes.count > 1 || longitudes.count > 1 else { return [] }
        return latitudes.flatMap { latitude in
            longitudes.map { PlaceBox(south: latitude.0, north: latitude.1, west: $0.0, east: $0.1) }
        }
    }
}

/// A best-first search of the placed caches over boxes (``PostgresStore`` nearest
/// first): a queue of boxes and places by score, the head read next. A box comes to
/// the head before a place of the same score, so a place at the head comes before every
/// place not found yet; places of one score come in the order of their keys.
struct PlaceSearch {
    /// What the search reads: the identity and place of the caches inside each box, at
    /// most the given number of each (all for nil).
    typealias Reading = ([PlaceBox], Int?) throws -> [[(id: CacheID, place: Coordinate)]]

    /// A box still to read, or a place found, with its score.
    private struct Entry {
        enum Item {
            case box(PlaceBox)
            case place(NearestKey)
        }

        let item: Item
        let score: Double
    }

    let bounds: DistanceBounds
    /// The key the places come after (before, going back); nil for all of them.
    let key: NearestKey?
    let forward: Bool
    /// The most places one read of a box gives; a box holding more is read by parts. A
    /// long walk raises it: fewer statements, each reading more.
    var capacity = PostgresStore.boxCapacity
    /// The queue, the head last.
    private var queue: [Entry] = []
    private var started = false

    init(origin: Coordinate, key: NearestKey?, forward: Bool) {
        bounds = DistanceBounds(origin: origin)
        self.key = key
        self.forward = forward
    }

    /// The key of the next place in the order searched, nil after the last.
    mutating func next(reading: Reading) throws -> NearestKey? {
        if !started {
            started = true
            try read([.earth], limit: capacity, reading)
        }
        while let head = queue.popLast() {
            switch head.item {
            case .place(let key):
                return key
            case .box(let box):
                let parts = box.parts
                if parts.isEmpty {
                    try read([box], limit: nil, reading)
                } else {
                    try read(parts, limit: capacity, reading)
                }
            }
        }
        return nil
    }

    /// Reads `boxes` in one statement: a box holding more than `limit` places is queued
    /// as a box, any other as its places that come after the key.
    private mutating func read(_ boxes: [PlaceBox], limit: Int?, _ reading: Reading) throws {
        let found = try reading(boxes, limit.map { $0 + 1 })
        for (box, places) in zip(boxes, found) {
            if let limit, places.count > limit {
                let (south, north, west, east) = (Double(box.south), Double(box.north), Double(box.west), Double(box.east))
                if let key, bounds.isWhollyBefore(key.distance, south: south, north: north, west: west, east: east,
                                                  forward: forward) { continue }
                enqueue(Entry(item: .box(box),
                              score: bounds.score(south: south, north: north, west: west, east: east, forward: forward)))
                continue
            }
            for (id, place) in places {
                let candidate = NearestKey(distance: bounds.origin.distance(to: place), id: id)
                if let key, forward ? candidate <= key : candidate >= key { continue }
                enqueue(Entry(item: .place(candidate), score: DistanceBounds.score(of: candidate.distance, forward: forward)))
            }
        }
    }

    /// Puts `entry` in its place in the queue.
    private mutating func enqueue(_ entry: Entry) {
        var low = 0, high = queue.count
        while low < high {
            let middle = (low + high) / 2
            if precedes(queue[middle], entry) { high = middle } else { low = middle + 1 }
        }
        queue.insert(entry, at: low)
    }

    /// True when `first` comes out of the queue before `second`.
    private func precedes(_ first: Entry, _ second: Entry) -> Bool {
        if first.score != second.score { return first.score < second.score }
        switch (first.item, second.item) {
        case (.box, .place): return true
        case (.place(let one), .place(let other)): return forward ? one < other : one > other
        default: return false
        }
    }
}
