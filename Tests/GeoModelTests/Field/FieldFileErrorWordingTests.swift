import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// A file error about field mode's own files (the outbox, the drafts file, the copy)
/// names the file for what it is and never advises choosing another store.
@Suite struct FieldFileErrorWordingTests {
    static let directory = "/home/ana/.local/share/geocache-tui/club/0123456789abcdef0123456789abcdef"

    @Test("an error about the outbox, the drafts file or the copy names that file and does not advise --store",
          arguments: [
        ("outbox.sqlite", "this machine's outbox"), ("drafts.sqlite", "this machine's drafts file"),
        ("copy.sqlite", "this machine's copy of the club store"),
    ])
    func aFieldFileErrorNamesTheFile(_ name: String, _ what: String) {
        let path = Self.directory + "/" + name
        let errors: [StoreError] = [
            .permissionDenied(path: path, reason: "SQLite says: unable to open database file"),
            .cannotCreate(path: path, reason: "SQLite cannot open it: unable to open database file"),
            .isDirectory(path: path), .diskFull(path: path), .corrupt(path: path, reason: "SQLite says: malformed"),
            .notAStore(path: path, reason: "SQLite says: file is not a database"), .noFreeInodes(path: path),
            .ioError(path: path, reason: "SQLite says: disk I/O error"),
        ]
        for error in errors {
            #expect(error.description.contains(what), "\(error)")
            #expect(!error.description.contains("--store"), "\(error)")
            #expect(!error.description.contains("the store"), "\(error)")
            #expect(!error.description.contains("caches.sqlite"), "\(error)")
        }
        #expect(StoreError.diskFull(path: path).description.contains("nothing was written to it"))
    }

    @Test("an error about a store file is worded as before")
    func aStoreFileErrorIsUnchanged() {
        #expect(StoreError.diskFull(path: "/home/ana/caches.sqlite").description.contains("the disk holding the store is full"))
        #expect(StoreError.isDirectory(path: "/home/ana/outbox.sqlite").description.contains("not a store file"))
    }
}
