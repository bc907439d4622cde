import Foundation
import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// The form on a store file whose write lock another program holds (a transaction left
/// open in `sqlite3`): as on a club store, a write waits the form's short lock wait, says
/// so, keeps the text and tries again while the form answers keys.
@Suite struct FormFileLockWaitTests {
    /// A form on a fresh store file holding `caches`.
    private final class FileForm {
        let directory: TemporaryDirectory
        let path: String
        let store: SQLiteStore
        let controller: GeoCacheFormController

        init(caches: [GeoCache] = []) throws {
            directory = try TemporaryDirectory()
            path = directory.file().path
            store = try SQLiteStore(path: path)
            for cache in caches { try store.add(cache) }
            controller = GeoCacheFormController(model: try CacheList(store: store))
            controller.resize(to: Size(width: 80, height: 24))
            controller.configureStoreWaits()
        }

        deinit { directory.remove() }

        func press(_ key: Key) { _ = controller.handle(.key(key)) }

        func type(_ fields: [String]) {
            for (index, text) in fields.enumerated() {
                for character in text { press(.character(character)) }
                if index < fields.count - 1 { press(.tab) }
            }
        }

        /// The status line as drawn now.
        var status: String {
            controller.render().map { $0.lines[controller.layout.status.y] } ?? ""
        }
    }

    @Test func theFormGivesAFileStoreItsShortLockWait() throws {
        let form = try FileForm()
        #expect(form.store.lockWait == GeoCacheFormController.lockWait)
    }

    @Test func aWriteThatMeetsAnotherProgramsLockKeepsTheTextAndIsStoredOnceAfterTheRelease() throws {
        let form = try FileForm()
        let lock = try FileWriteLock(path: form.path)
        form.type(["Patient oak", "d", "c", "r"])
        form.press(.control("s"))
        #expect(form.status.contains("Waiting for another session's change"), "\(form.status)")
        #expect(form.controller.fields[0].input.text == "Patient oak")
        try lock.release()
        form.controller.idleTick()
        #expect(try form.store.loadCaches().map(\.title) == ["Patient oak"])
    }

    @Test func aPlaceThatMeetsAnotherProgramsLockKeepsThePromptOpenAndSaysSo() throws {
        let form = try FileForm(caches: [Samples.oak])
        let lock = try FileWriteLock(path: form.path)
        form.press(.control("g"))
        form.press(.control("u"))
        for character in "N47 10.000 E008 10.000" { form.press(.character(character)) }
        form.press(.enter)
        #expect(form.status.contains("Another writer"), "\(form.status)")
        try lock.release()
        form.press(.enter)
        #expect(try form.store.first()?.cache.coordinate == Coordinate(latitude: 47 + 10.0 / 60, longitude: 8 + 10.0 / 60))
    }
}
