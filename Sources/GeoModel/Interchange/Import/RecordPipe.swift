import Foundation

/// Carries records from a reading thread to the storing thread, in small batches, so
/// that parsing one part of the file overlaps storing the part before it. At most
/// ``maxBatches`` batches wait at a time, and a batch ends at ``batchSize`` records or
/// at ``batchBytes`` bytes of text (``PendingRecord/size``), so memory stays bounded
/// however long the descriptions and logs are.
enum RecordPipe {
    private typealias Entry = PendingRecord

    static var batchSize: Int { 256 }
    static var maxBatches: Int { 8 }
    static var batchBytes: Int { 1 << 20 }

    /// Reads `sources` in order on another thread and hands each record to `store` on
    /// this one, in order (a GPX waypoint is mapped to its record here). Throws what
    /// reading throws (after the records read before it were stored) or what `store`
    /// throws (reading then stops); on `interruption` both sides stop at once and the
    /// interruption's ``ImportError`` is thrown. Either way it returns only after the
    /// reading thread has finished. A cache record whose logs give one id twice is stored
    /// with one log of that id (``CacheLog/onePerID(_:)``), and the tally names it.
    static func read(_ sources: [ImportSource], interruption: ImportInterruption? = nil,
                     _ store: (ImportRecord) throws -> Void) throws {
        let pipe = BatchHandOver<[Entry]>(capacity: maxBatches)
        let handler = interruption?.addHandler { pipe.interrupt() }
        defer { if let handler { interruption?.removeHandler(handler) } }
        let thread = Thread {
            var batch: [Entry] = []
            var batchBytes = 0
            batch.reserveCapacity(batchSize)
            do {
                for source in sources {
                    try CacheImporter.readPending(source, interruption: interruption) { record in
                        batch.append(record)
                        batchBytes += record.size
                        if batch.count >= batchSize || batchBytes >= Self.batchBytes {
                            try pipe.put(batch)
                            batch.removeAll(keepingCapacity: true)
                            batchBytes = 0
                            // The batches stored meanwhile are freed here, on the thread
                            // that made their texts: freed on the storing thread, each
                            // text took this thread's malloc arena lock, and the two
                            // threads woke each other through it.
                            _ = pipe.takeReturned()
                        }
                    }
                }
                if !batch.isEmpty { try pipe.put(batch) }
                pipe.finish(nil)
            } catch {
                pipe.finish(error)
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
        do {
            while let batch = try pipe.take() {
                for pending in batch {
                    var (record, fallback) = pending.resolved
                    if let fallback { interruption?.tally.count(fallback) }
                    if case .cache(var cache, let location, let coverage) = record {
                        if pending.leavesOutARating(of: cache) { interruption?.tally.countUnreadRating(of: cache) }
                        if pending.leavesOutAStatus { interruption?.tally.countUnreadStatus(of: cache) }
                        // Two logs of one id in one record, of any format: one log.
                        if let logs = CacheLog.onePerID(cache.listing.logs) {
                            cache.listing.logs = logs
                            record = .cache(cache, location, coverage: coverage)
                            interruption?.tally.countRepeatedLogID(of: cache)
                        }
                    }
                    try store(record)
                }
                interruption?.progress.add(records: batch.count)
                pipe.giveBack(batch)
            }
        } catch {
            pipe.cancel()
            pipe.waitForProducer()
            if error is BatchHandOver<[Entry]>.Interrupted {
                throw ImportInterruption.error(source: sources.map(\.name).joined(separator: ", "))
            }
            throw error
        }
    }
}
