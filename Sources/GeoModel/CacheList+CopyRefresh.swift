import Foundation

extension CacheList {
    /// Puts `store` in the place of the one the list reads (the club store taking the
    /// copy's place), and moves to it the drafts kept on this machine meanwhile
    /// (``moveLocalDrafts(to:)``).
    func replaceStore(with store: any CacheStore) {
        writeSession.replaceStore(with: store)
        moveLocalDrafts(to: store)
    }

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
        /// Set by ``finish(within:)``: the patches are written, no refresh is started.
        private var finishing = false
        /// Whether the thread is writing patches it took, and whether it has ended.
        private var patching = false
        private var ended = false
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
                        patched()
                    case .refresh:
                        // Only from the club database the copy came from (`FieldFiles+Club.swift`).
                        if let store = try? PostgresStore(url: url, purpose: .command),
                           (try? files.checkClub(of: store, .always)) != nil {
                            let area = (try? copy.area()) ?? nil
                            _ = try? copy.refresh(from: store, area: area)
                        }
                        delay = every
                    }
                }
                condition.withLock {
                    ended = true
                    condition.broadcast()
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
                    patching = true
                    return .patch(pending)
                }
                if finishing { return nil }
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
                _ = condition.wait(until: Date().addingTimeInterval(Self.seconds(left)))
            }
        }

        /// Whether the list shows the club store (refreshes run) or its copy (they wait).
        func setActive(_ value: Bool) {
            condition.withLock {
                active = value
                condition.broadcast()
            }
        }

        /// The patches the thread took are written.
        private func patched() {
            condition.withLock {
                patching = false
                condition.broadcast()
            }
        }

        /// The end of the list (a form's quit or hang-up): the thread writes the patches
        /// handed to it, the one it is writing and those waiting, and starts no refresh;
        /// this waits for it up to `limit` (a lock held elsewhere or a stuck disk never
        /// holds the quit longer), then the thread ends at its next wait. Returns whether
        /// every patch was written; what was not is left to the copy's next refresh (a
        /// new file it left is removed at the copy's next write, ``ClubCopy/withLock(_:)``).
        func finish(within limit: Duration) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            finishing = true
            condition.broadcast()
            let deadline = Date().addingTimeInterval(Self.seconds(limit))
            while !ended, patching || !pending.isEmpty {
                if !condition.wait(until: deadline) { break }
            }
            let written = !patching && pending.isEmpty
            stopped = true
            condition.broadcast()
            return written
        }

        /// `duration` in seconds.
        private static func seconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
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

    /// How long the end of a list (``finishCopyWrites(within:)``) waits for the writes into
    /// the copy still under way.
    public static let copyFinishWait: Duration = .seconds(5)

    /// The end of the list, as a form quits or hangs up: what it stored on the club store
    /// and its copy's thread has not written into the copy yet is written now, waited
    /// for up to `limit` (a lock or a disk stuck never holds the quit longer); the
    /// refreshes stop. Returns whether every such write was done (true when there was
    /// none); what was not reaches the copy at its next refresh. A write stored after
    /// it is written into the copy at once, as a command's is.
    @discardableResult
    public func finishCopyWrites(within limit: Duration = CacheList.copyFinishWait) -> Bool {
        guard let refresher = field?.refresher else { return true }
        field?.refresher = nil
        session?.copyPatcher = nil
        return refresher.finish(within: limit)
    }

    /// Before the copy is shown: writes into it what the list stored and its thread has
    /// not written yet, and waits for a write of the copy under way (its lock).
    func catchCopyUp(_ copy: ClubCopy) {
        for batch in field?.refresher?.takePending() ?? [] { try? copy.patch(batch) }
        if FileManager.default.fileExists(atPath: copy.files.copyPath) { _ = try? copy.withLock {} }
    }
}
