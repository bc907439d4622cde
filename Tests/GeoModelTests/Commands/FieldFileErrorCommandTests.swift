import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// A command that cannot keep a write in this machine's outbox says what that file is,
/// never to choose another store.
@Suite(.serialized) struct FieldFileErrorCommandTests {
    @Test("add while away with a directory in the outbox's place names the outbox and does not advise --store")
    func aDirectoryInTheOutboxsPlaceIsNamedForWhatItIs() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.server.stop()
        try FileManager.default.createDirectory(atPath: club.files.outboxPath, withIntermediateDirectories: true)
        let add = try club.run(["add"] + FieldModeClub.fields("Old Oak"))
        #expect(add.status != 0)
        #expect(add.error.contains("this machine's outbox"), "\(add.error)")
        #expect(!add.error.contains("--store"), "\(add.error)")
        #expect(!add.error.contains("caches.sqlite"), "\(add.error)")
    }
}
