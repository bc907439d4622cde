import Foundation

extension ImportSpool {
    /// Hands every cache, in order, to `body` on this thread, while another thread reads
    /// and decodes the ones after it, so that on two cores the decoding overlaps the
    /// writing. At most ``prefetchBatches`` batches of ``prefetchBatchSize`` caches (or
    /// of ``prefetchBatchBytes``, for long ones) wait at a time, so memory stays
    /// bounded; the batches written go back to the other thread to be freed there, off
    /// the writing. Throws what reading the spool throws (after the caches before it were
    /// handed over) or what `body` throws (reading then stops);
    /// either way it returns only after the other thread has finished. Call it once,
    /// after ``rewind()``; nothing else may use the spool meanwhile.
    func forEach(_ body: (Entry) throws -> Void) throws {
        let queue = BatchHandOver<[Entry]>(capacity: Self.prefetchBatches)
        let thread = Thread { [self] in
            var batch: [Entry] = []
            batch.reserveCapacity(Self.prefetchBatchSize)
            var bytes = 0
            do {
                while let entry = try next() {
                    batch.append(entry)
                    bytes += entry.size
                    if batch.count >= Self.prefetchBatchSize || bytes >= Self.prefetchBatchBytes {
                        try queue.put(batch)
                        batch.removeAll(keepingCapacity: true)
                        bytes = 0
                        // Freed here, on this thread.
                        _ = queue.takeReturned()
                    }
                }
                if !batch.isEmpty { try queue.put(batch) }
                queue.finish(nil)
            } catch {
                queue.finish(error)
            }
        }
        thread.start()
        do {
            while let batch = try queue.take() {
                for entry in batch { try body(entry) }
                queue.giveBack(batch)
            }
        } catch {
            queue.cancel()
            queue.waitForProducer()
            throw error
        }
    }

    static var prefetchBatchSize: Int { 256 }
    static var prefetchBatches: Int { 8 }
    /// 256 small caches are about 64 KiB; 256 with long descriptions were 2 MiB, and
    /// eight such batches a sixth of the import's peak memory.
    static var prefetchBatchBytes: Int { 256 << 10 }
}
