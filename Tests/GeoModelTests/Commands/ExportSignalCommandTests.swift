import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// SIGINT, SIGTERM and SIGHUP during an export: it ends at once, leaving no temporary
/// file and the target as it was.
@Suite(.serialized) struct ExportSignalCommandTests {
    private func start(_ arguments: [String], stdout: Any) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = GeocacheTUIBinary.url
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        let errors = Pipe.forOneChild()
        process.standardError = errors
        try process.run()
        return (process, errors)
    }

    /// An export of 100,000 caches to `out.json` in a new store's directory, started, once
    /// it writes its file of no name (a descriptor of the process open on a deleted file
    /// in that directory).
    private func exportWriting() throws -> (fixture: StoreFixture, target: URL, process: Process, errors: Pipe) {
        let fixture = try StoreFixture()
        try fixture.store.saveCaches((0..<100_000).map {
            GeoCache(title: "Cache \($0)", details: String(repeating: "d", count: 200), creator: "c", reward: "r")
        })
        let target = fixture.directory.file("out.json")
        let (process, errors) = try start(["export", "--store", fixture.storeArgument, "--output", target.path],
                                          stdout: FileHandle.nullDevice)
        let descriptors = "/proc/\(process.processIdentifier)/fd"
        let writing = waitUntil(timeout: .seconds(20), polling: .milliseconds(1)) {
            ((try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? []).contains { number in
                let link = (try? FileManager.default.destinationOfSymbolicLink(atPath: descriptors + "/" + number)) ?? ""
                return link.hasPrefix(fixture.directory.url.path + "/") && link.hasSuffix(" (deleted)")
            }
        }
        #expect(writing)
        return (fixture, target, process, errors)
    }

    @Test("kill -9 while an export writes leaves nothing behind: its file has no name until it is complete")
    func aKilledExportLeavesNoFile() throws {
        let (fixture, _, process, _) = try exportWriting()
        kill(process.processIdentifier, SIGKILL)
        try process.waitForExit()
        let left = try FileManager.default.contentsOfDirectory(atPath: fixture.directory.url.path).filter { $0.contains("out.json") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test("SIGTERM while an export writes its temporary file removes it and leaves no target")
    func signalRemovesTheTemporaryFile() throws {
        let (fixture, target, process, errors) = try exportWriting()
        let directory = fixture.directory.url.path
        kill(process.processIdentifier, SIGTERM)
        try process.waitForExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 143)
        #expect(message.contains("geocache-tui: interrupted by SIGTERM: the export was abandoned; \(target.path) is as it was"),
                "\(message)")
        let left = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains("out.json") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test("SIGINT ends an export blocked on a pipe nobody reads")
    func signalEndsABlockedExport() throws {
        let fixture = try StoreFixture()
        try fixture.store.saveCaches((0..<3000).map {
            GeoCache(title: "Cache \($0)", details: String(repeating: "d", count: 100), creator: "c", reward: "r")
        })
        let output = Pipe.forOneChild()
        let (process, errors) = try start(["export", "--store", fixture.storeArgument], stdout: output)
        // The pipe holds 64 KiB; the export writes more and waits.
        let blocked = waitUntil(timeout: .seconds(20), polling: .milliseconds(10)) {
            (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/wchan", encoding: .utf8))
                .map { $0.contains("pipe") } ?? false
        }
        #expect(blocked)
        kill(process.processIdentifier, SIGINT)
        try process.waitForExit()
        #expect(process.terminationStatus == 130)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(message.contains("interrupted by SIGINT: the export was abandoned; standard output holds only the part "
                                  + "written before"), "\(message)")
        try? output.fileHandleForReading.close()
    }

    @Test("SIGTERM ends an export still opening a FIFO nobody reads, and leaves it a FIFO")
    func signalEndsAnExportOpeningAFIFO() throws {
        let fixture = try StoreFixture()
        try fixture.store.saveCaches([GeoCache(title: "t", details: "d", creator: "c", reward: "r")])
        let fifo = fixture.directory.file("out.fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let (process, errors) = try start(["export", "--store", fixture.storeArgument, "--output", fifo.path],
                                          stdout: FileHandle.nullDevice)
        let opening = waitUntil(timeout: .seconds(20), polling: .milliseconds(10)) {
            (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/wchan", encoding: .utf8))
                .map { $0.contains("fifo") || $0.contains("partner") } ?? false
        }
        #expect(opening)
        kill(process.processIdentifier, SIGTERM)
        try process.waitForExit(timeout: .seconds(20))
        #expect(process.terminationStatus == 143)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(message.contains("interrupted by SIGTERM"), "\(message)")
        var info = stat()
        #expect(stat(fifo.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }
}
