import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// ``ImportInterruption``: an import told to stop before its commit rolls back and
/// says so, even while it waits for input.
@Suite("Interrupting an import")
struct ImportInterruptionTests {
    /// Runs one import on a thread of its own and hands back what it returned or threw.
    private final class BackgroundImport: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private let store: any CacheStore
        private(set) var outcome: Result<ImportReport, any Error>?

        init(_ store: any CacheStore, _ source: ImportSource, _ interruption: ImportInterruption) {
            self.store = store
            Thread { [self] in
                outcome = Result { try self.store.importCaches(from: source, interruption: interruption) }
                done.signal()
            }.start()
        }

        /// The error the import threw, if it threw an ``ImportError``.
        var importError: ImportError? {
            if case .failure(let error as ImportError) = outcome { error } else { nil }
        }

        /// Waits up to `seconds`; false when the import is still running.
        func wait(seconds: Int) -> Bool {
            done.wait(timeout: .now() + .seconds(seconds)) == .success
        }
    }

    @Test func anInterruptedImportStoresNothingAndThrowsInterrupted() throws {
        let fixture = try StoreFixture()
        try fixture.store.add(Samples.oak)
        let interruption = ImportInterruption()
        interruption.interrupt()
        let text = JSONInterchange.document(for: [Samples.bridge, Samples.mill])
        #expect {
            try fixture.store.importCaches(from: .bytes(Array(text.utf8), name: "x.json"), interruption: interruption)
        } throws: { ($0 as? ImportError)?.kind == .interrupted }
        #expect(try fixture.store.loadCaches().withoutCodes == [Samples.oak])
    }

    @Test("an import interrupted while it merges a cache's logs with the stored ones stores nothing",
          arguments: StoreKind.allCases)
    func anInterruptionDuringTheMergeOfLogsStoresNothing(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        func pocketQuery(ids: ClosedRange<Int>) -> ImportSource {
            let logs = ids.map { (date: "2020-01-01T00:00:00Z", finder: "a", id: "\($0)") }
            return .bytes(Array(ListingAgeTests.pocketQuery(time: "2024-01-01T00:00:00Z", logs: logs).utf8), name: "q.gpx")
        }
        _ = try fixture.store.importCaches(from: pocketQuery(ids: 1...3000))
        let interruption = ImportInterruption()
        let checks = Counter()
        // Interrupted at the merge's first check: every earlier check of the import passed.
        interruption.beforeCheck = { [unowned interruption] in
            checks.increment()
            interruption.interrupt()
        }
        #expect {
            try fixture.store.importCaches(from: pocketQuery(ids: 10_001...13_000), interruption: interruption)
        } throws: { ($0 as? ImportError)?.kind == .interrupted }
        #expect(checks.value == 1)
        let logs = try #require(try fixture.store.cache(withCode: "GC1A2B3")).cache.listing.logs
        #expect(logs.map(\.id) == (1...3000).map { "\($0)" })
    }

    /// A count shared with the import's thread.
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int {
            lock.lock()
            defer { lock.unlock() }
            return count
        }
        func increment() {
            lock.lock()
            count += 1
            lock.unlock()
        }
    }

    @Test func anInterruptionEndsAnImportWaitingForAFIFOWriter() throws {
        let fixture = try StoreFixture()
        let fifo = fixture.directory.file("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let interruption = ImportInterruption()
        let running = BackgroundImport(fixture.store, .file(fifo), interruption)
        #expect(!running.wait(seconds: 1))
        interruption.interrupt()
        guard running.wait(seconds: 20) else {
            // Let the stuck import see the end of its input, so the thread can finish.
            close(open(fifo, O_WRONLY | O_NONBLOCK))
            Issue.record("the interrupted import went on waiting for its input")
            return
        }
        #expect(running.importError?.kind == .interrupted)
        #expect(try fixture.store.count() == 0)
    }
}
