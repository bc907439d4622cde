import Foundation
@testable import GeoModel
import GeoTestSupport

/// A data directory of its own for one field-mode test, and the field files of a URL
/// under it.
struct FieldHome {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// The environment that puts the data directory here.
    var environment: [String: String] { ["XDG_DATA_HOME": directory.url.path] }

    /// The field files of the store at `url`.
    func files(_ url: String = "postgresql://geo:Secret-Pa55@127.0.0.1:5432/club") -> FieldFiles {
        FieldFiles(serverURL: url, environment: environment)
    }

    /// Every file under the data directory, with its contents.
    func everyFile() throws -> [(path: String, bytes: Data)] {
        let root = directory.url.path
        let paths = FileManager.default.subpaths(atPath: root) ?? []
        return try paths.compactMap { relative in
            let path = root + "/" + relative
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                return nil
            }
            return (path, try Data(contentsOf: URL(fileURLWithPath: path)))
        }
    }
}

extension GeoCache {
    /// The cache with `title` in place of its own.
    func titled(_ title: String) -> GeoCache {
        var copy = self
        copy.title = title
        return copy
    }

    /// The cache with `reward` in place of its own.
    func withReward(_ reward: String) -> GeoCache {
        var copy = self
        copy.reward = reward
        return copy
    }
}

extension CacheStore {
    /// Every stored cache with its identifier, in stored order.
    func loadStoredCaches() throws -> [StoredCache] {
        var caches: [StoredCache] = []
        try forEachCache { caches.append($0) }
        return caches
    }
}

extension OutboxDelivery {
    /// ``deliver(_:to:)`` tried again while it found the outbox's lock held, as a
    /// writer's session waits (``WriteSession/deliverWaiting()``): a process another test
    /// spawns holds a copy of a lock just released until it runs its program.
    static func deliverWhenFree(_ outbox: Outbox, to store: any CacheStore) throws -> Report {
        var report = try deliver(outbox, to: store)
        let deadline = ContinuousClock.now + .seconds(10)
        while report.deliveringElsewhere, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.01)
            report = try deliver(outbox, to: store)
        }
        return report
    }
}
