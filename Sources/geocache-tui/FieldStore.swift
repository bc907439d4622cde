import ArgumentParser
import Foundation
import GeoModel

/// What a command finds when it opens its store in field mode: the store (on a club
/// store, with the changes kept on this machine delivered first), or a club store that
/// cannot be reached, whose writes go to the outbox and whose reads go to the copy.
enum FieldOpening {
    /// The store answered (or is a file): the command works on it.
    case store(any CacheStore)
    /// The club store cannot be reached: ``AwayClubStore`` keeps writes on this machine.
    case away(AwayClubStore)
}

extension StoreOptions {
    /// Opens the chosen store for one command. On a club store that answers, the
    /// changes kept on this machine are delivered first (``FieldDelivery``); when it
    /// cannot be reached, or goes away during that delivery, the result is
    /// ``FieldOpening/away(_:)``. Any other failure prints the store's message and exits 1.
    func openInFieldMode() throws -> FieldOpening {
        let location: StoreLocation
        do {
            location = try self.location()
        } catch {
            throw CommandFailure.report(error)
        }
        var store: any CacheStore
        do {
            store = try location.open(for: .command)
        } catch {
            if let away = AwayClubStore(location: location, error: error) { return .away(away) }
            throw CommandFailure.report(error)
        }
        // A write that waits for another session's lock says so, once, and goes on waiting.
        var said = false
        store.lockWaitNotice = {
            guard !said else { return }
            said = true
            StandardStreams.writeError("geocache-tui: waiting for another session's change\n")
        }
        guard case .server(let url) = location else { return .store(store) }
        let files = FieldFiles(serverURL: url)
        if let stoppedBy = FieldDelivery.deliverWaiting(files, to: &store, output: .standardError),
           let away = AwayClubStore(location: location, error: stoppedBy) {
            // Changes still wait: the command's own write goes after them, in order.
            return .away(away)
        }
        return .store(store)
    }

    /// Opens the chosen store for one command (delivering a club store's waiting
    /// changes first); a club store that cannot be reached ends the command with its
    /// message and exit status 1, as any store that cannot be opened.
    func openStore() throws -> any CacheStore {
        switch try openInFieldMode() {
        case .store(let store): return store
        case .away(let away): throw CommandFailure.report(away.error)
        }
    }

    /// The club store away after `error`, thrown by a write to the store `--store`
    /// names; nil when the error does not mean the server is away, or it means that
    /// the write may have been stored (``StoreError/outcomeUnknown(server:reason:)``).
    func awayAfterWrite(_ error: any Error) -> AwayClubStore? {
        guard let location = try? location() else { return nil }
        return AwayClubStore(location: location, error: error)
    }
}

/// A club store that cannot be reached, seen from a command: its writes are kept in the
/// ``Outbox`` on this machine, `edit` and `delete` find their cache in the ``ClubCopy``
/// or among the changes waiting, and `list` shows the copy.
struct AwayClubStore {
    /// The store's files on this machine.
    let files: FieldFiles
    /// Why it cannot be reached.
    let error: StoreError

    /// The club store at `location` away after `error`: nil unless `location` is a
    /// server and `error` says that it cannot be reached and that nothing was stored.
    init?(location: StoreLocation, error: any Error) {
        guard case .server(let url) = location, let error = error as? StoreError,
              error.meansTheServerCannotBeReached else { return nil }
        // A write that may have been stored is not kept: kept, it could be stored twice.
        if case .outcomeUnknown = error { return nil }
        files = FieldFiles(serverURL: url)
        self.error = error
    }

    /// What the server's error says, for "the club store cannot be reached (REASON)".
    var reason: String {
        switch error {
        case .unreachable(_, let reason), .connectionLost(_, let reason): reason
        default: error.description
        }
    }

    /// Keeps a change in the outbox (`body` queues it) and says so on standard error
    /// with the number of changes waiting (nothing when `body` queued nothing); a failure to keep it ends the command with
    /// its message and exit status 1.
    func keep(_ body: (Outbox) throws -> Void) throws {
        let before: Int, waiting: Int
        do {
            let outbox = try Outbox(files: files)
            before = try outbox.count()
            try body(outbox)
            waiting = try outbox.count()
        } catch let exit as ExitCode {
            throw exit
        } catch {
            throw CommandFailure.report(message: "the club store cannot be reached (\(reason)), and the change "
                                        + "could not be kept on this machine: \(error)")
        }
        guard waiting > before else { return }
        StandardStreams.writeError("geocache-tui: the club store cannot be reached (\(reason)); kept on this "
                                   + "machine: \(FieldText.changes(waiting)) waiting for the club store\n")
    }

    /// The version of the cache `target` names as this machine knows it: the latest
    /// change waiting for it (an add or an edit), else the copy's. A cache found
    /// nowhere, or deleted by a waiting change, ends the command with exit status 1.
    func resolve(_ target: CacheTarget, in outbox: Outbox) throws -> GeoCache {
        let waiting: [QueuedChange]
        do {
            waiting = try outbox.changes()
        } catch {
            throw CommandFailure.report(error)
        }
        if let code = target.code.flatMap(CacheCode.normalized), let latest = try Self.latest(of: code, in: waiting) {
            return latest
        }
        let found = try target.resolve(in: try copyStore(toFind: target))
        guard let code = found.cache.code, let latest = try Self.latest(of: code, in: waiting) else { return found.cache }
        return latest
    }

    /// The cache `code` becomes by the changes waiting, nil when none is about it.
    private static func latest(of code: String, in waiting: [QueuedChange]) throws -> GeoCache? {
        guard let last = waiting.last(where: { $0.code == code }) else { return nil }
        guard last.kind != .delete, let cache = last.cache else {
            throw CommandFailure.report(message: "\(code) “\(last.title)” is deleted already by change \(last.sequence), "
                                        + "which waits on this machine for the club store (see sync --status)")
        }
        return cache
    }

    /// The copy to find a cache in; without one, a message saying so and exit status 1.
    private func copyStore(toFind target: CacheTarget) throws -> any CacheStore {
        let copy = ClubCopy(files: files)
        do {
            guard try copy.refreshedAt() != nil else {
                let waiting = target.code.map { " nor a change waiting for the cache \($0)" } ?? ""
                throw CommandFailure.report(
                    message: "the club store cannot be reached (\(reason)), and this machine holds no copy of its "
                        + "caches\(waiting) to find the cache in; `geocache-tui sync` keeps a copy while the server answers")
            }
            return try copy.open()
        } catch let exit as ExitCode {
            throw exit
        } catch {
            throw CommandFailure.report(error)
        }
    }

    /// The copy, to read while the server is away, after a line on standard error saying
    /// how old it is; without a copy, the server's own message and exit status 1.
    func copyForReading() throws -> any CacheStore {
        let copy = ClubCopy(files: files)
        do {
            guard let refreshed = try copy.refreshedAt() else { throw CommandFailure.report(error) }
            let store = try copy.open()
            StandardStreams.writeError("geocache-tui: club store away; showing the copy of \(ClubCopy.age(of: refreshed))\n")
            return store
        } catch let exit as ExitCode {
            throw exit
        } catch {
            throw CommandFailure.report(error)
        }
    }
}

/// Words for the field-mode messages.
enum FieldText {
    /// "1 change", "2 changes".
    static func changes(_ count: Int) -> String {
        count == 1 ? "1 change" : "\(count) changes"
    }

    /// "1 change still waits", "2 changes still wait".
    static func stillWait(_ count: Int) -> String {
        changes(count) + (count == 1 ? " still waits" : " still wait")
    }

    /// "1 conflict", "2 conflicts".
    static func conflicts(_ count: Int) -> String {
        count == 1 ? "1 conflict" : "\(count) conflicts"
    }
}
