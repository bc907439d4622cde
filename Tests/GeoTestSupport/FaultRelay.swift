import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `scripts/fault-relay.py` between a test's client and its PostgreSQL server: a TCP
/// relay that delays each direction, loses the server's replies once a client sends
/// COMMIT (or cuts the connection there), stops answering and comes back, and counts
/// the round trips it saw.
///
/// ```swift
/// let relay = try FaultRelay(to: server.port, delayMilliseconds: 25)
/// let url = relay.url(database)   // postgresql://geo@127.0.0.1:RELAY/database
/// try relay.arm(.dropRepliesAfterCommit)
/// ```
///
/// The relay stops when the object goes away. When python3 is missing the initializer
/// throws and the test fails with the reason.
package final class FaultRelay: @unchecked Sendable {
    /// The faults the relay can be armed with: each fires once, on the next COMMIT any
    /// client sends through it.
    package enum CommitFault: String, Sendable {
        /// The COMMIT reaches the server; every reply on that connection is lost from
        /// then on, and the connection stays open (a path that died at that moment).
        case dropRepliesAfterCommit = "drop-after-commit"
        /// The COMMIT reaches the server; then the connection is closed.
        case cutAfterCommit = "cut-after-commit"
    }

    /// The port the relay listens on, on 127.0.0.1.
    package private(set) var port = 0
    private let process = Process()
    private let commands = Pipe.forOneChild()
    private let answers = Pipe.forOneChild()
    private let lock = NSLock()
    private var lines: [String] = []
    private var pending = Data()

    /// Starts a relay to the server on `127.0.0.1:targetPort`, delaying each direction
    /// by `delayMilliseconds`.
    package init(to targetPort: Int, delayMilliseconds: Int = 0) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [PackageRoot.url.appendingPathComponent("scripts/fault-relay.py").path,
                             "--target", "127.0.0.1:\(targetPort)", "--delay-ms", String(delayMilliseconds)]
        process.standardInput = commands
        process.standardOutput = answers
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Failure("cannot start scripts/fault-relay.py with /usr/bin/python3: \(error)")
        }
        answers.fileHandleForReading.readabilityHandler = { [weak self] handle in
            self?.received(handle.availableData)
        }
        var found: Int?
        _ = waitUntil(timeout: .seconds(10)) {
            found = self.takeLine(prefix: "port ").flatMap { Int($0.dropFirst(5)) }
            return found != nil || !self.process.isRunning
        }
        guard let found else {
            process.terminate()
            throw Failure("scripts/fault-relay.py did not start")
        }
        port = found
    }

    deinit {
        answers.fileHandleForReading.readabilityHandler = nil
        if process.isRunning {
            try? commands.fileHandleForWriting.write(contentsOf: Data("quit\n".utf8))
            process.terminate()
            try? process.waitForExit(timeout: .seconds(10))
        }
    }

    /// A URL that reaches `database` on the server through the relay, as the
    /// superuser `geo` (trust authentication), with `parameters` appended.
    package func url(_ database: String, parameters: String = "") -> String {
        "postgresql://geo@127.0.0.1:\(port)/\(database)" + (parameters.isEmpty ? "" : "?\(parameters)")
    }

    /// A URL of the test server rewritten to go through the relay: the same database.
    package func url(through serverURL: String, parameters: String = "") -> String {
        let database = serverURL.split(separator: "/").last.map { String($0.split(separator: "?")[0]) } ?? ""
        return url(database, parameters: parameters)
    }

    /// Delays each direction by `milliseconds` from now on.
    package func delay(milliseconds: Int) throws { try send("delay \(milliseconds)") }

    /// Arms `fault` for the next COMMIT any client sends.
    package func arm(_ fault: CommitFault) throws { try send(fault.rawValue) }

    /// Whether an armed fault has fired (it fires once). The relay is asked for its
    /// counts first: it says `fired` before it touches the client's connection, and its
    /// lines arrive in order, so once the answer is in, a fault that fired before the
    /// question is heard of too, however late the pipe's handler ran (under a loaded
    /// test run it ran after a command that had met the fault had exited).
    package func hasFired(_ fault: CommitFault) -> Bool {
        _ = try? counts()
        return lock.withLock { lines.contains("fired \(fault.rawValue)") }
    }

    /// Stops passing bytes either way, as a path that stopped answering: they are
    /// held, and new connections are accepted and held too.
    package func stall() throws { try send("stall") }

    /// Delivers what was held and passes bytes again.
    package func resume() throws { try send("pass") }

    /// The connections accepted and the round trips seen so far (a round trip: a
    /// client's bytes followed by the server's answer).
    package func counts() throws -> (connections: Int, roundTrips: Int) {
        lock.withLock { lines.removeAll { $0.hasPrefix("connections ") } }
        try commands.fileHandleForWriting.write(contentsOf: Data("stats\n".utf8))
        var line: String?
        _ = waitUntil(timeout: .seconds(20)) {
            line = self.takeLine(prefix: "connections ")
            return line != nil
        }
        let words = (line ?? "").split(separator: " ")
        guard words.count == 4, let connections = Int(words[1]), let turns = Int(words[3]) else {
            throw Failure("the relay did not report its counts")
        }
        return (connections, turns)
    }

    /// Sends one command and waits for its `ok`.
    private func send(_ command: String) throws {
        try commands.fileHandleForWriting.write(contentsOf: Data((command + "\n").utf8))
        guard waitUntil(timeout: .seconds(20), { self.takeLine(prefix: "ok") != nil }) else {
            throw Failure("the relay did not answer \(command)")
        }
    }

    private func received(_ data: Data) {
        lock.withLock {
            pending.append(data)
            while let newline = pending.firstIndex(of: 0x0A) {
                lines.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                pending.removeSubrange(pending.startIndex...newline)
            }
        }
    }

    /// Why the relay could not start or did not answer.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
        init(_ description: String) { self.description = description }
    }

    /// Removes and returns the first line received that starts with `prefix`.
    private func takeLine(prefix: String) -> String? {
        lock.withLock {
            guard let index = lines.firstIndex(where: { $0.hasPrefix(prefix) }) else { return nil }
            return lines.remove(at: index)
        }
    }
}
