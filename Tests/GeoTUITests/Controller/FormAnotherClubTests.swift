import Foundation
import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// A form whose club store answers as another club database than the one this machine's
/// copy came from (its recorded identity is another: the database was created anew, or
/// another server answers on the port): the copy stays shown, read-only, the status line
/// says why, and a write is refused rather than kept for that database.
@Suite struct FormAnotherClubTests {
    /// ana's form on a club store holding her Old Oak, whose copy on this machine records
    /// another club's identity.
    private static func anasFormOnAnotherClub() throws -> (club: ClubFixture, form: ClubFormHarness) {
        let club = try ClubFixture.make()
        let live = try PostgresStore(url: club.url(as: club.ana), purpose: .command)
        try live.add(Samples.oak)
        let form = try ClubFormHarness(url: club.url(as: club.ana)) { files in
            try ClubCopy(files: files).refresh(from: live, area: nil)
            try files.recordClub(UUID().uuidString.lowercased())
        }
        _ = waitUntil(timeout: .seconds(15)) {
            form.idle()
            return form.title.contains("club store refused")
        }
        return (club, form)
    }

    @Test("the form shows the copy read-only and its status line says another club database answers")
    func theFormShowsTheCopyAndSaysAnotherClubDatabaseAnswers() throws {
        let (_, form) = try Self.anasFormOnAnotherClub()
        #expect(form.model.clubAway != nil)
        #expect(form.status.contains("Another club database answers here: showing the copy, read-only"), "\(form.status)")
        #expect(form.screen.contains("is another club database than the one this machine's copy (1 cache, of "),
                "\(form.screen)")
        #expect(form.screen.contains("sync --adopt-club"), "\(form.screen)")
    }

    @Test("an Add on the form is refused, not kept for that database, and its text stays in the fields")
    func anAddIsRefusedAndNotKept() throws {
        let (club, form) = try Self.anasFormOnAnotherClub()
        form.typeCache(Samples.bridge)
        form.press(.control("s"))
        #expect(form.status.contains("Refused by the server; nothing was stored"), "\(form.status)")
        #expect(try form.model.queuedChanges().isEmpty)
        #expect(form.fieldTexts.first == Samples.bridge.title)
        #expect(try PostgresStore(url: club.url(as: club.ana), purpose: .command).count() == 1)
    }

    @Test("a form showing the club store whose database is dropped and created anew gives way to the copy and says so")
    func aFormWhoseDatabaseIsCreatedAnewGivesWayToTheCopy() throws {
        let server = try PostgresTestServer.shared()
        let url = try server.makeDatabase()
        let live = try PostgresStore(url: url, purpose: .command)
        try live.add(Samples.oak)
        let form = try ClubFormHarness(url: url) { files in try ClubCopy(files: files).refresh(from: live, area: nil) }
        #expect(form.model.clubAway == nil)
        let name = String(url.split(separator: "/").last ?? "")
        try server.superuser("DROP DATABASE \(name) WITH (FORCE)")
        try server.superuser("CREATE DATABASE \(name)")
        _ = try PostgresStore(url: url, purpose: .command).setUpClub()
        _ = waitUntil(timeout: .seconds(20)) {
            form.idle()
            return form.title.contains("club store refused")
        }
        #expect(form.model.clubAway != nil)
        #expect(form.status.contains("Another club database answers here"), "\(form.status)")
        form.typeCache(Samples.bridge)
        form.press(.control("s"))
        #expect(form.status.contains("Refused by the server; nothing was stored"), "\(form.status)")
        #expect(try form.model.queuedChanges().isEmpty)
        #expect(try PostgresStore(url: url, purpose: .command).count() == 0)
    }
}
