import Foundation
import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// Quitting (the quit key, a hang-up, a termination) while another program holds the
/// store file's write lock for a moment (`sqlite3` in `BEGIN EXCLUSIVE`, another form's
/// import): keeping the fields as a draft waits for the lock as every write does, so the
/// text is in the store once the lock is released, not printed on a terminal that may
/// be gone.
@Suite(.serialized) struct FormQuitLockWaitTests {
    /// Another program's write lock, released by a thread of its own after `delay`.
    private final class BriefLock: @unchecked Sendable {
        private let lock: FileWriteLock

        init(path: String, releasedAfter delay: TimeInterval) throws {
            lock = try FileWriteLock(path: path)
            Thread.detachNewThread { [self] in
                Thread.sleep(forTimeInterval: delay)
                try? lock.release()
            }
        }
    }

    /// What a form's wait showed on the terminal while it lasted.
    private final class Shown {
        var canvases: [Canvas] = []
    }

    /// A form on a store file with the waits the running app gives it, whose terminal
    /// input has nothing to read and whose screen keeps what is shown in `shown`.
    private func form(showingInto shown: Shown, reading: @escaping () -> [TerminalEvent] = { [] }) throws -> FormHarness {
        let form = try FormHarness()
        form.controller.configureStoreWaits()
        form.controller.attach(WaitingInput(descriptors: [], read: reading, show: { shown.canvases.append($0) }))
        return form
    }

    /// The titles of the drafts kept in the store, read by a session of its own.
    private func keptTitles(in form: FormHarness) throws -> [String?] {
        try SQLiteStore(url: form.storeURL).keptDrafts().map { $0.fields[.title] }
    }

    @Test func quittingWhileAnotherProgramHoldsTheLockForASecondKeepsTheFieldsAsADraftOnceItIsReleased() throws {
        let shown = Shown()
        let form = try form(showingInto: shown)
        form.type("Patient oak")
        let lock = try BriefLock(path: form.storeURL.path, releasedAfter: 1)
        form.press(.control("q"))
        #expect(form.lastOutcome == .quit(status: 0))
        #expect(form.controller.finishProblems.isEmpty, "\(form.controller.finishProblems)")
        #expect(try keptTitles(in: form) == ["Patient oak"])
        let said = shown.canvases.map { $0.lines[form.controller.layout.status.y] }
        #expect(said.contains { $0.contains("Keeping the draft: waiting for another session; ^Q stops") }, "\(said)")
        _ = lock
    }

    @Test(arguments: [TerminalSignal.hangup, .terminate])
    func aSignalWhileAnotherProgramHoldsTheLockForASecondKeepsTheFieldsAsADraftOnceItIsReleased(
        signal: TerminalSignal
    ) throws {
        let shown = Shown()
        let form = try form(showingInto: shown)
        form.type("Patient oak")
        let lock = try BriefLock(path: form.storeURL.path, releasedAfter: 1)
        #expect(form.controller.handle(signal) == .quit(status: 0))
        #expect(form.controller.finishProblems.isEmpty, "\(form.controller.finishProblems)")
        #expect(try keptTitles(in: form) == ["Patient oak"])
        // A hang-up has no terminal left to say it on.
        #expect(shown.canvases.isEmpty == (signal == .hangup))
        _ = lock
    }

    @Test func aFurtherQuitKeyStopsTheWaitAndTheTextIsSaidAfterTheTerminalIsRestored() throws {
        let form = try form(showingInto: Shown(), reading: { [.input(.key(.control("q")))] })
        form.type("Patient oak")
        let lock = try BriefLock(path: form.storeURL.path, releasedAfter: 3)
        let start = ContinuousClock.now
        form.press(.control("q"))
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(form.controller.finishProblems.contains { $0.contains("Title: Patient oak") },
                "\(form.controller.finishProblems)")
        _ = lock
    }
}
