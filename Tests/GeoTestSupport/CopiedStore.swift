import Foundation
import GeoModel

/// A store file copied into place, as `cp` leaves it: a file geocache-tui has not seen
/// (its inode is new), so the form checks it after its first frame (issue 39).
package enum CopiedStore {
    /// Writes `caches` numbered caches into a store at `directory`'s `original.sqlite`,
    /// closes it, and copies it to `name`; with `damaged`, zeros over the copy's last
    /// page (a leaf of a table or an index that opening and the first cache never read),
    /// so that only SQLite's `quick_check` finds the damage.
    package static func make(in directory: TemporaryDirectory, caches: Int = 300, damaged: Bool = false,
                             name: String = "caches.sqlite") throws -> URL {
        let original = directory.file("original.sqlite")
        if !FileManager.default.fileExists(atPath: original.path) {
            let store = try SQLiteStore(url: original)
            try store.saveCaches((1...caches).map(Samples.numbered))
        }
        let copy = directory.file(name)
        try? FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(at: original, to: copy)
        if damaged { try zeroLastPage(of: copy) }
        return copy
    }

    /// Puts a copy of the closed store file at `url` in its place (a new file, as `cp`
    /// then `mv` make): a file geocache-tui has not seen as it is.
    package static func copyInPlace(_ url: URL) throws {
        let copy = url.appendingPathExtension("copy")
        try FileManager.default.copyItem(at: url, to: copy)
        guard rename(copy.path, url.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Zeros over the last page of the SQLite file at `url`.
    package static func zeroLastPage(of url: URL) throws {
        let handle = try FileHandle(forUpdating: url)
        defer { try? handle.close() }
        let header = try handle.read(upToCount: 18) ?? Data()
        let field = Int(header[16]) << 8 | Int(header[17])
        let pageSize = field == 1 ? 65536 : field
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size - UInt64(pageSize))
        try handle.write(contentsOf: Data(count: pageSize))
    }
}
