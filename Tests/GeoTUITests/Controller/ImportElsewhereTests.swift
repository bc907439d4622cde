import Foundation
import GeoModel
import Testing
@testable import GeoTUI

/// Another process importing into the form's store: the form takes the new count into
/// its status line and leaves every other row of the screen as it was.
@Suite struct ImportElsewhereTests {
    /// `count` caches as the lab's JSON, for an import.
    private func json(_ count: Int) -> [UInt8] {
        Array(JSONInterchange.document(for: (0..<count).map { GeoCache.sample("Imported \($0)") }).utf8)
    }

    @Test func anImportElsewhereUpdatesTheCountInTheStatusLine() throws {
        let form = try FormHarness(caches: [.sample("One"), .sample("Two")])
        #expect(form.status.contains("1 of 2"))
        _ = try SQLiteStore(url: form.storeURL).importCaches(from: [.bytes(json(3), name: "other")])
        form.idle()
        #expect(form.status.contains("1 of 5"))
    }

    @Test func anImportElsewhereChangesNoRowButTheStatusLine() throws {
        let form = try FormHarness(caches: [.sample("One"), .sample("Two")])
        let before = form.canvas.lines
        _ = try SQLiteStore(url: form.storeURL).importCaches(from: [.bytes(json(3), name: "other")])
        form.idle()
        let changed = form.canvas.lines.indices.filter { form.canvas.lines[$0] != before[$0] }
        #expect(changed == [form.controller.layout.status.y])
    }
}
