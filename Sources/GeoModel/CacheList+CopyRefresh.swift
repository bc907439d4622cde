import Foundation

extension CacheList {
    /// One refresh of a club store's copy, on a thread of its own with its own
    /// connection (a command's: no listening), so the run loop never waits for it.
    /// What it met is dropped: the copy stays as it was, and the next refresh is due
    /// ``CacheList/copyRefreshInterval`` later all the same.
    final class CopyRefresh: @unchecked Sendable {
        private let lock = NSLock()
        private var ended = false

        /// Starts refreshing the copy `files` name from the server at `url`, keeping the
        /// area the copy was made for (every cache when it has none).
        init(url: String, files: FieldFiles) {
            let thread = Thread { [self] in
                let copy = ClubCopy(files: files)
                if let store = try? PostgresStore(url: url, purpose: .command) {
                    let area = (try? copy.area()) ?? nil
                    _ = try? copy.refresh(from: store, area: area)
                }
                lock.withLock { ended = true }
            }
            thread.name = "geocache-tui copy refresh"
            thread.start()
        }

        /// True once the refresh ended, done or not.
        var isDone: Bool { lock.withLock { ended } }
    }

    /// Starts a refresh of the copy when none runs and the last one (by this list) is
    /// ``copyRefreshInterval`` old, or there was none yet.
    func refreshCopyIfDue() {
        guard let field, field.away == nil else { return }
        if let running = field.refresh {
            guard running.isDone else { return }
            self.field?.refresh = nil
        }
        let now = ContinuousClock.now
        if let last = field.lastRefresh, now - last < Self.copyRefreshInterval { return }
        self.field?.lastRefresh = now
        self.field?.refresh = CopyRefresh(url: field.url, files: field.files)
    }

    /// How soon the copy of a club store the list shows live is due for a refresh (nil
    /// for a file store, while the copy is shown and while the server does not answer);
    /// while one runs, soon enough to see it end.
    var copyRefreshDelay: Duration? {
        guard let field, field.away == nil, !field.serverLost else { return nil }
        if field.refresh != nil { return .seconds(1) }
        guard let last = field.lastRefresh else { return .zero }
        return max(.zero, Self.copyRefreshInterval - (ContinuousClock.now - last))
    }

    /// True while a refresh of the copy started by this list has not ended (for tests).
    public var isRefreshingCopy: Bool {
        guard let refresh = field?.refresh else { return false }
        return !refresh.isDone
    }
}
