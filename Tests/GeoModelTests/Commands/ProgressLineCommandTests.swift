import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The progress line of `import` and `export`: drawn on standard error when it is a
/// terminal and the work has gone on for more than half a second, erased at the end,
/// absent in a pipe and with `--quiet`. The work is made long by holding its input or
/// output open, never by timing it. A test that expects no line checks once a line
/// would have been drawn: its command is inside its work, and an import started after
/// that, under the same load, has drawn its own line.
@Suite("Progress line")
struct ProgressLineCommandTests {
    /// `count` JSON elements of distinct caches, without the array's brackets.
    private static func elements(_ range: Range<Int>) -> String {
        range.map { "{\"title\": \"Cache \($0)\", \"details\": \"d\", \"creator\": \"c\", \"reward\": \"r\"}" }
            .joined(separator: ",\n")
    }

    /// The last thing on standard error once the line is erased: carriage return and
    /// erase to the end of the line.
    private static let erase = "\r\u{1B}[K"

    /// Starts the binary with `arguments`; standard input is a pipe the test writes.
    private func start(_ arguments: [String], stderr: Any, stdout: Any,
                       input: Pipe) throws -> Process {
        try GeocacheTUIBinary.start(arguments, input: input, output: stdout, error: stderr)
    }

    private func importFromStandardInput(_ fixture: StoreFixture, quiet: Bool = false,
                                         stderr: Any, output: URL) throws -> (Process, Pipe) {
        let input = Pipe.forOneChild()
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let process = try start(["import", "-", "--store", fixture.storeArgument] + (quiet ? ["--quiet"] : []),
                                stderr: stderr, stdout: try FileHandle(forWritingTo: output), input: input)
        input.fileHandleForWriting.write(Data(("[\n" + Self.elements(0..<300)).utf8))
        return (process, input)
    }

    private func finishInput(_ input: Pipe) {
        input.fileHandleForWriting.write(Data((",\n" + Self.elements(300..<310) + "\n]\n").utf8))
        try? input.fileHandleForWriting.close()
    }

    /// Waits until `process`, importing into `fixture`, is inside its import: it has
    /// begun reading, which it does after setting up its progress line.
    private func waitInsideTheImport(_ process: Process, _ fixture: StoreFixture) {
        #expect(waitUntil(timeout: .seconds(30)) { isReadingAnImport(process) || !process.isRunning })
        #expect(process.isRunning, "the import ended before its input did")
    }

    /// Waits until a progress line would have been drawn by a command that was already
    /// at work: another import, started now with standard error on a terminal, has drawn
    /// its line (after the same delay, under the same load). Then lets it finish.
    private func waitForAnotherImportToDrawItsLine() throws {
        let fixture = try StoreFixture()
        let terminal = try PseudoTerminal()
        let (process, input) = try importFromStandardInput(fixture, stderr: terminal.slaveHandle,
                                                           output: fixture.directory.file("stdout"))
        terminal.closeSlave()
        #expect(terminal.read { $0.contains("Importing: ") }, "the import beside it drew no progress line")
        finishInput(input)
        terminal.readToEnd()
        try process.waitForExit()
    }

    @Test func importOnATerminalShowsBytesCachesAndRateThenErasesTheLine() throws {
        let fixture = try StoreFixture()
        let terminal = try PseudoTerminal()
        let (process, input) = try importFromStandardInput(fixture, stderr: terminal.slaveHandle,
                                                           output: fixture.directory.file("stdout"))
        terminal.closeSlave()
        #expect(terminal.read { $0.contains("caches/s") || $0.contains("MB/s") })
        finishInput(input)
        terminal.readToEnd()
        try process.waitForExit()
        #expect(process.terminationStatus == 0)
        #expect(terminal.text.hasPrefix("\rImporting: "))
        #expect(terminal.text.contains(" caches, "))
        #expect(terminal.text.hasSuffix(Self.erase))
        let summary = try String(contentsOf: fixture.directory.file("stdout"), encoding: .utf8)
        #expect(summary.hasPrefix("Added 310 caches"))
    }

    @Test("once a file is read, while its caches wait to go into the store, the line says so and gives no time left")
    func importOfAReadFileSaysItIsStoringNotHowLongIsLeft() throws {
        let fixture = try StoreFixture()
        try fixture.store.add(Samples.oak)   // the file exists, for the lock
        let file = fixture.directory.file("caches.json")
        try Data(("[\n" + Self.elements(0..<310) + "\n]\n").utf8).write(to: file)
        // Another program's transaction holds the write lock: the import reads the whole
        // file, then waits for the lock to store what it read.
        let lock = try FileWriteLock(path: fixture.fileURL.path)
        let terminal = try PseudoTerminal()
        let process = try GeocacheTUIBinary.start(["import", file.path, "--store", fixture.storeArgument],
                                                  input: Pipe.forOneChild(), output: Pipe.forOneChild(), error: terminal.slaveHandle)
        terminal.closeSlave()
        #expect(terminal.read { $0.contains("caches, storing them…") }, "\(terminal.text)")
        #expect(!terminal.text.contains(" left"), "\(terminal.text)")
        try lock.release()
        terminal.readToEnd()
        try process.waitForExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func importIntoAPipeWritesNoProgress() throws {
        let fixture = try StoreFixture()
        let errors = Pipe.forOneChild()
        let (process, input) = try importFromStandardInput(fixture, stderr: errors,
                                                           output: fixture.directory.file("stdout"))
        waitInsideTheImport(process, fixture)
        try waitForAnotherImportToDrawItsLine()
        finishInput(input)
        try process.waitForExit()
        #expect(process.terminationStatus == 0)
        #expect(errors.fileHandleForReading.readDataToEndOfFile().isEmpty)
    }

    @Test func importWithQuietWritesNoProgressOnATerminal() throws {
        let fixture = try StoreFixture()
        let terminal = try PseudoTerminal()
        let (process, input) = try importFromStandardInput(fixture, quiet: true, stderr: terminal.slaveHandle,
                                                           output: fixture.directory.file("stdout"))
        terminal.closeSlave()
        waitInsideTheImport(process, fixture)
        try waitForAnotherImportToDrawItsLine()
        finishInput(input)
        terminal.readToEnd()
        try process.waitForExit()
        #expect(process.terminationStatus == 0)
        #expect(terminal.received.isEmpty)
    }

    @Test("an import reading the terminal (import -, or its own path /dev/pts/N) writes no progress line over what is typed there",
          arguments: [false, true])
    func importOfTypedInputWritesNoProgressOverIt(byPath: Bool) throws {
        let fixture = try StoreFixture()
        let terminal = try PseudoTerminal()
        let output = fixture.directory.file("stdout")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        // Standard error on the terminal, as in a shell; the input is that terminal too,
        // as standard input or by its path.
        let path = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(terminal.slave)")
        let process = try GeocacheTUIBinary.start(["import", byPath ? path : "-", "--store", fixture.storeArgument],
                                                  input: byPath ? FileHandle.nullDevice : terminal.slaveHandle,
                                                  output: try FileHandle(forWritingTo: output), error: terminal.slaveHandle)
        terminal.closeSlave()
        // Typed lines, the last without its Enter yet.
        let typed = "[{\"title\": \"typed by hand\", \"details\": \"d\",\n\"creator\": \"c\""
        _ = typed.utf8CString.withUnsafeBufferPointer { write(terminal.master, $0.baseAddress, typed.utf8.count) }
        waitInsideTheImport(process, fixture)
        try waitForAnotherImportToDrawItsLine()
        // The rest of the line, then Ctrl-D on a line of its own: the end of the input.
        let rest = ", \"reward\": \"r\"}]\n\u{04}"
        _ = rest.utf8CString.withUnsafeBufferPointer { write(terminal.master, $0.baseAddress, rest.utf8.count) }
        terminal.readToEnd()
        try process.waitForExit()
        #expect(process.terminationStatus == 0, "\(terminal.text)")
        #expect(!terminal.text.contains("Importing"), "\(terminal.text)")
        #expect(try fixture.store.loadCaches().map(\.title) == ["typed by hand"])
    }

    @Test func ctrlCDuringAnImportWithProgressErasesTheLineAndSaysItRolledBack() throws {
        let fixture = try StoreFixture()
        try fixture.store.add(Samples.oak)
        let terminal = try PseudoTerminal()
        let (process, input) = try importFromStandardInput(fixture, stderr: terminal.slaveHandle,
                                                           output: fixture.directory.file("stdout"))
        terminal.closeSlave()
        #expect(terminal.read { $0.contains("Importing: ") })
        kill(process.processIdentifier, SIGINT)
        terminal.readToEnd()
        try process.waitForExit()
        try? input.fileHandleForWriting.close()
        #expect(process.terminationStatus == 130)
        let message = "geocache-tui: interrupted by SIGINT: the import was rolled back; nothing was stored\n"
        #expect(terminal.text.hasSuffix(Self.erase + message.replacingOccurrences(of: "\n", with: "\r\n")))
        #expect(try fixture.store.loadCaches().withoutCodes == [Samples.oak])
    }

    @Test func exportOnATerminalShowsCachesOfTheTotalThenErasesTheLine() throws {
        let fixture = try StoreFixture()
        let caches = (0..<3000).map { GeoCache(title: "Cache \($0)", details: String(repeating: "d", count: 100),
                                               creator: "c", reward: "r") }
        try fixture.store.saveCaches(caches)
        let terminal = try PseudoTerminal()
        let output = Pipe.forOneChild()
        let process = try start(["export", "--store", fixture.storeArgument], stderr: terminal.slaveHandle,
                                stdout: output, input: Pipe.forOneChild())
        terminal.closeSlave()
        // The export waits on the full pipe until the line has appeared.
        #expect(terminal.read { $0.contains("of 3,000 caches") })
        let written = output.fileHandleForReading.readDataToEndOfFile()
        terminal.readToEnd()
        try process.waitForExit()
        #expect(process.terminationStatus == 0)
        #expect(terminal.text.hasPrefix("\rExporting: "))
        #expect(terminal.text.hasSuffix(Self.erase))
        #expect(Array(written) == Array(JSONInterchange.document(for: try fixture.store.loadCaches()).utf8))
    }

    @Test func exportToTheSameTerminalWritesNoProgressOverTheExport() throws {
        let fixture = try StoreFixture()
        try fixture.store.saveCaches((0..<3000).map { GeoCache(title: "Cache \($0)", details: "d", creator: "c", reward: "r") })
        let terminal = try PseudoTerminal()
        let process = try start(["export", "--store", fixture.storeArgument], stderr: terminal.slaveHandle,
                                stdout: terminal.slaveHandle, input: Pipe.forOneChild())
        terminal.closeSlave()
        // It has begun writing (after setting up its progress line, or not), then waits
        // on the full terminal while another command draws its line.
        #expect(terminal.waitForOutput(), "the export wrote nothing")
        try waitForAnotherImportToDrawItsLine()
        #expect(process.isRunning, "the export ended before a line would have been drawn")
        terminal.readToEnd()
        try process.waitForExit()
        #expect(process.terminationStatus == 0)
        #expect(terminal.text.contains("\"title\": \"Cache 2999\""))
        #expect(!terminal.text.contains("Exporting"))
    }
}
