import Foundation

/// Rows lent as ``CacheRowBytes``, copied into one buffer so that they outlive the
/// store's read: what ``CacheStore/forEachCacheRowAhead(_:)`` hands from its reading
/// thread to the writing one, and gets back to fill again.
///
/// A row's pieces are copied with `memcpy` into memory the batch owns: an array's
/// `append(contentsOf:)` cost about seventy instructions a piece, a tenth of the
/// reading thread (callgrind, `list --json`).
struct CacheRowBatch: @unchecked Sendable {
    private struct Row {
        let id: CacheID
        let coordinate: Coordinate?
        let club: ClubRecord?
        let hasCode: Bool
        let hasListing: Bool
        /// Where the listing's facts end in ``Storage/facts``, or -1 when the reading
        /// thread did not find them (no listing, or one not in ``ListingEncoding/encode(_:)``'s
        /// form: the writer brings it to that form).
        let factsEnd: Int32
    }

    /// The bytes, used by one thread at a time: the reading one fills a batch, hands it
    /// over and does not touch it again until it is given back. No access overlaps
    /// another, so none is checked at run time (a check per access was a seventh of the
    /// reading thread).
    private final class Storage {
        @exclusivity(unchecked) var base: UnsafeMutablePointer<UInt8>
        @exclusivity(unchecked) var capacity: Int
        /// The pieces of every row, one after the other (title, details, creator,
        /// reward, code and listing), end to end from ``base``.
        @exclusivity(unchecked) var count = 0
        /// Where each piece ends, six a row.
        @exclusivity(unchecked) var ends: [Int] = []
        @exclusivity(unchecked) var rows: [Row] = []
        /// The facts of every listing found, end to end (``ListingEncoding/Facts/appendFound(of:to:)``).
        @exclusivity(unchecked) var facts: [Int32] = []

        init(capacity: Int) {
            self.capacity = max(capacity, 64)
            base = .allocate(capacity: self.capacity)
        }

        deinit { base.deallocate() }

        func add(_ piece: UnsafeBufferPointer<UInt8>?) {
            if let piece, let source = piece.baseAddress, !piece.isEmpty {
                if count + piece.count > capacity { grow(to: count + piece.count) }
                (base + count).update(from: source, count: piece.count)
                count += piece.count
            }
            ends.append(count)
        }

        private func grow(to needed: Int) {
            capacity = max(needed, capacity * 2)
            let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            bigger.update(from: base, count: count)
            base.deallocate()
            base = bigger
        }
    }

    private let storage: Storage

    static let piecesPerRow = 6

    var count: Int { storage.rows.count }

    /// The bytes of the rows appended so far.
    var byteCount: Int { storage.count }

    /// A batch with room for `bytes` bytes of rows before it grows.
    init(capacity: Int = 0) {
        storage = Storage(capacity: capacity)
    }

    /// Forgets every row, keeping the memory: a batch given back, filled again.
    mutating func removeAll() {
        storage.count = 0
        storage.ends.removeAll(keepingCapacity: true)
        storage.rows.removeAll(keepingCapacity: true)
        storage.facts.removeAll(keepingCapacity: true)
    }

    /// Copies `row` in.
    mutating func append(_ row: CacheRowBytes) {
        storage.add(row.fields.title)
        storage.add(row.fields.details)
        storage.add(row.fields.creator)
        storage.add(row.fields.reward)
        storage.add(row.code)
        storage.add(row.listing.map { $0.assumingMemoryBound(to: UInt8.self) })
        // The listing's walk is made here, on the reading thread, and what it found is
        // kept in a few numbers a fact: the walk was a tenth of the writing thread,
        // which bounds `list --json` (docs/performance.md).
        var factsEnd: Int32 = -1
        if let listing = row.listing, !listing.isEmpty, ListingEncoding.Facts.appendFound(of: listing, to: &storage.facts) {
            factsEnd = Int32(storage.facts.count)
        }
        storage.rows.append(Row(id: row.fields.id, coordinate: row.coordinate, club: row.club,
                                hasCode: row.code != nil, hasListing: row.listing != nil, factsEnd: factsEnd))
    }

    /// Lends each row in order, as it was appended, with the facts of its listing when
    /// they were found (``CacheRowBytes/foundFacts``).
    func forEach(_ body: (CacheRowBytes) throws -> Void) rethrows {
        let all = UnsafeBufferPointer(start: storage.base, count: storage.count)
        try storage.facts.withUnsafeBufferPointer { facts in
            try storage.ends.withUnsafeBufferPointer { ends in
                var factsStart = 0
                for (index, row) in storage.rows.enumerated() {
                    let first = index * Self.piecesPerRow
                    func piece(_ number: Int) -> UnsafeBufferPointer<UInt8> {
                        let start = first + number == 0 ? 0 : ends[first + number - 1]
                        return UnsafeBufferPointer(rebasing: all[start..<ends[first + number]])
                    }
                    let fields = CacheFieldBytes(id: row.id, title: piece(0), details: piece(1), creator: piece(2),
                                                 reward: piece(3))
                    var lent = CacheRowBytes(fields: fields, code: row.hasCode ? piece(4) : nil,
                                             coordinate: row.coordinate,
                                             listing: row.hasListing ? UnsafeRawBufferPointer(piece(5)) : nil,
                                             club: row.club)
                    if row.factsEnd >= 0 {
                        lent.foundFacts = UnsafeBufferPointer(rebasing: facts[factsStart..<Int(row.factsEnd)])
                        factsStart = Int(row.factsEnd)
                    }
                    try body(lent)
                }
            }
        }
    }
}

/// A store used by another thread alone until it has finished, which the lending
/// thread waits for (``CacheStore/forEachCacheRowAhead(_:)``).
private struct LentStore: @unchecked Sendable {
    let store: any CacheStore
}

extension CacheStore {
    /// ``forEachCacheRow(_:)`` with the store read on a thread of its own, a few batches
    /// ahead: the rows are copied into batches (``CacheRowBatch``, about 256 KiB each, at
    /// most 4 waiting) and lent to `body` on this thread, in order, while the next ones
    /// are read. `list --json` spends about as long writing a row as SQLite does reading
    /// it, so on two cores the two overlap (docs/performance.md). `body` must not use the
    /// store. Throws what reading or `body` throws; returns only after the reading thread
    /// has finished.
    public func forEachCacheRowAhead(_ body: (CacheRowBytes) throws -> Void) throws {
        let lent = LentStore(store: self)
        let handOver = BatchHandOver<CacheRowBatch>(capacity: 4)
        let batchBytes = 256 << 10
        let thread = Thread {
            var spare: [CacheRowBatch] = []
            func fresh() -> CacheRowBatch {
                spare += handOver.takeReturned()
                guard var batch = spare.popLast() else { return CacheRowBatch(capacity: batchBytes + 4096) }
                batch.removeAll()
                return batch
            }
            var batch = fresh()
            do {
                try lent.store.forEachCacheRow { row in
                    batch.append(row)
                    if batch.byteCount >= batchBytes || batch.count >= 2048 {
                        try handOver.put(batch)
                        batch = fresh()
                    }
                }
                if batch.count > 0 { try handOver.put(batch) }
                handOver.finish(nil)
            } catch {
                handOver.finish(error)
            }
        }
        thread.start()
        do {
            while let batch = try handOver.take() {
                try batch.forEach(body)
                handOver.giveBack(batch)
            }
        } catch {
            handOver.cancel()
            handOver.waitForProducer()
            throw error
        }
        handOver.waitForProducer()
    }
}
