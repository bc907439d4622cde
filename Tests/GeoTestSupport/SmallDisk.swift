import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file system of a few hundred KiB (a tmpfs mounted on a fresh directory) that a
/// test fills, to meet what a store meets when its disk is full. Mounting needs root:
/// ``isAvailable`` says whether it works here.
package struct SmallDisk: Sendable {
    /// The directory the file system is mounted on.
    package let directory: TemporaryDirectory

    /// Whether a tmpfs can be mounted here (root, `mount` present).
    package static let isAvailable: Bool = {
        guard let disk = try? SmallDisk() else { return false }
        disk.remove()
        return true
    }()

    /// Mounts a tmpfs of `kibibytes` on a new directory, with room for `inodes` file
    /// entries (its directory is one) when given.
    package init(kibibytes: Int = 512, inodes: Int? = nil) throws {
        directory = try TemporaryDirectory()
        let entries = inodes.map { ",nr_inodes=\($0)" } ?? ""
        guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kibibytes)k,mode=0700\(entries)", "tmpfs",
                                      directory.url.path])
        else {
            directory.remove()
            throw CocoaError(.fileWriteNoPermission)
        }
    }

    /// A path on the small disk (not created).
    package func file(_ name: String = "caches.sqlite") -> URL {
        directory.file(name)
    }

    /// Writes a file of zeros until the disk has no room left.
    package func fill() {
        let descriptor = open(file("filler").path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let zeros = [UInt8](repeating: 0, count: 4096)
        while zeros.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// Makes empty files until the disk has no file entry left, but `sparing` of them.
    package func fillEntries(sparing: Int = 0) {
        var made: [String] = []
        while true {
            let path = file("entry-\(made.count)").path
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
            guard descriptor >= 0 else { break }
            close(descriptor)
            made.append(path)
        }
        for path in made.suffix(sparing) { unlink(path) }
    }

    /// Deletes what ``fill()`` wrote.
    package func makeRoom() {
        unlink(file("filler").path)
    }

    /// Unmounts the file system and deletes the directory.
    package func remove() {
        _ = Self.run("/bin/umount", ["-l", directory.url.path])
        directory.remove()
    }

    /// Runs `tool` with `arguments`; true when it exits with status 0.
    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        guard (try? process.waitForExit(timeout: .seconds(30))) != nil else { return false }
        return process.terminationStatus == 0
    }
}
