import Foundation
import GeoTestSupport
import Testing

/// The release binary's form in a real terminal: what it maps while the form is open.
/// `make test` builds the release binary first and names it in
/// `GEOCACHE_RELEASE_BINARY`; a plain `swift test` skips the suite.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["GEOCACHE_RELEASE_BINARY"].map { !$0.isEmpty } ?? false,
                              "GEOCACHE_RELEASE_BINARY is not set (make test sets it)"))
final class ReleaseFormEndToEndTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    deinit { directory.remove() }

    /// libxml2, and the ICU it would bring beside Foundation's, stay out of the form:
    /// they are opened only when a GPX or LOC file is read.
    @Test func theOpenFormMapsDebiansCursesAndSQLiteButNotLibxml2() throws {
        let binary = ProcessInfo.processInfo.environment["GEOCACHE_RELEASE_BINARY"]!
        let store = directory.file()
        let session = try TmuxSession(command: "\(TmuxSession.quote(binary)) --store \(TmuxSession.quote(store.path))",
                                      environment: ["LANG": "C.UTF-8"])
        try session.waitFor("the form on its open store") { $0.contains("^Q Quit") && !$0.contains("Opening\u{2026}") }
        let pid = try #require(try session.programPID())
        // Read to the end: a /proc file says its size is 0.
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(pid)/maps"))
        let maps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        try handle.close()
        #expect(maps.contains("libncursesw.so") && maps.contains("libsqlite3.so"), "\(maps)")
        #expect(!maps.contains("libxml2"), "the form loaded libxml2")
        #expect(!maps.contains("libicu"), "the form loaded Debian's ICU")
        try session.quitApp()
    }
}
