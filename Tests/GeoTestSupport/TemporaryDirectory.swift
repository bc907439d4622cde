import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A fresh directory under the system's temporary directory, unique per test.
package struct TemporaryDirectory: Sendable {
    package let url: URL

    package init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("geocache-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the directory (not created).
    package func file(_ name: String = "caches.sqlite") -> URL {
        url.appendingPathComponent(name)
    }

    /// Deletes the directory and everything in it, restoring permissions first.
    package func remove() {
        _ = try? FileManager.default.subpathsOfDirectory(atPath: url.path).forEach {
            chmod(url.appendingPathComponent($0).path, 0o700)
        }
        try? FileManager.default.removeItem(at: url)
    }
}
