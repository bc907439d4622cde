import Foundation
import Testing
@testable import GeoModel

/// Store paths are worked out as strings (``StorePath``) but must name the file that
/// `URL(fileURLWithPath:)` names, as they did when the store kept a URL.
@Suite struct StorePathTests {
    static let paths = [
        "/srv/caches.sqlite", "/home/ana/.local/share/geocache-tui/caches.sqlite",
        "/tmp/with space/ünïcödé.sqlite", "/tmp/100%25.sqlite", "/tmp/.hidden", "/tmp/...",
        "/tmp/a..b", "caches.sqlite", "./caches.sqlite", "data/../caches.sqlite",
        "/tmp//double.sqlite", "/tmp/trailing/", "/tmp/./dot.sqlite", "/tmp/x/../up.sqlite",
        "/tmp/..", "/",
    ]

    @Test(arguments: paths) func absolutePathIsTheOneAFileURLNames(_ value: String) {
        #expect(StorePath.absolute(value) == URL(fileURLWithPath: value).path)
    }

    @Test func plainAbsolutePathIsKeptAsWritten() {
        #expect(StorePath.absolute("/srv/geo/caches.sqlite") == "/srv/geo/caches.sqlite")
    }

    @Test(arguments: paths) func fileNameIsTheURLsLastPathComponent(_ value: String) {
        let path = StorePath.absolute(value)
        #expect(StorePath.fileName(of: path) == URL(fileURLWithPath: path).lastPathComponent)
    }

    @Test("a file's directory is the one NSString's deletingLastPathComponent names",
          arguments: ["/srv/caches.sqlite", "/caches.sqlite", "caches.sqlite", "data/caches.sqlite",
                      "/tmp/with space/ünïcödé.sqlite", "/", "/srv/geo"])
    func directoryIsTheOneNSStringNames(_ path: String) {
        #expect(StorePath.directory(of: path) == (path as NSString).deletingLastPathComponent)
    }

    @Test func relativeStoreValueNamesAFileInTheCurrentDirectory() throws {
        let location = try StoreLocation("caches.sqlite")
        #expect(location == .file(FileManager.default.currentDirectoryPath + "/caches.sqlite", createsDirectories: false))
        #expect(location.shortName == "caches.sqlite")
    }

    @Test("a store path that ends with a slash names a directory and is refused, with a file in it as the example",
          arguments: [("/srv/caches/", "/srv/caches/caches.sqlite"), ("/", "/caches.sqlite"),
                      ("/srv/caches.sqlite/", "/srv/caches.sqlite/caches.sqlite")])
    func aPathEndingWithASlashIsRefused(value: String, example: String) {
        #expect(throws: StoreLocation.Invalid(description: "\(value) ends with a slash, so it names a directory: "
                                              + "name the store's file in it, for example \(example)")) {
            try StoreLocation(value)
        }
    }

    @Test func aPathWithANameLongerThanTheSystemTakesIsRefusedSayingSo() {
        let name = String(repeating: "a", count: 256)
        #expect(throws: StoreLocation.Invalid(description: "the store's path has a name of 256 bytes in it "
                                              + "(“aaaaaaaaaaaaaaaaaaaa…”): a file's name is at most 255 bytes")) {
            try StoreLocation("/tmp/\(name)/caches.sqlite")
        }
    }

    @Test func aDirectoryNameOfTheLongestLengthIsTaken() throws {
        let name = String(repeating: "é", count: 127) + "a"
        #expect(try StoreLocation("/tmp/\(name)/caches.sqlite") == .file("/tmp/\(name)/caches.sqlite", createsDirectories: false))
    }

    @Test func aStoreFileNameWithRoomForItsJournalBesideItIsTaken() throws {
        let name = String(repeating: "é", count: 123) + "a"
        #expect(try StoreLocation("/tmp/" + name) == .file("/tmp/" + name, createsDirectories: false))
    }

    @Test func aStoreFileNameWithNoRoomForItsJournalBesideItIsRefusedSayingSo() {
        let name = String(repeating: "a", count: 248)
        #expect(throws: StoreLocation.Invalid(description: "the store's file name is 248 bytes long "
                                              + "(“aaaaaaaaaaaaaaaaaaaa…”): at most 247 here, "
                                              + "as SQLite makes its aaaaaaaa…-journal beside it")) {
            try StoreLocation("/tmp/" + name)
        }
    }

    @Test func aPathLongerThanTheSystemTakesIsRefusedSayingSo() {
        let path = String(repeating: "/" + String(repeating: "d", count: 99), count: 41)
        #expect(throws: StoreLocation.Invalid(description: "the store's path is 4100 bytes long: "
                                              + "a path is at most 4087 bytes here (with its -journal)")) {
            try StoreLocation(path)
        }
    }

    @Test func processEnvironmentHasTheStoreVariablesAsFoundationSeesThem() {
        let foundation = ProcessInfo.processInfo.environment
        let read = StoreLocation.processEnvironment()
        for name in ["GEOCACHE_STORE", "XDG_DATA_HOME", "HOME"] {
            #expect(read[name] == foundation[name])
        }
        #expect(Set(read.keys).isSubset(of: ["GEOCACHE_STORE", "XDG_DATA_HOME", "HOME"]))
    }

    @Test(arguments: ["/home/ana", "/home/ana/", "/home/ana//", "/"])
    func defaultPathJoinsHomeAsAFileURLDoes(_ home: String) {
        let url = URL(fileURLWithPath: home).appendingPathComponent(".local/share/geocache-tui")
            .appendingPathComponent("caches.sqlite")
        #expect(SQLiteStore.defaultPath(environment: ["HOME": home]) == url.path)
    }

    @Test(arguments: ["/data", "/data/"])
    func defaultPathJoinsXDGDataHomeAsAFileURLDoes(_ dataHome: String) {
        let url = URL(fileURLWithPath: dataHome).appendingPathComponent("geocache-tui")
            .appendingPathComponent("caches.sqlite")
        #expect(SQLiteStore.defaultPath(environment: ["XDG_DATA_HOME": dataHome, "HOME": "/home/ana"]) == url.path)
    }
}
