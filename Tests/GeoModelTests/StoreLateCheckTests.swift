import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// A store file the program has not seen as it is (copied into place) is shown first
/// and checked after (issue 39): ``CacheList/finishIntegrityCheckIfDone()``.
@Suite struct StoreLateCheckTests {
    /// The list opened on `url` as the form opens it, its opening taken over.
    private static func openedList(_ url: URL) throws -> (CacheList, StoreOpening) {
        let opening = StoreOpening(.file(url.path, createsDirectories: false))
        let list = CacheList(opening: opening)
        try list.finishOpening()
        return (list, opening)
    }

    /// Waits until the late check's verdict is in, then takes it.
    private static func waitForVerdict(_ list: CacheList) {
        if let descriptor = list.integrityDescriptor {
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&ready, 1, 10_000)
        }
        list.finishIntegrityCheckIfDone()
    }

    @Test("a copied store is shown before its check ends, and the check's verdict comes after")
    func aCopiedStoreIsShownBeforeItsCheck() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try CopiedStore.make(in: directory)
        let (list, opening) = try Self.openedList(url)
        defer { opening.finish() }
        let recorder = ChangeRecorder(list)

        #expect(list.current?.cache.withoutCode == Samples.numbered(1))
        #expect(list.isCheckingStore)
        #expect(list.integrityDescriptor != nil)
        Self.waitForVerdict(list)

        #expect(recorder.changes == [.integrityChecked(.sound)])
        #expect(!list.isCheckingStore)
        #expect(list.storeDamage == nil)
        #expect(StoreFile.CheckRecord.matches(url.path, try StoreFile.identity(of: url.path)))
    }

    @Test("a damaged copy is shown, as the check has not run when the form shows it")
    func aDamagedCopyIsShownFirst() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try CopiedStore.make(in: directory, damaged: true)
        let (list, opening) = try Self.openedList(url)
        defer { opening.finish() }

        #expect(list.count == 300)
        #expect(list.current?.cache.withoutCode == Samples.numbered(1))
    }

    @Test("a write on a copied store waits for the check, then is stored")
    func aWriteWaitsForTheCheck() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try CopiedStore.make(in: directory)
        let (list, opening) = try Self.openedList(url)
        defer { opening.finish() }

        try list.add(Samples.oak)

        #expect(list.count == 301)
        // The write waited for the verdict: it is in, recorded, and broadcast at the next look.
        #expect(StoreFile.CheckRecord.matches(url.path, try StoreFile.identity(of: url.path)))
        let recorder = ChangeRecorder(list)
        list.finishIntegrityCheckIfDone()
        #expect(recorder.changes == [.integrityChecked(.sound)])
    }

    @Test("a write right after a damaged copy opens waits for the check and is refused as damaged")
    func aWriteOnADamagedCopyIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try CopiedStore.make(in: directory, damaged: true)
        let (list, opening) = try Self.openedList(url)
        defer { opening.finish() }
        let before = try Data(contentsOf: url)

        #expect {
            try list.add(Samples.oak)
        } throws: { error in
            guard case .corrupt(let path, let reason) = error as? StoreError else { return false }
            return path == url.path && reason.contains("quick_check")
        }
        #expect(try Data(contentsOf: url) == before)
    }

    @Test("a damaged copy found late says so once, in the refusal's words, and refuses every write")
    func aDamagedCopyFoundLateRefusesWrites() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try CopiedStore.make(in: directory, damaged: true)
        let (list, opening) = try Self.openedList(url)
        defer { opening.finish() }
        let recorder = ChangeRecorder(list)
        let before = try Data(contentsOf: url)

        Self.waitForVerdict(list)

        guard case .integrityChecked(.damaged(let error))? = recorder.changes.first,
              case .corrupt(let path, _) = error else {
            Issue.record("no damage broadcast: \(recorder.changes)")
            return
        }
        #expect(path == url.path)
        #expect(error.description.contains("is damaged"))
        #expect(list.storeDamage == error)
        #expect(throws: error) { try list.add(Samples.oak) }
        #expect(throws: error) { try list.keepDraft(FormDraft(fields: [.title: "Half typed"]), finishing: true) }
        #expect(list.current?.cache.withoutCode == Samples.numbered(1))
        #expect(try Data(contentsOf: url) == before)
        #expect(!StoreFile.CheckRecord.matches(url.path, try StoreFile.identity(of: url.path)))
        list.finishIntegrityCheckIfDone()
        #expect(recorder.changes.count == 1)
    }

    @Test("a store the program has seen as it is is not checked when the form opens it")
    func aKnownStoreIsNotChecked() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try CopiedStore.make(in: directory)
        _ = try SQLiteStore(url: url)  // checked before opening, and recorded
        let (list, opening) = try Self.openedList(url)
        defer { opening.finish() }
        let recorder = ChangeRecorder(list)

        #expect(!list.isCheckingStore)
        #expect(list.integrityDescriptor == nil)
        list.finishIntegrityCheckIfDone()
        #expect(recorder.changes.isEmpty)
    }

    @Test("a command's opening still checks a copied store before anything else")
    func aCommandStillChecksFirst() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try CopiedStore.make(in: directory, damaged: true)

        #expect {
            _ = try StoreLocation.file(url.path, createsDirectories: false).open(for: .command)
        } throws: { error in
            guard case .corrupt = error as? StoreError else { return false }
            return true
        }
    }

    @Test("quitting while the check runs ends it without a verdict of damage")
    func quittingStopsTheCheck() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try CopiedStore.make(in: directory)
        let (list, opening) = try Self.openedList(url)
        defer { opening.finish() }

        list.store.prepareForExit()

        list.finishIntegrityCheckIfDone()
        #expect(!list.isCheckingStore)
        #expect(list.storeDamage == nil)
    }
}
