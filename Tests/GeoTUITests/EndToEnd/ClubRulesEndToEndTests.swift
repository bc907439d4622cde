import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// The real binary under tmux on a club store with the club's rules (issue 36): a
/// member's form shows whose a cache is, refuses at once to edit another member's
/// cache and leaves Edit out of its help bar; the member's password, in the URL it was
/// started with, never shows on the screen, even when names and password hold quotes
/// and spaces.
@Suite(.serialized) struct ClubRulesEndToEndTests {
    /// A club whose member ana stored Old Oak, and bo's form on it, open.
    private func bosFormOnAnasOak(awkwardNames: Bool) throws -> (fixture: ClubFixture, session: TmuxSession) {
        let fixture = try ClubFixture.make(awkwardNames: awkwardNames)
        try PostgresStore(url: fixture.url(as: fixture.ana)).add(Samples.oak)
        let session = try TmuxSession.app(storeArgument: fixture.url(as: fixture.bo), width: 140, height: 30)
        try session.waitFor("Title:   Old Oak")
        return (fixture, session)
    }

    /// Bo's password as it was typed into the URL, and percent-encoded as the URL has it.
    private func passwordForms(of fixture: ClubFixture) -> [String] {
        let password = ClubFixture.password(for: fixture.bo)
        return [password, password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? password]
    }

    /// The text in each field's brackets on `screen` ("Title   [Old Oak   ]"), in form
    /// order; nil for a field not on it.
    private func fieldTexts(on screen: String) -> [String?] {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        return GeoCache.Field.allCases.map { field in
            guard let row = rows.first(where: { $0.dropFirst().hasPrefix(field.label + " ") }),
                  let open = row.firstIndex(of: "["), let close = row.lastIndex(of: "]"), open < close else { return nil }
            return row[row.index(after: open)..<close].trimmingCharacters(in: .whitespaces)
        }
    }

    @Test(arguments: [false, true])
    func aMembersFormOnAnotherMembersCacheShowsTheOwnerLeavesEditOutAndRefusesF4LeavingTheFieldsEmpty(awkwardNames: Bool) throws {
        let (fixture, session) = try bosFormOnAnasOak(awkwardNames: awkwardNames)
        let opened = try session.waitFor("Owner:   \(fixture.ana) (changed by \(fixture.ana), ")
        #expect(!opened.contains("Edit"), "the screen was:\n\(opened)")
        try session.send("F4")
        let refused = try session.waitFor("Only \(fixture.ana) or a keeper can change this cache")
        #expect(fieldTexts(on: refused) == ["", "", "", ""], "the screen was:\n\(refused)")
        #expect(!refused.contains("Edit"), "the screen was:\n\(refused)")
        for password in passwordForms(of: fixture) {
            #expect(!refused.contains(password), "the screen shows the password:\n\(refused)")
        }
        try session.quitApp()
        #expect(try PostgresStore(url: fixture.url(as: fixture.ana)).loadCaches().withoutCodes == [Samples.oak])
    }

    @Test func ctrlQRestoresTheTerminalAndThePasswordNeverShows() throws {
        let (fixture, session) = try bosFormOnAnasOak(awkwardNames: true)
        try session.send("F4")
        try session.waitFor("or a keeper can change this cache")
        try session.send("C-q")
        let screen = try session.waitFor("[exited 0]")
        #expect(!screen.contains("^Q Quit"), "the screen was:\n\(screen)")
        #expect(!screen.contains("Old Oak"), "the screen was:\n\(screen)")
        for password in passwordForms(of: fixture) {
            #expect(!screen.contains(password), "the screen shows the password:\n\(screen)")
        }
    }
}
