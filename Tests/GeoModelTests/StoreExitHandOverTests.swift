import CSystem
import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// At exit, the store's inotify watch is closed by a child process
/// (``StoreFileWatch/handOverAtExit()``), which lives until the program has exited.
@Suite struct StoreExitHandOverTests {
    @Test("the child that closes the store's watch at exit holds none of the program's other descriptors")
    func theChildHoldsNoOtherDescriptor() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var ends: [Int32] = [-1, -1]
        #expect(sys_make_pipe(&ends, 0) == 0)
        defer { close(ends[0]) }
        let store = try SQLiteStore(url: directory.file())

        store.prepareForExit()
        close(ends[1])

        // The end of the pipe's input comes only when no process holds its write end.
        var ready = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
        #expect(poll(&ready, 1, 20_000) == 1)
        var byte: UInt8 = 0
        #expect(read(ends[0], &byte, 1) == 0)
    }
}

/// Only the form watches a store file for other processes' writes: a command that exits
/// has no use for the watch, which would hear every page the command itself writes.
@Suite struct StoreWatchPurposeTests {
    @Test("a store file opened for the form is watched for other processes' writes")
    func theFormsStoreIsWatched() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try StoreLocation.file(directory.file().path, createsDirectories: false).open(for: .form)
        #expect(store.changeDescriptor != nil)
    }

    @Test("a store file opened for a command is not watched, and opened again it still is not")
    func aCommandsStoreIsNotWatched() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try StoreLocation.file(directory.file().path, createsDirectories: false).open(for: .command)
        #expect(store.changeDescriptor == nil)
        #expect(try store.reopened().changeDescriptor == nil)
    }
}
