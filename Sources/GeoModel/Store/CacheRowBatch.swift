import Foundation

/// Rows lent as ``CacheRowBytes``, copied into one buffer so that they outlive the
/// store's read: what ``CacheStore/forEachCacheRowAhead(_:)`` hands from its reading
/// thread to the writing one.
struct CacheRowBatch: Sendable {
    private struct Row: Sendable {
        let id: CacheID
        let coordinate: Coordinate?
        let club: ClubRecord?
        let hasCode: Bool
        let hasListing: Bool
    }

    /// The pieces of every row, one after the other: title, details, creator, reward,
    /// code and listing.
    private(set) var bytes: [UInt8] = []
    /// Where each piece ends in ``bytes``, six a row.
    private var ends: [Int] = []
    private var rows: [Row] = []

    static let piecesPerRow = 6

    var count: Int { rows.count }

    /// A batch with room for `bytes` bytes of rows before it grows.
    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Copies `row` in.
    mutating func append(_ row: CacheRowBytes) {
        func add(_ piece: UnsafeBufferPointer<UInt8>?) {
            if let piece { bytes.append(contentsOf: piece) }
            ends.append(bytes.count)
        }
        add(row.fields.title)
        add(row.fields.details)
        add(row.fields.creator)
        add(row.fields.reward)
        add(row.code)
        add(row.listing.map { $0.assumingMemoryBound(to: UInt8.self) })
        rows.append(Row(id: row.fields.id, coordinate: row.coordinate, club: row.club, hasCode: row.code != nil,
                        hasListing: row.listing != nil))
    }

    /// Lends each row in order, as it was appended.
    func forEach(_ body: (CacheRowBytes) throws -> Void) rethrows {
        try bytes.withUnsafeBufferPointer { all in
            for (index, row) in rows.enumerated() {
                let first = index * Self.piecesPerRow
                func piece(_ number: Int) -> UnsafeBufferPointer<UInt8> {
                    let start = first + number == 0 ? 0 : ends[first + number - 1]
                    return UnsafeBufferPointer(rebasing: all[start..<ends[first + number]])
                }
                let fields = CacheFieldBytes(id: row.id, title: piece(0), details: piece(1), creator: piece(2),
                                             reward: piece(3))
                try body(CacheRowBytes(fields: fields, code: row.hasCode ? piece(4) : nil, coordinate: row.coordinate,
                                       listing: row.hasListing ? UnsafeRawBufferPointer(piece(5)) : nil, club: row.club))
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
            var batch = CacheRowBatch(capacity: batchBytes + 4096)
            do {
                try lent.store.forEachCacheRow { row in
                    batch.append(row)
                    if batch.bytes.count >= batchBytes || batch.count >= 2048 {
                        try handOver.put(batch)
                        batch = CacheRowBatch(capacity: batchBytes + 4096)
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
            while let batch = try handOver.take() { try batch.forEach(body) }
        } catch {
            handOver.cancel()
            handOver.waitForProducer()
            throw error
        }
        handOver.waitForProducer()
    }
}
