import Foundation
import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// The form on a store file whose write lock another program holds (a transaction left
/// open in `sqlite3`): as on a club store, a write waits the form's short lock wait, says
/// so, keeps the text and tries again while the form answers keys.
@Suite struct FormFileLockWaitTests {
    /// A form on a store file holding `caches`, with the waits the running app gives it.
    private func form(holding caches: [GeoCache] = []) throws -> FormHarness {
        let form = try FormHarness(caches: caches)
        form.controller.configureStoreWaits()
        return form
    }

    /// Types a whole cache, Patient oak, into the four fields.
    private func typePatientOak(into form: FormHarness) {
        for (index, text) in ["Patient oak", "d", "c", "r"].enumerated() {
            if index > 0 { form.press(.tab) }
            form.type(text)
        }
    }

    /// The cache stored first, read by a session of its own.
    private func first(of form: FormHarness) throws -> GeoCache? {
        try SQLiteStore(url: form.storeURL).first()?.cache
    }

    @Test func theFormGivesAFileStoreItsShortLockWait() throws {
        let form = try form()
        #expect(form.model.store.lockWait == GeoCacheFormController.lockWait)
    }

    @Test func aWriteThatMeetsAnotherProgramsLockKeepsTheTextAndIsStoredOnceAfterTheRelease() throws {
        let form = try form()
        let lock = try FileWriteLock(path: form.storeURL.path)
        typePatientOak(into: form)
        form.press(.control("s"))
        #expect(form.status.contains("Waiting for another session"), "\(form.status)")
        #expect(form.fieldTexts[0] == "Patient oak")
        try lock.release()
        form.controller.idleTick()
        #expect(try SQLiteStore(url: form.storeURL).loadCaches().map(\.title) == ["Patient oak"])
    }

    @Test func aWriteWaitingForALockGoesOnWaitingUnderTheHelpAndIsStoredOnceItCloses() throws {
        let form = try form()
        let lock = try FileWriteLock(path: form.storeURL.path)
        typePatientOak(into: form)
        form.press(.control("s"), .function(1))
        try lock.release()
        form.controller.idleTick()
        form.press(.escape)
        form.controller.idleTick()
        #expect(try SQLiteStore(url: form.storeURL).loadCaches().map(\.title) == ["Patient oak"])
    }

    @Test func aDeleteThatMeetsAnotherProgramsLockDeletesNothingAndSaysF8TriesAgain() throws {
        let form = try form(holding: [Samples.oak])
        let lock = try FileWriteLock(path: form.storeURL.path)
        form.press(.function(8), .character("y"))
        #expect(form.status.contains("Nothing deleted: the store is locked; F8 tries again"), "\(form.status)")
        try lock.release()
        form.press(.function(8), .character("y"))
        #expect(try first(of: form) == nil)
    }

    @Test(arguments: [(FormText.waitingForLock(holder: Self.longHolder), "Esc stops"),
                      (FormText.deleteHeldByLock(holder: Self.longHolder), "F8 tries again")])
    func aLockNoteKeepsItsKeyOnAn80ColumnRowWhateverTheHolder(note: String, key: String) {
        let bar = StatusBar(prompt: "Find:", frame: Rect(x: 0, y: 0, width: 80, height: 1))
        bar.text = "Cache 12 of 345"
        bar.note = note
        var canvas = Canvas(size: Size(width: 80, height: 1))
        bar.draw(into: &canvas)
        let row = canvas.lines[0]
        #expect(row.contains(key), "\(row)")
    }

    /// A holder as a club store names it, as long as they come.
    private static let longHolder = "geocache-tui of ana from 192.168.100.200, server process 1234567"

    @Test func aPlaceThatMeetsAnotherProgramsLockKeepsThePromptOpenAndSaysSo() throws {
        let form = try form(holding: [Samples.oak])
        let lock = try FileWriteLock(path: form.storeURL.path)
        form.press(.control("g"), .control("u"))
        form.type("N47 10.000 E008 10.000")
        form.press(.enter)
        #expect(form.status.contains("Another writer"), "\(form.status)")
        try lock.release()
        form.press(.enter)
        #expect(try first(of: form)?.coordinate == Coordinate(latitude: 47 + 10.0 / 60, longitude: 8 + 10.0 / 60))
    }
}
