import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// The club's caches copied onto this machine: all or an area, read-only, nearest
/// first, replaced whole, and saying how old it is.
@Suite struct ClubCopyTests {
    /// Zürich, and places at known distances from it.
    static let zurich = Coordinate(latitude: 47.3769, longitude: 8.5417)!
    static let winterthur = Coordinate(latitude: 47.4988, longitude: 8.7237)!   // about 20 km
    static let bern = Coordinate(latitude: 46.9480, longitude: 7.4474)!          // about 95 km
    static let uster = Coordinate(latitude: 47.3471, longitude: 8.7209)!         // about 14 km

    /// A cache called `title` at `place`.
    static func cache(_ title: String, at place: Coordinate?) -> GeoCache {
        GeoCache(title: title, details: "Near \(title)", creator: "ana", reward: "Coin", coordinate: place)
    }

    /// A store file standing in for the club store, with four caches.
    static func source(in home: FieldHome) throws -> SQLiteStore {
        let store = try SQLiteStore(path: home.directory.file("club.sqlite").path)
        try store.saveCaches([cache("Bern", at: bern), cache("Winterthur", at: winterthur),
                              cache("Nowhere", at: nil), cache("Uster", at: uster)])
        return store
    }

    @Test func aRefreshFromTheClubStoreKeepsEveryCacheWithItsCodePlaceAndListing() throws {
        let url = try PostgresTestServer.shared().makeDatabase()
        let club = try PostgresStore(url: url, purpose: .command)
        var listed = Self.cache("Winterthur", at: Self.winterthur)
        listed.listing = Listing(type: "Traditional Cache", difficulty: Rating(text: "1.5"), hint: "Under the bench")
        try club.add(listed)
        try club.add(Self.cache("Nowhere", at: nil))
        let home = try FieldHome()
        defer { home.directory.remove() }
        let copy = ClubCopy(files: home.files(url))
        #expect(try copy.refresh(from: club, area: nil) == 2)
        let offline = try copy.open()
        #expect(try offline.loadCaches() == club.loadCaches())
        #expect(try offline.loadCaches().allSatisfy { $0.code != nil })
        #expect(try copy.area() == nil)
    }

    @Test func theCopyShowsThePersonsDataAndVisitsButListsNoVisitsToExport() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let source = try Self.source(in: home)
        let dnf = Visit(code: "GC1OAK", time: "2026-11-27T09:00:00Z", type: .didNotFindIt, text: "no luck")
        let found = Visit(code: "GC1OAK", time: "2026-11-28T10:32:00Z", type: .foundIt, text: "TFTC")
        _ = try source.recordVisits([dnf, found], as: WriteID())
        let copy = ClubCopy(files: home.files())
        try copy.refresh(from: source, area: nil)
        let offline = try copy.open()
        #expect(try offline.ownData(includingVisits: true) == source.ownData(includingVisits: true))
        #expect(try offline.ownData(includingVisits: true).visitsByCode["GC1OAK"] == [dnf, found])
        #expect(try offline.visits().isEmpty)
    }

    @Test func aRefreshWithinAnAreaKeepsOnlyTheCachesNearItsCenterInStoredOrder() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let copy = ClubCopy(files: home.files())
        let area = ClubCopy.Area(center: Self.zurich, radius: 50_000)
        #expect(try copy.refresh(from: Self.source(in: home), area: area) == 2)
        #expect(try copy.open().loadCaches().map(\.title) == ["Winterthur", "Uster"])
        #expect(try copy.area() == area)
    }

    @Test func anAreaHoldingMoreCachesThanOneReadAsksForIsCopiedWhole() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let near = (0..<(ClubCopy.firstAreaLimit + 100)).map { index in
            Self.cache("Near \(index)", at: Coordinate(latitude: 47.3769 + Double(index) * 0.0001, longitude: 8.5417))
        }
        let store = try SQLiteStore(path: home.directory.file("club.sqlite").path)
        try store.saveCaches(near + [Self.cache("Bern", at: Self.bern)])
        let copy = ClubCopy(files: home.files())
        #expect(try copy.refresh(from: store, area: ClubCopy.Area(center: Self.zurich, radius: 50_000)) == near.count)
        #expect(try copy.open().loadCaches().map(\.title) == near.map(\.title))
    }

    @Test func theCopyRefusesEveryWriteSayingHowOldItIs() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let copy = ClubCopy(files: home.files())
        try copy.refresh(from: Self.source(in: home), area: nil)
        let refreshed = try #require(try copy.refreshedAt())
        let offline = try copy.open(now: refreshed.addingTimeInterval(2 * 3600 + 30))
        let sentence = "club store away; showing the copy of 2 h ago"
        #expect(offline.readOnlyReason == sentence)
        let refusal = StoreError.readOnly(path: copy.files.storeName, reason: sentence)
        let first = try #require(try offline.first())
        #expect(throws: refusal) { try offline.append(Samples.oak) }
        #expect(throws: refusal) { try offline.update(first, to: Samples.oak) }
        #expect(throws: refusal) { try offline.delete(first) }
        #expect(throws: refusal) { try offline.saveCaches([]) }
        #expect(throws: refusal) { try offline.importCaches(from: .bytes(Array("[]".utf8), name: "none.json")) }
        #expect(try offline.count() == 4)
        #expect(!offline.name.contains("Secret-Pa55"))
    }

    @Test func nearestFirstWorksOnTheCopy() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let copy = ClubCopy(files: home.files())
        try copy.refresh(from: Self.source(in: home), area: nil)
        var titles: [String] = []
        try copy.open().forEachNearest(to: Self.zurich, limit: nil) { stored, _ in titles.append(stored.cache.title) }
        #expect(titles == ["Uster", "Winterthur", "Bern", "Nowhere"])
        #expect(try copy.open().nearestCache(to: Self.zurich, after: nil)?.cache.title == "Uster")
    }

    @Test func aRefreshReplacesTheCopyWholeAndAnOpenCopyMovesToTheNewOne() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let files = home.files()
        let copy = ClubCopy(files: files)
        let source = try Self.source(in: home)
        try copy.refresh(from: source, area: nil)
        let offline = try copy.open()
        #expect(try !offline.hasChangedExternally())
        try source.saveCaches([Self.cache("Bern", at: Self.bern)])
        try copy.refresh(from: source, area: nil)
        #expect(try offline.count() == 4)   // the file it opened, whole, until it looks again
        #expect(try offline.hasChangedExternally())
        #expect(try offline.loadCaches().map(\.title) == ["Bern"])
        let left = try FileManager.default.contentsOfDirectory(atPath: files.directory).sorted()
        #expect(left == ["copy.lock", "copy.sqlite"])
        let mode = try FileManager.default.attributesOfItem(atPath: files.copyPath)[.posixPermissions] as? Int
        #expect(mode == 0o400)
    }

    @Test func aRefreshThatFailsLeavesTheOldCopy() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let copy = ClubCopy(files: home.files())
        let source = try Self.source(in: home)
        try copy.refresh(from: source, area: nil)
        let before = try copy.refreshedAt()
        let server = try PostgresTestServer()
        defer { server.destroy() }
        let club = try PostgresStore(url: try server.makeDatabase(), purpose: .command)
        try server.stop()
        #expect(throws: StoreError.self) { try copy.refresh(from: club, area: nil) }
        #expect(try copy.refreshedAt() == before)
        #expect(try copy.open().count() == 4)
        #expect(try FileManager.default.contentsOfDirectory(atPath: copy.files.directory).sorted() == ["copy.lock", "copy.sqlite"])
    }

    @Test func withoutACopyThereIsNoDateAndOpeningSaysSo() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let copy = ClubCopy(files: home.files())
        #expect(try copy.refreshedAt() == nil)
        let error = #expect(throws: StoreError.noCopy(server: copy.files.storeName)) { try copy.open() }
        #expect(error?.description.contains("geocache-tui sync") == true)
    }

    // MARK: The club store's identifiers

    /// A club store on the shared test server that held A to G and lost B, C and F:
    /// identifiers with gaps (A 1, D 4, E 5, G 7), as a club's have after a while.
    /// A, E and G lie near Zürich (G about 95 km away, in Bern); D has no place.
    static func clubWithGaps() throws -> PostgresStore {
        let club = try PostgresStore(url: try PostgresTestServer.shared().makeDatabase(), purpose: .command)
        let places: [(String, Coordinate?)] = [("A", uster), ("B", winterthur), ("C", uster), ("D", nil),
                                               ("E", winterthur), ("F", uster), ("G", bern)]
        for (title, place) in places { try club.add(cache(title, at: place)) }
        for stored in try club.loadStoredCaches() where ["B", "C", "F"].contains(stored.cache.title) {
            _ = try club.delete(stored)
        }
        return club
    }

    @Test func aRefreshedCopyGivesEveryCacheTheIdentifierTheClubStoreGaveIt() throws {
        let club = try Self.clubWithGaps()
        let server = try club.loadStoredCaches()
        #expect(server.map(\.id.rawValue) != Array(1...Int64(server.count)), "the club's identifiers have no gaps")
        let home = try FieldHome()
        defer { home.directory.remove() }
        let copy = ClubCopy(files: home.files())
        try copy.refresh(from: club, area: nil)
        let offline = try copy.open()
        #expect(try offline.loadStoredCaches() == server)
        for stored in server {
            #expect(try offline.cache(stored.id) == stored)
        }
    }

    @Test func positionsOnTheCopyCountItsCachesInTheClubStoresOrder() throws {
        let club = try Self.clubWithGaps()
        let home = try FieldHome()
        defer { home.directory.remove() }
        let copy = ClubCopy(files: home.files())
        try copy.refresh(from: club, area: nil)
        let offline = try copy.open()
        for (index, stored) in try club.loadStoredCaches().enumerated() {
            #expect(try offline.cache(atPosition: index + 1) == stored)
            #expect(try offline.position(of: stored.id) == club.position(of: stored.id))
        }
    }

    @Test func anAreaCopyKeepsTheClubStoresIdentifiersAndCountsPositionsAmongItsOwnCaches() throws {
        let club = try Self.clubWithGaps()
        let inArea = try club.loadStoredCaches().filter { ["A", "E"].contains($0.cache.title) }
        let home = try FieldHome()
        defer { home.directory.remove() }
        let copy = ClubCopy(files: home.files())
        try copy.refresh(from: club, area: ClubCopy.Area(center: Self.zurich, radius: 50_000))
        let offline = try copy.open()
        #expect(try offline.loadStoredCaches() == inArea)
        #expect(try offline.cache(atPosition: 2) == inArea[1])
        #expect(try offline.position(of: inArea[1].id) == 2)
    }

    @Test func searchNearestFirstAndCodesOnTheCopyGiveTheClubStoresIdentifiers() throws {
        let club = try Self.clubWithGaps()
        let e = try #require(try club.loadStoredCaches().first { $0.cache.title == "E" })
        let home = try FieldHome()
        defer { home.directory.remove() }
        let copy = ClubCopy(files: home.files())
        try copy.refresh(from: club, area: nil)
        let offline = try copy.open()
        #expect(try offline.find("near e") == [e])
        #expect(try offline.matchIDs("near e") == [e.id])
        #expect(try offline.nearestCache(to: Self.winterthur, after: nil) == e)
        #expect(try offline.cache(withCode: try #require(e.cache.code)) == e)
    }

    @Test(arguments: [
        (0, "just now"), (59, "just now"), (-30, "just now"), (60, "1 min ago"), (59 * 60 + 59, "59 min ago"),
        (3600, "1 h ago"), (2 * 3600 + 1800, "2 h ago"), (47 * 3600, "47 h ago"), (48 * 3600, "2 days ago"),
        (10 * 86400 + 5, "10 days ago"),
    ])
    func theAgeIsSaidInWholeUnits(_ seconds: Int, _ text: String) {
        let refreshed = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(ClubCopy.age(of: refreshed, now: refreshed.addingTimeInterval(TimeInterval(seconds))) == text)
    }
}
