import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// SIGTERM, SIGINT and SIGHUP during `geocache-tui import`: before the commit the
/// import rolls back and says so in one line; after it the summary is printed; the
/// exit status is 128 + the signal's number. Never a silent exit.
@Suite("Import and signals")
struct ImportSignalCommandTests {
    /// Starts `geocache-tui import` on `fixture`'s store; its output goes to files there.
    private func startImport(_ fixture: StoreFixture, _ arguments: [String],
                             input: Any = FileHandle.nullDevice) throws -> Process {
        try GeocacheTUIBinary.start(["import", "--store", fixture.storeArgument] + arguments, input: input,
                                    output: try FileHandle(forWritingTo: emptyFile(fixture, "stdout")),
                                    error: try FileHandle(forWritingTo: emptyFile(fixture, "stderr")))
    }

    private func emptyFile(_ fixture: StoreFixture, _ name: String) -> URL {
        let url = fixture.directory.file(name)
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        return url
    }

    private func contents(_ fixture: StoreFixture, _ name: String) -> String {
        (try? String(contentsOf: fixture.directory.file(name), encoding: .utf8)) ?? ""
    }

    /// Waits for `process` to end, killing it (and recording an issue) after 30 seconds.
    private func waitForExit(_ process: Process) {
        waitUntil(timeout: .seconds(30)) { !process.isRunning }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("the import did not end after the signal")
        }
        try? process.waitForExit(timeout: .seconds(10))
    }

    /// How far `process` has read the file at `path`: the offset of its descriptor on
    /// that file (from /proc), nil while it has none open.
    private func readOffset(of process: Process, in path: String) -> Int64? {
        let descriptors = "/proc/\(process.processIdentifier)/fd"
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? [] {
            guard let opened = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(descriptors)/\(entry)"),
                  opened == target,
                  let info = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/fdinfo/\(entry)",
                                         encoding: .utf8) else { continue }
            for line in info.split(separator: "\n") where line.hasPrefix("pos:") {
                return Int64(line.dropFirst(4).trimmingCharacters(in: .whitespaces))
            }
        }
        return nil
    }

    /// How many bytes `process` has read so far, from any file (`rchar` in /proc); nil
    /// once it has ended.
    private func bytesRead(by process: Process) -> Int64? {
        guard let io = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/io", encoding: .utf8) else { return nil }
        for line in io.split(separator: "\n") where line.hasPrefix("rchar:") {
            return Int64(line.dropFirst(6).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    @Test(arguments: [(SIGINT, "SIGINT", false), (SIGTERM, "SIGTERM", true)])
    func aSignalWhileFieldNotesAreReadRollsTheImportBackAndSaysSo(_ signal: Int32, _ name: String,
                                                                   withCaches: Bool) throws {
        let fixture = try StoreFixture.seeded()
        // One visit, then blank lines enough that making out the lines goes on well after the file is read in.
        let lines = "GC1AAAA,2026-11-30T09:15Z,Found it,\"TFTC\"\r\n" + String(repeating: "\r\n", count: 8_000_000)
        let notes = try fixture.write(lines, to: "geocache_visits.txt")
        let caches = try fixture.write(JSONInterchange.document(for: [Samples.mill]), to: "caches.json")
        let process = try startImport(fixture, withCaches ? [notes, caches] : [notes])
        waitUntil(timeout: .seconds(30), polling: .milliseconds(2)) {
            !process.isRunning || (bytesRead(by: process) ?? 0) >= Int64(lines.utf8.count)
        }
        kill(process.processIdentifier, signal)
        waitForExit(process)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 128 + signal)
        #expect(contents(fixture, "stderr")
                == "geocache-tui: interrupted by \(name): the import was rolled back; nothing was stored\n")
        #expect(contents(fixture, "stdout").isEmpty)
        #expect(try fixture.store.visits().isEmpty)
        #expect(try fixture.store.loadCaches().withoutCodes == [Samples.oak, Samples.bridge])
    }

    @Test(arguments: [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT"), (SIGHUP, "SIGHUP")])
    func aSignalWhileTheImportWaitsForInputRollsItBackAndSaysSo(_ signal: Int32, _ name: String) throws {
        let fixture = try StoreFixture.seeded()
        let input = Pipe.forOneChild()
        let process = try startImport(fixture, ["-"], input: input)
        // Two caches read, then the input stays open: the import waits, reading.
        let elements = [Samples.mill, Samples.numbered(1)].map { JSONInterchange.element(for: $0, isFirst: false) }
        input.fileHandleForWriting.write(Data(("[" + elements.joined().dropFirst()).utf8))
        waitUntil(timeout: .seconds(20)) { isReadingAnImport(process) || !process.isRunning }
        kill(process.processIdentifier, signal)
        waitForExit(process)
        try input.fileHandleForWriting.close()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 128 + signal)
        #expect(contents(fixture, "stderr")
                == "geocache-tui: interrupted by \(name): the import was rolled back; nothing was stored\n")
        #expect(contents(fixture, "stdout").isEmpty)
        #expect(try fixture.store.loadCaches().withoutCodes == [Samples.oak, Samples.bridge])
    }

    /// Moments of the import, each seen by watching it rather than by timing it: its
    /// reading has begun, it has read a share of its file, and it has printed its
    /// summary (the commit is done).
    enum Moment: Sendable, CustomStringConvertible {
        case began
        case read(percent: Int)
        case reported

        var description: String {
            switch self {
            case .began: "the reading began"
            case .read(let percent): "\(percent) % of the file read"
            case .reported: "the summary printed"
            }
        }
    }

    @Test(arguments: [Moment.began, .read(percent: 5), .read(percent: 20), .read(percent: 50), .read(percent: 80),
                      .read(percent: 100), .reported])
    func aTermAtAnyMomentOfALargeImportEitherRollsBackOrReportsEverythingStored(_ moment: Moment) throws {
        let fixture = try StoreFixture.seeded()
        let caches = (1...20_000).map(Samples.numbered)
        let file = try fixture.write(JSONInterchange.document(for: caches), to: "big.json")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber).int64Value
        let process = try startImport(fixture, [file])
        waitUntil(timeout: .seconds(20)) { isReadingAnImport(process) || !process.isRunning }
        var opened = false
        waitUntil(timeout: .seconds(60), polling: .milliseconds(2)) {
            guard process.isRunning else { return true }
            switch moment {
            case .began:
                return true
            case .read(let percent):
                guard let offset = readOffset(of: process, in: file) else { return opened }  // read and closed
                opened = true
                return offset * 100 >= size * Int64(percent)
            case .reported:
                return !contents(fixture, "stdout").isEmpty
            }
        }
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        waitForExit(process)
        #expect(process.terminationReason == .exit)
        let output = contents(fixture, "stdout"), error = contents(fixture, "stderr")
        if output.isEmpty {
            #expect(process.terminationStatus == 143)
            #expect(error == "geocache-tui: interrupted by SIGTERM: the import was rolled back; nothing was stored\n")
            #expect(try fixture.store.count() == 2)
        } else {
            #expect(output == "Added 20000 caches, skipped 0 as duplicates, rejected 0.\n")
            #expect(error.isEmpty)
            #expect([0, 143].contains(process.terminationStatus))
            #expect(try fixture.store.count() == 20_002)
        }
    }
}
