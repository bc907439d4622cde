import Foundation

/// Carries records from a reading thread to the storing thread, in small batches, so
/// that parsing one part of the file overlaps storing the part before it. At most
/// ``maxBatches`` batches wait at a time, and a batch ends at ``batchSize`` records or
/// at ``batchBytes`` bytes of text (``PendingRecord/size``), so memory stays bounded
/// however long the descriptions and logs are.
final class RecordPipe: @unchecked Sendable {
    private typealias Entry = PendingRecord

    static var batchSize: Int { 256 }
    static var maxBatches: Int { 8 }
    static var batchBytes: Int { 1 << 20 }

    private let condition = NSCondition()
    private var batches: [[Entry]] = []
    private var readerFinished = false
    private var readerFailure: (any Error)?
    private var cancelled = false
    private var interrupted = false
    /// The inputs' names, for the error an interruption throws.
    private let names: String

    private init(names: String) {
        self.names = names
    }

    /// Reads `sources` in order on another thread and hands each record to `store` on
    /// this one, in order (a GPX waypoint is mapped to its record here). Throws what
    /// reading throws (after the records read before it were stored) or what `store`
    /// throws (reading then stops); on `interruption` both sides stop at once and the
    /// interruption's ``ImportError`` is thrown. Either way it returns only after the
    /// reading thread has finished.
    static func read(_ sources: [ImportSource], interruption: ImportInterruption? = nil,
                     _ store: (ImportRecord) throws -> Void) throws {
        let pipe = RecordPipe(names: sources.map(\.name).joined(separator: ", "))
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
                    let (record, fallback) = pending.resolved
                    if let fallback { interruption?.tally.count(fallback) }
                    try store(record)
                }
                interruption?.progress.add(records: batch.count)
            }
        } catch {
            pipe.cancel()
            pipe.waitForReader()
            throw error
        }
    }

    /// Hands a batch to the storing thread, waiting while the pipe is full; throws
    /// `CancellationError` when the storing side has given up.
    private func put(_ batch: [Entry]) throws {
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= Self.maxBatches, !cancelled { condition.wait() }
        if cancelled { throw CancellationError() }
        batches.append(batch)
        condition.broadcast()
    }

    private func finish(_ failure: (any Error)?) {
        condition.lock()
        readerFinished = true
        readerFailure = failure
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch; nil at the end; throws the reader's error once its records are
    /// taken, and the interruption's at once.
    private func take() throws -> [Entry]? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty, !readerFinished, !interrupted { condition.wait() }
        if interrupted { throw ImportInterruption.error(source: names) }
        if !batches.isEmpty {
            condition.broadcast()
            return batches.removeFirst()
        }
        if let readerFailure { throw readerFailure }
        return nil
    }

    private func interrupt() {
        condition.lock()
        interrupted = true
        condition.broadcast()
        condition.unlock()
    }

    private func cancel() {
        condition.lock()
        cancelled = true
        batches.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    private func waitForReader() {
        condition.lock()
        while !readerFinished { condition.wait() }
        condition.unlock()
    }
}
