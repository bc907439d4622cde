import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// The inotify watch on a store's directory (``StoreFileWatch``): one drain reads a
/// bounded number of events, so a directory whose files never stop changing cannot
/// keep the run loop from its keys and signals.
@Suite struct StoreFileWatchTests {
    /// Makes `count` empty files beside the store: one creation event of 32 bytes each
    /// (its name padded to 16), none merged with another (the kernel merges only an
    /// event equal to the last one queued).
    private func makeFiles(_ count: Int, in directory: TemporaryDirectory) {
        for index in 0..<count {
            let descriptor = open(directory.file("other-\(index)").path, O_CREAT | O_WRONLY, 0o600)
            #expect(descriptor >= 0)
            close(descriptor)
        }
    }

    /// Appends a byte to the file at `url` (an `IN_MODIFY` event).
    private func append(to url: URL) {
        let descriptor = open(url.path, O_WRONLY | O_APPEND)
        #expect(descriptor >= 0)
        var byte: UInt8 = 0x78
        #expect(write(descriptor, &byte, 1) == 1)
        close(descriptor)
    }

    /// A watch on an empty store in `directory`, with 4,000 creations of 32 bytes queued
    /// behind it: twice what one drain's 16 reads of 4 KiB take.
    private func watchBehindManyEvents(in directory: TemporaryDirectory) throws -> StoreFileWatch {
        #expect(FileManager.default.createFile(atPath: directory.file().path, contents: nil))
        let watch = try #require(StoreFileWatch(path: directory.file().path))
        makeFiles(4_000, in: directory)
        return watch
    }

    private func isReadable(_ watch: StoreFileWatch) -> Bool {
        var ready = pollfd(fd: watch.descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&ready, 1, 0) == 1
    }

    @Test("a drain leaves the events past its reads for the next wake-up")
    func aDrainStopsAfterItsReads() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let watch = try watchBehindManyEvents(in: directory)

        watch.drain()

        #expect(isReadable(watch))
    }

    @Test("drains made one after another empty the queue")
    func drainsEmptyTheQueue() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let watch = try watchBehindManyEvents(in: directory)

        for _ in 0..<4 { watch.drain() }

        #expect(!isReadable(watch))
    }

    @Test("a write to the store after more events than one drain reads is still reported")
    func aLateWriteIsReported() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let watch = try watchBehindManyEvents(in: directory)
        append(to: directory.file())

        let first = watch.drain()
        var later = false
        for _ in 0..<4 { later = watch.drain() || later }

        #expect(!first)
        #expect(later)
    }
}
