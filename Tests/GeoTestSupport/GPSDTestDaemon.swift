import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real gpsd for tests, without a receiver: `gpsd -N -n -S PORT udp://127.0.0.1:PORT2`
/// on two free ports, fed NMEA sentences over UDP (``feed(_:)``), stopped with the pid
/// it was started with.
///
/// The daemon is ready when its client port accepts a connection, which ``init()`` and
/// ``start()`` wait for by polling. When gpsd is not installed the initializer throws
/// and the test fails with the reason: it is never skipped.
package final class GPSDTestDaemon: @unchecked Sendable {
    /// The TCP port clients connect to, on 127.0.0.1.
    package let port: Int
    /// The UDP port gpsd reads NMEA sentences from, on 127.0.0.1.
    package let sourcePort: Int
    /// The directory of the daemon's log.
    package let directory: TemporaryDirectory
    private var pid: pid_t?
    private let sender: Int32

    /// Where Debian installs gpsd.
    package static let executable = "/usr/sbin/gpsd"

    /// Starts a daemon on free ports and returns once it accepts clients.
    package init() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.executable) else {
            throw Failure("\(Self.executable) is missing: install the gpsd package (make test does)")
        }
        port = try LoopbackSocket.freePort(type: Int32(SOCK_STREAM.rawValue))
        sourcePort = try LoopbackSocket.freePort(type: Int32(SOCK_DGRAM.rawValue))
        directory = try TemporaryDirectory()
        sender = socket(AF_INET, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard sender >= 0 else { throw Failure("cannot open a UDP socket: errno \(errno)") }
        try start()
    }

    deinit {
        stop()
        close(sender)
        directory.remove()
    }

    /// The endpoint text a client is given: `127.0.0.1:PORT`.
    package var endpointText: String { "127.0.0.1:\(port)" }

    /// Whether the daemon's process runs.
    package var isRunning: Bool { pid != nil }

    /// Starts the daemon (again, on the same ports) and waits until it accepts a
    /// connection; throws with its log when it exits or does not get ready in time.
    package func start() throws {
        guard pid == nil else { return }
        let log = directory.file("gpsd.log")
        let command = [Self.executable, "-N", "-n", "-S", String(port), "udp://127.0.0.1:\(sourcePort)"]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log.path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // The daemon starts with no signal blocked and every signal at its default, so
        // that SIGTERM stops it whatever this process blocks or ignores.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        var all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let arguments = command.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var child = pid_t()
        let spawned = posix_spawn(&child, command[0], &actions, &attributes, arguments, environ)
        guard spawned == 0 else { throw Failure("cannot start gpsd: \(String(cString: strerror(spawned)))") }
        pid = child
        var exited = false
        let ready = waitUntil(timeout: .seconds(15)) {
            exited = reapIfExited()
            return exited || acceptsConnections()
        }
        guard ready, !exited else {
            stop()
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            throw Failure("gpsd \(exited ? "exited" : "did not accept connections in time"): \(text)")
        }
    }

    /// Stops the daemon (SIGTERM, then SIGKILL if it lingers) and reaps it; nothing
    /// when it is not running.
    package func stop() {
        guard let child = pid else { return }
        kill(child, SIGTERM)
        if !waitUntil(timeout: .seconds(5), { reapIfExited() }) {
            kill(child, SIGKILL)
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        }
        pid = nil
    }

    /// Sends `sentences` to the daemon's UDP source, one datagram each.
    package func feed(_ sentences: [String]) {
        var address = LoopbackSocket.address(port: sourcePort)
        for sentence in sentences {
            let bytes = Array(sentence.utf8)
            _ = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                    bytes.withUnsafeBytes {
                        sendto(sender, $0.baseAddress, $0.count, 0, generic, socklen_t(MemoryLayout<sockaddr_in>.size))
                    }
                }
            }
        }
    }

    /// Whether the child has exited; reaps it when it has.
    private func reapIfExited() -> Bool {
        guard let child = pid else { return true }
        var status: Int32 = 0
        let result = waitpid(child, &status, WNOHANG)
        if result == child || (result < 0 && errno == ECHILD) {
            pid = nil
            return true
        }
        return false
    }

    /// Whether a TCP connection to the client port succeeds now.
    private func acceptsConnections() -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = LoopbackSocket.address(port: port)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    /// Why the test daemon could not be set up.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
        package init(_ description: String) { self.description = "gpsd test daemon: " + description }
    }
}
