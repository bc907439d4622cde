import Foundation

/// Batches handed from a producing thread to the consuming one, in order, at most
/// `capacity` waiting at a time: the one queue behind the import's ``RecordPipe``, its
/// spool's read-ahead (``ImportSpool/forEach(_:)``) and
/// ``CacheStore/forEachCacheRowAhead(_:)``.
///
/// The producer ``put(_:)``s batches and ends with ``finish(_:)`` (its error, if any);
/// the consumer ``take()``s them until nil and, when it gives up early, ``cancel()``s
/// and waits for the producer (``waitForProducer()``), whose next ``put(_:)`` throws.
/// ``interrupt()`` (a signal) makes the consumer's next ``take()`` throw at once.
final class BatchHandOver<Batch>: @unchecked Sendable {
    /// What ``take()`` throws after ``interrupt()``.
    struct Interrupted: Error {}

    private let capacity: Int
    private let condition = NSCondition()
    private var batches: [Batch] = []
    /// Batches the consumer is done with, for the producer to free or reuse.
    private var returned: [Batch] = []
    private var producerFinished = false
    private var producerFailure: (any Error)?
    private var cancelled = false
    private var interrupted = false

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Hands a batch over, waiting while `capacity` wait; throws `CancellationError`
    /// when the consumer has given up.
    func put(_ batch: Batch) throws {
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= capacity, !cancelled { condition.wait() }
        if cancelled { throw CancellationError() }
        batches.append(batch)
        condition.broadcast()
    }

    /// The producer's end, with the error it stopped on.
    func finish(_ failure: (any Error)?) {
        condition.lock()
        producerFinished = true
        producerFailure = failure
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch; nil at the end; the producer's error once its batches are
    /// taken; ``Interrupted`` at once after ``interrupt()``.
    func take() throws -> Batch? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty, !producerFinished, !interrupted { condition.wait() }
        if interrupted { throw Interrupted() }
        if !batches.isEmpty {
            condition.broadcast()
            return batches.removeFirst()
        }
        if let producerFailure { throw producerFailure }
        return nil
    }

    /// Keeps a batch the consumer is done with for the producer (``takeReturned()``),
    /// so that it is freed off the consuming thread; once the producer has finished, the
    /// batch is freed here.
    func giveBack(_ batch: Batch) {
        condition.lock()
        defer { condition.unlock() }
        guard !producerFinished else { return }
        returned.append(batch)
    }

    /// The batches given back since the last call.
    func takeReturned() -> [Batch] {
        condition.lock()
        defer { condition.unlock() }
        let taken = returned
        returned = []
        return taken
    }

    func interrupt() {
        condition.lock()
        interrupted = true
        condition.broadcast()
        condition.unlock()
    }

    /// The consumer gives up: batches waiting are dropped, the producer's next
    /// ``put(_:)`` throws.
    func cancel() {
        condition.lock()
        cancelled = true
        batches.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    func waitForProducer() {
        condition.lock()
        while !producerFinished { condition.wait() }
        condition.unlock()
    }
}
