import Foundation
import Glibc
@testable import GeoTUI

/// A ``Terminal`` on a pipe and an output file, for tests of the real ncurses paths:
/// send bytes as a terminal would, read events back, count the bytes ncurses wrote.
///
/// Use only inside ``NcursesTests``. Every wait is bounded by a timeout.
final class HeadlessTerminal {
    let terminal: Terminal
    private let input: Int32
    let outputPath: String
    private var inputOpen = true

    init(termName: String = "xterm-256color", size: Size = Size(width: 80, height: 24),
         environment: [String: String] = [:]) throws {
        outputPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("headless-\(UUID().uuidString).out").path
        (terminal, input) = try Terminal.headless(termName: termName, size: size, outputPath: outputPath,
                                                  environment: environment)
    }

    deinit {
        terminal.close()
        closeInput()
        unlink(outputPath)
    }

    /// Writes bytes to the terminal's input, as if typed or sent by the terminal.
    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            precondition(written > 0, "write to the headless terminal failed")
            offset += written
        }
    }

    /// Writes `bytes` to the terminal's input from a thread of its own, `size` bytes at a
    /// time with a short pause between, as a terminal sends a paste that ncurses reads in
    /// several goes; returns at once.
    func sendInPieces(_ bytes: [UInt8], of size: Int) {
        let input = input
        Thread.detachNewThread {
            for start in stride(from: 0, to: bytes.count, by: size) {
                let piece = bytes[start..<min(start + size, bytes.count)]
                var offset = piece.startIndex
                while offset < piece.endIndex {
                    let written = piece[offset...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
                    if written < 0 && errno == EINTR { continue }
                    guard written > 0 else { return }
                    offset += written
                }
                usleep(100)
            }
        }
    }

    /// Writes text (escape sequences included) to the terminal's input as UTF-8.
    func send(_ text: String) { send(Array(text.utf8)) }

    /// Closes the input, as a terminal that hangs up would.
    func closeInput() {
        guard inputOpen else { return }
        inputOpen = false
        Glibc.close(input)
    }

    /// The next event, waiting at most `timeout`.
    func next(timeout: Duration = .seconds(2)) -> TerminalEvent {
        terminal.nextEvent(timeout: timeout)
    }

    /// The next `count` input events; a tick or signal in between ends the list early.
    func events(_ count: Int, timeout: Duration = .seconds(2)) -> [InputEvent] {
        var events: [InputEvent] = []
        while events.count < count, case .input(let event) = next(timeout: timeout) { events.append(event) }
        return events
    }

    /// Sends `text` and returns the input events it decodes to, up to the first quiet
    /// moment.
    func events(for text: String) -> [InputEvent] {
        send(text)
        var events: [InputEvent] = []
        while case .input(let event) = next(timeout: .milliseconds(150)) { events.append(event) }
        return events
    }

    /// How many bytes ncurses has written so far (all output is flushed by each present).
    var bytesWritten: Int {
        var info = stat()
        return stat(outputPath, &info) == 0 ? Int(info.st_size) : -1
    }

    /// Everything ncurses has written so far.
    var output: String {
        (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }

    /// The bytes written by `work`.
    func bytesWritten(by work: () -> Void) -> Int {
        let before = bytesWritten
        work()
        return bytesWritten - before
    }
}
