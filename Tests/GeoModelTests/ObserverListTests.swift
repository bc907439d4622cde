import GeoTestSupport
import Testing
@testable import GeoModel

/// The observers a model keeps in an array (no dictionary keyed by Int on the way to
/// the first frame): told in registration order, each removed by its own key.
@Suite struct ObserverListTests {
    @Test func observersAreToldInRegistrationOrder() {
        var list = ObserverList<Int>()
        var told: [String] = []
        _ = list.add { told.append("a\($0)") }
        _ = list.add { told.append("b\($0)") }
        _ = list.add { told.append("c\($0)") }
        for key in list.keys { list.observer(key)?(1) }
        #expect(told == ["a1", "b1", "c1"])
    }

    @Test func aRemovedObserverIsToldNothingAndTheOthersKeepTheirOrder() {
        var list = ObserverList<Int>()
        var told: [String] = []
        _ = list.add { told.append("a\($0)") }
        let second = list.add { told.append("b\($0)") }
        _ = list.add { told.append("c\($0)") }
        list.remove(second)
        list.remove(second)
        for key in list.keys { list.observer(key)?(2) }
        #expect(told == ["a2", "c2"])
        #expect(list.observer(second) == nil)
    }

    @Test func keysAreNeverReused() {
        var list = ObserverList<Int>()
        let first = list.add { _ in }
        list.remove(first)
        let second = list.add { _ in }
        #expect(first != second)
        #expect(list.keys == [second])
    }

    @Test func anObserverCancelledByAnEarlierOneWhileToldIsNotTold() throws {
        let fixture = try StoreFixture(.sqlite)
        let list = try fixture.list(holding: [Samples.oak])
        var told: [String] = []
        var second: ObservationToken?
        let first = list.observe { _ in
            told.append("first")
            second?.cancel()
        }
        second = list.observe { _ in told.append("second") }
        let third = list.observe { _ in told.append("third") }
        try list.add(Samples.bridge)
        #expect(told == ["first", "third"])
        withExtendedLifetime((first, third)) {}
    }
}
