import Foundation

extension CacheList {
    /// The refreshes of a club store's copy while a list shows the club store: a thread
    /// of its own, with a connection of its own (a command's: no listening) for each
    /// refresh, so the run loop never waits for one and never wakes for one (a wake of
    /// the form's loop costs a round trip on its own connection). What a refresh meets
    /// is dropped: the copy stays as it was, and the next one is tried `every` later.
    final class CopyRefresher: @unchecked Sendable {
        private let condition = NSCondition()
        private var active = false
        private var stopped = false

        /// Starts the thread: the first refresh `first` after the list shows the club
        /// store, then one `every`, keeping the area the copy was made for.
        init(url: String, files: FieldFiles, first: Duration, every: Duration) {
            let thread = Thread { [self] in
                var delay = first
                while wait(delay) {
                    let copy = ClubCopy(files: files)
                    if let store = try? PostgresStore(url: url, purpose: .command) {
                        let area = (try? copy.area()) ?? nil
                        _ = try? copy.refresh(from: store, area: area)
                    }
                    delay = every
                }
            }
            thread.name = "geocache-tui copy refresh"
            thread.start()
        }

        /// Waits `delay` while the list shows the club store (the wait starts again when
        /// it comes back from the copy); false once stopped.
        private func wait(_ delay: Duration) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            while true {
                while !active, !stopped { condition.wait() }
                if stopped { return false }
                let deadline = Date().addingTimeInterval(Double(delay.components.seconds)
                                                         + Double(delay.components.attoseconds) * 1e-18)
                while active, !stopped, condition.wait(until: deadline) {}
                if stopped { return false }
                if active { return true }
            }
        }

        /// Whether the list shows the club store (refreshes run) or its copy (they wait).
        func setActive(_ value: Bool) {
            condition.withLock {
                active = value
                condition.broadcast()
            }
        }

        /// Ends the thread at its next wait.
        func stop() {
            condition.withLock {
                stopped = true
                condition.broadcast()
            }
        }
    }

    /// When the list shows the club store: starts the refreshes of its copy (on their
    /// thread, ``copyRefreshDelays``), or lets them go on; while the copy is shown they wait.
    func updateCopyRefreshes() {
        guard let field else { return }
        if field.refresher == nil, field.away == nil {
            self.field?.refresher = CopyRefresher(url: field.url, files: field.files,
                                                  first: copyRefreshDelays.first, every: copyRefreshDelays.every)
        }
        self.field?.refresher?.setActive(field.away == nil)
    }
}
