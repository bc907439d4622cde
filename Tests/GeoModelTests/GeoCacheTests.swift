import Testing
@testable import GeoModel

@Suite struct GeoCacheTests {
    @Test func descriptionNamesEveryMember() {
        let cache = GeoCache(title: "Old Oak", details: "Behind the tree", creator: "ana", reward: "Travel bug")
        #expect(cache.description == """
            Title:   Old Oak
            Details: Behind the tree
            Creator: ana
            Reward:  Travel bug
            """)
    }
}
