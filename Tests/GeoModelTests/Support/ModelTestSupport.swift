import Foundation
import GeoModel

// What only the model tests use; what both test targets use is in GeoTestSupport.

/// Records every change a cache list broadcasts.
final class ChangeRecorder {
    private(set) var changes: [CacheListChange] = []
    private(set) var token: ObservationToken?

    init(_ list: CacheList) {
        token = list.observe { [unowned self] in changes.append($0) }
    }

    /// Stops recording by dropping the token.
    func dropToken() { token = nil }
}

/// The bytes of a file, and whether SQLite's side files exist next to it.
struct FileSnapshot: Equatable {
    let bytes: Data?
    let sideFiles: [String]

    init(_ url: URL) {
        bytes = try? Data(contentsOf: url)
        sideFiles = ["-wal", "-shm", "-journal"].filter {
            FileManager.default.fileExists(atPath: url.path + $0)
        }
    }
}

/// The permission bits of a file.
func permissions(of url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}
