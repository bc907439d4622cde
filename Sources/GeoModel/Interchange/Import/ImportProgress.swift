import Foundation

/// How far a running import has got, for a progress indicator on another thread:
/// the bytes read from its sources and the records handed to the store so far.
///
/// The import updates it once per chunk read (64 KiB) and once per batch of records,
/// so following it costs nothing measurable. It travels with the
/// ``ImportInterruption`` (``ImportInterruption/progress``), the import's one channel
/// to the thread that started it.
public final class ImportProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: Int64 = 0
    private var records = 0

    init() {}

    /// The bytes read so far and the records handed to the store so far.
    public var snapshot: (bytes: Int64, records: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (bytes, records)
    }

    func add(bytes count: Int) {
        lock.lock()
        bytes += Int64(count)
        lock.unlock()
    }

    func add(records count: Int) {
        lock.lock()
        records += count
        lock.unlock()
    }
}
