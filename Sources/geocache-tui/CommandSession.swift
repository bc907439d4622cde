import ArgumentParser
import Foundation
import GeoModel

extension StoreOptions {
    /// The write session of one command on the chosen store (``WriteSession``): a club
    /// store's waiting changes delivered first, said on standard error. A delivery
    /// stopped by another writer's lock ends the command (exit status 1): its own write
    /// would otherwise go before the changes kept before it. Any failure to open prints
    /// the store's message and exits 1. A command that only reads or changes caches
    /// already stored passes `creatingStore` false: a mistyped path makes no store.
    func openSession(creatingStore: Bool = true) throws -> WriteSession {
        let location: StoreLocation
        do {
            location = try self.location()
        } catch {
            throw CommandFailure.report(error)
        }
        var said = false
        let session: WriteSession
        do {
            session = try WriteSession.opening(location, creatingStore: creatingStore) {
                guard !said else { return }
                said = true
                CommandOutput.error([CommandText.waitingForLock])
            }
        } catch {
            throw CommandFailure.report(error)
        }
        session.saysSetAsideFiles()
        // A write delivers what still waits first (the role accepted again, a lock gone); said when it delivered any.
        session.deliveredBeforeWrite = { summary in
            if summary.report.deliveredCount > 0 { CommandOutput.error(CommandText.delivery(summary, sayingWhyItStopped: false)) }
        }
        Self.opened = session
        do {
            if let delivered = try session.deliverWaiting() {
                CommandOutput.error(CommandText.delivery(delivered))
                if case .locked? = delivered.report.stoppedBy { throw ExitCode.failure }
            }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            CommandOutput.error([CommandText.deliveryFailed(error)])
        }
        return session
    }

    /// The session the command opened, for what is said once after its work
    /// (``sayClubNote()``).
    nonisolated(unsafe) static var opened: WriteSession?

    /// Closes the session the command opened, as the form closes its own when it ends,
    /// once the command has said all it says, whether it succeeded or failed: the last
    /// connection to a store file copies its log into the file and deletes `-wal` and
    /// `-shm`, and a club store's server sees its connection end instead of losing it.
    static func closeOpened() {
        opened = nil
    }

    /// Says on standard error, once, what the command's club store had to say about
    /// its rules (``WriteSession/takeClubNote()``): after the command's own work, whose
    /// first statement read it. Nothing for a store of one person's.
    static func sayClubNote() {
        guard let session = opened, let note = session.takeClubNote() else { return }
        CommandOutput.error(CommandText.clubNote(note, store: session.location.description))
    }

    /// The session's store for reading: while the club store cannot be reached, its
    /// copy, after a line saying how old it is; without a copy, the server's own
    /// message and exit status 1.
    func readingStore(of session: WriteSession) throws -> any CacheStore {
        do {
            guard let unreachable = session.unreachable else { return try session.readStore() }
            guard let refreshed = try session.copyRefreshedAt() else {
                throw CommandFailure.report(unreachable)
            }
            let store = try session.readStore()
            CommandOutput.error([CommandText.showingCopy(refreshedAt: refreshed)])
            return store
        } catch let exit as ExitCode {
            throw exit
        } catch {
            throw CommandFailure.report(error)
        }
    }
}

extension WriteSession {
    /// Makes the session say on standard error, once, each of field mode's files it
    /// finds damaged and sets aside (``CommandText/setAside(_:)``); returns it.
    @discardableResult
    func saysSetAsideFiles() -> WriteSession {
        setAsideNotice = { CommandOutput.error([CommandText.setAside($0)]) }
        return self
    }

    /// The cache `target` names, as a write starts from it (``cache(named:)``); one that
    /// is not there ends the command with its message and exit status 1.
    func cache(named target: CacheTarget) throws -> StoredCache {
        do {
            return try cache(named: target.name)
        } catch {
            throw CommandFailure.report(error)
        }
    }

    /// Runs a write and ends the command as its result says: nothing more when stored;
    /// a line on standard error when kept on this machine (exit status 0); otherwise
    /// the message and exit status 1, ``CommandFailure/outcomeUnknownStatus`` or
    /// ``CommandFailure/notPermittedStatus``. Returns the stored value.
    ///
    /// `first`: lines said before anything but a stored result is (a hand-over stored
    /// before the change that then met something else).
    @discardableResult
    func run<T>(_ write: () throws -> WriteResult<T>, sayingFirst first: () -> [String] = { [] }) throws -> T? {
        let result: WriteResult<T>
        do {
            result = try write()
        } catch ChangeRefusal.notAMember(let role) {
            // The server's answer, as its other refusals are said.
            CommandOutput.error(first())
            throw CommandFailure.report(message: CommandText.handOverToNonMember(role, store: store?.name ?? location.description),
                                        status: CommandFailure.notPermittedStatus)
        } catch {
            CommandOutput.error(first())
            throw CommandFailure.report(error)
        }
        if case .stored = result {} else { CommandOutput.error(first()) }
        return try finish(result)
    }

    /// Ends the command as `result` says (see ``run(_:)``); returns the stored value.
    @discardableResult
    func finish<T>(_ result: WriteResult<T>) throws -> T? {
        switch result {
        case .stored(let value):
            return value
        case .kept(_, let waiting):
            CommandOutput.error([CommandText.kept(waiting: waiting, because: unreachable ?? .noCopy(
                server: location.description))])
            return nil
        case .lockHeld(let holder):
            throw CommandFailure.report(message: CommandText.lockHeld(store: location.description, holder: holder))
        case .outcomeUnknown(let error), .refused(let error):
            throw CommandFailure.report(error)
        }
    }
}

/// Where a command's lines about field mode go: standard error before a command's own
/// work, each line starting with `geocache-tui: ` (its output stays its own), or
/// standard output for `sync`, whose report it is.
enum CommandOutput {
    /// Writes `lines` to standard error, the first of each group prefixed.
    static func error(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        let text = lines.map { $0.hasPrefix(" ") ? $0 : "geocache-tui: " + $0 }.joined(separator: "\n")
        StandardStreams.writeError(text + "\n")
    }

    /// Writes `line` and a line break to standard output, as ``output(_:)`` does.
    static func output(line: String) throws {
        try output([line])
    }

    /// Writes `lines` to standard output. When it cannot take them, standard error says
    /// why and carries them instead, and this throws (exit status 1): a command's lines
    /// say what it did (a cache deleted, a visit logged), which a script told only that
    /// the output failed might do again.
    static func output(_ lines: [String]) throws {
        guard !lines.isEmpty else { return }
        // Not `joined(separator:)`: the standard library's unspecialised copy looks its
        // element's conformance up at run time, a scan of every conformance record that
        // cost `--version` 6 % of its instructions.
        var text = ""
        for line in lines { text += line + "\n" }
        if let reason = StandardStreams.outputFailure(writing: text) {
            throw CommandFailure.report(message: CommandText.outputLost(reason, lines))
        }
    }
}
