import Foundation
import GRDB

extension CacheStore {
    /// Imports every cache read from `sources` in one transaction: either all the
    /// accepted caches are stored, or nothing is.
    ///
    /// Each source's format is detected from its content (``CacheImporter``). A cache
    /// identical in all four fields to one already stored, or to one read earlier in
    /// this import, is a duplicate: counted, not stored again. A GPX waypoint that is
    /// not a geocache is counted and skipped. Records that cannot become valid caches
    /// are rejected: with `skipInvalid` false (the default) the whole import is
    /// refused with an ``ImportError`` of kind ``ImportError/Kind/invalidRecords``
    /// listing them; with `skipInvalid` true the valid caches are stored and the
    /// rejected ones are listed in the report.
    ///
    /// The transaction runs on a connection of its own (the file is the one this
    /// store opened and checked), so this store, like any other process on the file,
    /// sees the new caches through ``hasChangedExternally()``.
    ///
    /// `interruption` stops the import from another thread: reading stops (also while
    /// waiting for input), the transaction rolls back, and an ``ImportError`` of kind
    /// ``ImportError/Kind/interrupted`` is thrown. It is checked last just before the
    /// commit; once the commit has begun, the import completes and returns its report.
    ///
    /// - Throws: ``ImportError`` for an unusable input or an interruption (nothing is
    ///   stored), ``StoreError`` when the store cannot be written.
    public func importCaches(from sources: [ImportSource], skipInvalid: Bool = false,
                             interruption: ImportInterruption? = nil) throws -> ImportReport {
        let path = url.path
        try ensureAttached()
        let names = sources.map(\.name).joined(separator: ", ")
        if interruption?.isInterrupted == true { throw ImportInterruption.error(source: names) }
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path, configuration: Self.connectionConfiguration(label: "geocache-tui import"))
        } catch {
            throw StoreError(wrapping: error, path: path)
        }
        defer { try? queue.close() }

        var report = ImportReport()
        do {
            try queue.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    let exists = try db.cachedStatement(sql: Self.containsCacheSQL)
                    // The shared insert also stores the folded search text.
                    let insert = try db.cachedStatement(sql: Self.insertCacheSQL)
                    // Reading (XML parsing) runs on a thread of its own while this one maps
                    // the waypoints to caches and stores them: on two cores they overlap.
                    try RecordPipe.read(sources, interruption: interruption) { record in
                        switch record {
                        case .cache(let cache, _):
                            let arguments = Self.cacheArguments(cache)
                            if try Bool.fetchOne(exists, arguments: arguments) == true {
                                report.duplicates += 1
                            } else {
                                try insert.execute(arguments: Self.insertArguments(cache))
                                report.added += 1
                            }
                        case .rejected(let rejection):
                            report.rejections.append(rejection)
                        case .notAGeocache:
                            report.notGeocaches += 1
                        }
                    }
                    if !skipInvalid, !report.rejections.isEmpty {
                        throw Self.invalidRecordsError(report.rejections, sources: sources)
                    }
                    if let change = fileChange() { throw change }
                    if interruption?.isInterrupted == true { throw ImportInterruption.error(source: names) }
                    return .commit
                }
            }
        } catch let error as ImportError {
            throw error
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(wrapping: error, path: path)
        }
        return report
    }

    /// Imports one source; see ``importCaches(from:skipInvalid:interruption:)``.
    public func importCaches(from source: ImportSource, skipInvalid: Bool = false,
                             interruption: ImportInterruption? = nil) throws -> ImportReport {
        try importCaches(from: [source], skipInvalid: skipInvalid, interruption: interruption)
    }

    private static func invalidRecordsError(_ rejections: [RejectedRecord], sources: [ImportSource]) -> ImportError {
        let names = sources.map(\.name).filter { name in rejections.contains { $0.location.source == name } }
        let count = rejections.count
        return ImportError(
            .invalidRecords, source: names.joined(separator: ", "),
            reason: "\(count) \(count == 1 ? "record is" : "records are") invalid, so nothing was imported "
                + "(--skip-invalid imports the valid ones):",
            rejections: rejections)
    }
}

/// Carries records from a reading thread to the storing thread, in small batches, so
/// that parsing one part of the file overlaps storing the part before it. At most
/// ``maxBatches`` batches wait at a time, so memory stays bounded.
final class RecordPipe: @unchecked Sendable {
    static let batchSize = 256
    static let maxBatches = 8

    private let condition = NSCondition()
    private var batches: [[PendingRecord]] = []
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
    /// this one, in order. Throws what reading throws (after the records read before
    /// it were stored) or what `store` throws (reading then stops); on `interruption`
    /// both sides stop at once and the interruption's ``ImportError`` is thrown. Either
    /// way it returns only after the reading thread has finished.
    static func read(_ sources: [ImportSource], interruption: ImportInterruption? = nil,
                     _ store: (ImportRecord) throws -> Void) throws {
        let pipe = RecordPipe(names: sources.map(\.name).joined(separator: ", "))
        let handler = interruption?.addHandler { pipe.interrupt() }
        defer { if let handler { interruption?.removeHandler(handler) } }
        let thread = Thread {
            var batch: [PendingRecord] = []
            batch.reserveCapacity(batchSize)
            do {
                for source in sources {
                    try CacheImporter.readPending(source, interruption: interruption) { record in
                        batch.append(record)
                        if batch.count >= batchSize {
                            try pipe.put(batch)
                            batch.removeAll(keepingCapacity: true)
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
                for pending in batch { try store(pending.record) }
            }
        } catch {
            pipe.cancel()
            pipe.waitForReader()
            throw error
        }
    }

    /// Hands a batch to the storing thread, waiting while the pipe is full; throws
    /// `CancellationError` when the storing side has given up.
    private func put(_ batch: [PendingRecord]) throws {
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
    private func take() throws -> [PendingRecord]? {
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
