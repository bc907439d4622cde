import Foundation
import GeoModel
import GeoTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The form's Next and Previous on the club store, answered from caches read ahead:
/// the same order and "N of M" as reading each one, at both ends, after changes made
/// here and by other sessions, and during a search; and no round trip waited on.
@Suite struct PostgresReadAheadTests {
    let server: PostgresTestServer

    init() throws {
        server = try PostgresTestServer.shared()
    }

    /// A database holding `count` numbered caches.
    private func database(holding count: Int) throws -> String {
        let url = try server.makeDatabase()
        try PostgresStore(url: url).saveCaches((0..<count).map { PostgresRoundTripTests.numbered($0 + 1) })
        return url
    }

    /// A list on a form's store opened as the form opens it.
    private func formList(_ url: String) throws -> CacheList {
        let opening = StoreOpening(.server(url))
        let list = CacheList(opening: opening)
        try list.finishOpening()
        return list
    }

    /// What the run loop does between keys: looks at the store's socket without waiting,
    /// and checks for other sessions' changes when it is readable.
    private func idle(_ list: CacheList, waiting milliseconds: Int32 = 0) throws {
        guard let descriptor = list.changeDescriptor else { return }
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        if poll(&ready, 1, milliseconds) == 1 { try list.checkForExternalChanges() }
    }

    private func title(_ list: CacheList) -> String? { list.current?.cache.title }

    @Test func nextWalksEveryCacheInOrderAndWrapsToTheFirst() throws {
        let list = try formList(try database(holding: 100))
        for number in 2...100 {
            list.showNext()
            try idle(list)
            #expect(title(list) == "Cache \(number)")
            #expect(list.positionText == "\(number) of 100")
        }
        list.showNext()
        #expect(title(list) == "Cache 1")
        #expect(list.position == 1)
    }

    @Test func previousWalksBackFromTheFirstThroughTheLast() throws {
        let list = try formList(try database(holding: 70))
        list.showPrevious()
        #expect(title(list) == "Cache 70")
        #expect(list.position == 70)
        for number in stride(from: 69, through: 1, by: -1) {
            list.showPrevious()
            try idle(list)
            #expect(title(list) == "Cache \(number)")
            #expect(list.position == number)
        }
    }

    @Test func theStoreAnswersNextWhileTheServerIsStalledAsLongAsTheWindowHoldsIt() throws {
        let url = try database(holding: 60)
        let relay = try FaultRelay(to: server.port, delayMilliseconds: 25)
        let list = try formList(relay.url(through: url))
        try relay.stall()
        var failures: [CacheListChange] = []
        let token = list.observe { if case .failed = $0 { failures.append($0) } }
        for number in 2...20 {
            list.showNext()
            #expect(title(list) == "Cache \(number)")
        }
        try relay.resume()
        for number in 21...60 {
            list.showNext()
            try idle(list)
            #expect(title(list) == "Cache \(number)")
        }
        #expect(failures.isEmpty)
        token.cancel()
    }

    @Test func nextAtANormalPaceCostsAWindowsRoundTripNotOnePerCache() throws {
        let url = try database(holding: 100)
        let relay = try FaultRelay(to: server.port, delayMilliseconds: 25)
        let list = try formList(relay.url(through: url))
        let before = try relay.counts().roundTrips
        for number in 2...61 {
            list.showNext()
            try idle(list, waiting: 20)
            #expect(title(list) == "Cache \(number)")
        }
        // 60 Nexts: the windows read in the background, about one per 20 caches.
        #expect(try relay.counts().roundTrips - before <= 4)
    }

    @Test func wrappingFromTheFirstToTheLastIsOneExchange() throws {
        let url = try database(holding: 100)
        let relay = try FaultRelay(to: server.port, delayMilliseconds: 25)
        let list = try formList(relay.url(through: url))
        let before = try relay.counts().roundTrips
        list.showPrevious()
        #expect(try relay.counts().roundTrips - before == 1)
        #expect(title(list) == "Cache 100")
        #expect(list.positionText == "100 of 100")
    }

    @Test func anotherSessionsInsertAndDeleteShowInNextAndTheCount() throws {
        let url = try database(holding: 40)
        let list = try formList(url)
        let other = try PostgresStore(url: url, purpose: .command)
        let third = try #require(try other.cache(atPosition: 3))
        _ = try other.delete(third)
        try other.add(PostgresRoundTripTests.numbered(41))
        #expect(try waitUntil(timeout: .seconds(20)) {
            try idle(list, waiting: 10)
            return list.count == 40 && list.positionText == "1 of 40"
        })
        list.showNext()
        #expect(title(list) == "Cache 2")
        list.showNext()
        #expect(title(list) == "Cache 4")
        #expect(list.positionText == "3 of 40")
        list.showLast()
        #expect(title(list) == "Cache 41")
        #expect(list.positionText == "40 of 40")
    }

    @Test func aConnectionThatCameBackForgetsTheCachesReadBefore() throws {
        let own = try PostgresTestServer()
        defer { own.destroy() }
        let url = try own.makeDatabase()
        try PostgresStore(url: url).saveCaches((1...40).map(PostgresRoundTripTests.numbered))
        let list = try formList(url)
        try own.stop()
        try own.start()
        // Deleted while the form was away: no notification reaches it.
        let other = try PostgresStore(url: url, purpose: .command)
        _ = try other.delete(try #require(try other.cache(atPosition: 2)))
        #expect(waitUntil(timeout: .seconds(10)) {
            (try? list.checkForExternalChanges()) != nil && list.count == 39
        })
        list.showNext()
        #expect(title(list) == "Cache 3")
        #expect(list.positionText == "2 of 39")
    }

    @Test func ownAddAndDeleteShowInNextAndPrevious() throws {
        let list = try formList(try database(holding: 10))
        list.showNext()
        try list.deleteCurrent()
        #expect(title(list) == "Cache 3")
        list.showPrevious()
        #expect(title(list) == "Cache 1")
        list.showNext()
        #expect(title(list) == "Cache 3")
        #expect(list.positionText == "2 of 9")
        _ = try list.add(PostgresRoundTripTests.numbered(11))
        list.showNext()
        #expect(title(list) == "Cache 1")
        list.showPrevious()
        #expect(title(list) == "Cache 11")
        #expect(list.positionText == "10 of 10")
    }

    @Test func aSearchMovesThroughItsMatchesInOrderAndWraps() throws {
        let list = try formList(try database(holding: 50))
        #expect(try list.beginSearch("cache 4") == 11)
        var seen: [String] = []
        for _ in 0..<11 {
            seen.append(title(list) ?? "")
            list.showNext()
        }
        #expect(seen == ["Cache 4"] + (40...49).map { "Cache \($0)" })
        #expect(title(list) == "Cache 4")
        list.showPrevious()
        #expect(title(list) == "Cache 49")
        list.endSearch()
        list.showNext()
        #expect(title(list) == "Cache 50")
    }
}
