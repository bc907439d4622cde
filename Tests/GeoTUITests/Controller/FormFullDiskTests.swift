import Foundation
import Testing
@testable import GeoModel
@testable import GeoTUI
import GeoTestSupport

/// A form on a store that opened read-only because its disk was full: the status line
/// says why, at 80 columns, not only the quit afterwards.
@Suite struct FormFullDiskTests {
    @Test("a store opened read-only on a full disk says so on the status line, whole at 80 columns",
          .enabled(if: SmallDisk.isAvailable, "needs to mount a tmpfs (root)"))
    func theStatusLineSaysTheDiskWasFull() throws {
        let disk = try SmallDisk()
        defer { disk.remove() }
        try SQLiteStore(url: disk.file()).add(Samples.oak)
        disk.fill()
        let form = try FormHarness(directory: disk.directory.url)
        #expect(form.controller.statusBar.note == "caches.sqlite is read-only, disk full: browse, search, export")
        #expect(form.row(21).hasSuffix("caches.sqlite is read-only, disk full: browse, search, export"))
    }

    @Test("a write on a store opened read-only on a full disk is refused with the way on, and F5 once there is room makes it writable",
          .enabled(if: SmallDisk.isAvailable, "needs to mount a tmpfs (root)"))
    func f5AfterFreeingSpaceOpensTheStoreWritable() throws {
        let disk = try SmallDisk()
        defer { disk.remove() }
        try SQLiteStore(url: disk.file()).add(Samples.oak)
        disk.fill()
        let form = try FormHarness(directory: disk.directory.url)
        form.press(.function(4))
        #expect(form.controller.statusBar.note == "Read-only store, opened without room: free some space, then F5 opens it again")
        form.press(.function(5))
        #expect(form.controller.statusBar.note == "caches.sqlite is read-only, disk full: browse, search, export")
        disk.makeRoom()
        form.press(.function(5))
        #expect(form.controller.statusBar.note == "Reopened caches.sqlite")
        #expect(!form.screen.contains("(read-only)"))
        form.type("Mill")
        form.press(.tab)
        form.type("d")
        form.press(.tab)
        form.type("c")
        form.press(.tab)
        form.type("r")
        form.press(.control("s"))
        #expect(try SQLiteStore(url: disk.file()).loadCaches().map(\.title) == ["Old Oak", "Mill"])
    }
}
