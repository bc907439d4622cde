import Foundation
import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// A cache whose title another program stored as bytes that are not UTF-8: the form
/// shows it with U+FFFD, and deletes or edits it like any other.
@Suite struct InvalidUTF8FormTests {
    /// A form on a store holding one cache whose title `sqlite3` then set to "f", the
    /// byte 0xFF, "o".
    private func formOnInvalidTitle() throws -> FormHarness {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("geocache-form-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = directory.appendingPathComponent("caches.sqlite")
        try SQLiteStore(url: store).add(GeoCache.sample("One"))
        let result = try GeocacheTUIBinary.runTool("/usr/bin/sqlite3",
                                                   [store.path, "UPDATE cache SET title = CAST(x'66ff6f' AS TEXT)"])
        #expect(result.status == 0, "\(result.error)")
        return try FormHarness(directory: directory)
    }

    @Test func theTitleIsShownWithAReplacementCharacter() throws {
        let form = try formOnInvalidTitle()
        #expect(form.screen.contains("Title:   f\u{FFFD}o"))
    }

    @Test func yesDeletesTheCache() throws {
        let form = try formOnInvalidTitle()
        form.press(.function(8), .character("y"))
        #expect(try SQLiteStore(url: form.storeURL).count() == 0)
    }

    @Test func anEditReplacesTheTitle() throws {
        let form = try formOnInvalidTitle()
        form.press(.function(4), .control("u"))
        form.type("Fixed")
        form.press(.control("s"))
        #expect(try SQLiteStore(url: form.storeURL).first()?.cache.title == "Fixed")
    }
}
