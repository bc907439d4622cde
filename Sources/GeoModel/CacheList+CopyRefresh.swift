import Foundation

extension CacheList {
    /// The refreshes of a club store's copy while a list shows the club store, and the
    /// patches of what the list stores there (``ClubCopy/patch(_:)``): a thread
    /// of its own, with a connection of its own (a command's: no listening) for each
    /// refresh, so the run loop never waits for one and never wakes for one (a wake of
    /// the form's loop costs a round trip on its own connection). What a refresh meets
    /// is dropped: the copy stays as it was, and the next one is tried `every` later.
    final class CopyRefresher: @unchecked Sendable {
        private let condition = NSCondition()
        private var active = false
        private var stopped = false
        /// What the list stored on the club store, to write into the copy, oldest first.
        private var pending: [CopyPatches] = []

        /// What the thread is woken for.
        private enum Work {
            case refresh
            case patch([CopyPatches])
        }

        /// Starts the thread: the first refresh `first` after the list shows the club
        /// store, then one `every`, keeping the area the copy was made for; in between,
        /// the patches handed to it (``patch(_:)``) are written as they come.
        init(url: String, files: FieldFiles, first: Duration, every: Duration) {
            let thread = Thread { [self] in
                var delay = first
                while let work = next(delay: delay) {
                    let copy = ClubCopy(files: files)
                    switch work {
                    case .patch(let batches):
                        for batch in batches { try? copy.patch(batch) }
                    case .refresh:
                        if let store = try? PostgresStore(url: url, purpose: .command) {
                            let area = (try? copy.area()) ?? nil
                            _ = try? copy.refresh(from: store, area: area)
                        }
                        delay = every
                    }
                }
            }
            thread.name = "geocache-tui copy refresh"
            thread.start()
        }

        /// Hands `batch`, stored on the club store, to the thread to write into the copy.
        func patch(_ batch: CopyPatches) {
            condition.withLock {
                pending.append(batch)
                condition.broadcast()
            }
        }

        /// Takes the patches the thread has not begun to write (the list writes them
        /// itself before it shows the copy).
        func takePending() -> [CopyPatches] {
            condition.withLock {
                defer { pending = [] }
                return pending
            }
        }

        /// When the next refresh is due; nil while the list shows the copy.
        private var due: ContinuousClock.Instant?

        /// Waits for the next work: patches as soon as they are handed over; a refresh
        /// `delay` after the list showed the club store or after the last refresh (a wait
        /// while it shows the copy starts again when it comes back). Nil once stopped.
        private func next(delay: Duration) -> Work? {
            condition.lock()
            defer { condition.unlock() }
            while true {
                if stopped { return nil }
                if !pending.isEmpty {
                    defer { pending = [] }
                    return .patch(pending)
                }
                guard active else {
                    due = nil
                    condition.wait()
                    continue
                }
                let at = due ?? ContinuousClock.now + delay
                due = at
                let left = at - ContinuousClock.now
                if left <= .zero {
                    due = nil
                    return .refresh
                }
                let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) * 1e-18
                _ = condition.wait(until: Date().addingTimeInterval(seconds))
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
    /// The session's stored writes are written into the copy on the same thread.
    func updateCopyRefreshes() {
        guard let field else { return }
        if field.refresher == nil, field.away == nil {
            let refresher = CopyRefresher(url: field.url, files: field.files,
                                          first: copyRefreshDelays.first, every: copyRefreshDelays.every)
            self.field?.refresher = refresher
            session?.copyPatcher = { [weak refresher] batch in refresher?.patch(batch) }
        }
        self.field?.refresher?.setActive(field.away == nil)
    }

    /// Before the copy is shown: writes into it what the list stored and its thread has
    /// not written yet, and waits for a write of the copy under way (its lock).
    func catchCopyUp(_ copy: ClubCopy) {
        for batch in field?.refresher?.takePending() ?? [] { try? copy.patch(batch) }
        if FileManager.default.fileExists(atPath: copy.files.copyPath) { _ = try? copy.withLock {} }
    }
}
