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
        let queue = Prefetch()
        let thread = Thread { [self] in
            var batch: [Entry] = []
            batch.reserveCapacity(Self.prefetchBatchSize)
            var bytes = 0
            do {
                while let entry = try next() {
                    batch.append(entry)
                    bytes += entry.size
                    if batch.count >= Self.prefetchBatchSize || bytes >= Self.prefetchBatchBytes {
                        guard queue.put(batch) else { break }
                        batch.removeAll(keepingCapacity: true)
                        bytes = 0
                        // Freed here, on this thread.
                        _ = queue.takeWritten()
                    }
                }
                if !batch.isEmpty { _ = queue.put(batch) }
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
            throw error
        }
    }

    static var prefetchBatchSize: Int { 256 }
    static var prefetchBatches: Int { 8 }
    /// 256 small caches are about 64 KiB; 256 with long descriptions were 2 MiB, and
    /// eight such batches a sixth of the import's peak memory.
    static var prefetchBatchBytes: Int { 256 << 10 }

    /// The batches between the two threads.
    private final class Prefetch: @unchecked Sendable {
        private let condition = NSCondition()
        private var batches: [[Entry]] = []
        /// Batches written, for the reading thread to free.
        private var written: [[Entry]] = []
        private var finished = false
        private var failure: (any Error)?
        private var cancelled = false

        /// Waits while the queue is full; false when the taking side has given up.
        func put(_ batch: [Entry]) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            while batches.count >= ImportSpool.prefetchBatches, !cancelled { condition.wait() }
            guard !cancelled else { return false }
            batches.append(batch)
            condition.broadcast()
            return true
        }

        /// Keeps a written batch for the reading thread to free; while that thread has
        /// finished, the batch is freed here.
        func giveBack(_ batch: [Entry]) {
            condition.lock()
            defer { condition.unlock() }
            guard !finished else { return }
            written.append(batch)
        }

        /// The batches written since the last call.
        func takeWritten() -> [[Entry]] {
            condition.lock()
            defer { condition.unlock() }
            let taken = written
            written = []
            return taken
        }

        func finish(_ error: (any Error)?) {
            condition.lock()
            finished = true
            failure = error
            condition.broadcast()
            condition.unlock()
        }

        /// The next batch; nil at the end; the reading's error once the batches before
        /// it are taken.
        func take() throws -> [Entry]? {
            condition.lock()
            defer { condition.unlock() }
            while batches.isEmpty, !finished { condition.wait() }
            if !batches.isEmpty {
                condition.broadcast()
                return batches.removeFirst()
            }
            if let failure { throw failure }
            return nil
        }

        /// Stops the reading side and waits until it has finished.
        func cancel() {
            condition.lock()
            cancelled = true
            batches.removeAll()
            condition.broadcast()
            while !finished { condition.wait() }
            condition.unlock()
        }
    }
}
