import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal for a child's standard error: the child gets the slave side (a
/// terminal to `isatty`), the test reads what it drew from the master side.
final class PseudoTerminal {
    let master: Int32
    let slave: Int32
    private(set) var received: [UInt8] = []

    init() throws {
        var master: Int32 = -1, slave: Int32 = -1
        var size = winsize(ws_row: 24, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        // Neither side may leak into another test's child (a PostgreSQL server started
        // meanwhile kept a master open for ever, and the child writing to the slave hung).
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
        self.master = master
        self.slave = slave
    }

    deinit {
        close(master)
        closeSlave()
    }

    /// What the child writes to: hand it to `Process.standardError`.
    var slaveHandle: FileHandle { FileHandle(fileDescriptor: slave, closeOnDealloc: false) }

    private var slaveClosed = false

    /// Closes this process's copy of the slave once the child has it, so the master
    /// reports the end when the child exits.
    func closeSlave() {
        guard !slaveClosed else { return }
        slaveClosed = true
        close(slave)
    }

    /// What was received so far, as text.
    var text: String { String(decoding: received, as: UTF8.self) }

    /// Reads until `done` holds for what was received, the terminal ends, or 30 seconds
    /// pass (a hung child, not a measurement); returns whether `done` held.
    @discardableResult
    func read(until done: (String) -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .seconds(30)
        while !done(text), ContinuousClock.now < deadline {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) >= 0 || errno == EINTR else { return done(text) }
            guard descriptor.revents != 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, 4096) }
            if count <= 0 { break }  // EIO: every slave is closed, the child has exited
            received += buffer[..<count]
        }
        return done(text)
    }

    /// Waits until the child has written something, without reading it, for at most 30
    /// seconds (a hung child); returns whether it has.
    func waitForOutput() -> Bool {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 100)
            if ready > 0 { return descriptor.revents & Int16(POLLIN) != 0 }
            guard ready == 0 || errno == EINTR else { return false }
        }
        return false
    }

    /// Reads everything until the child's end closes the terminal.
    func readToEnd() {
        read { _ in false }
    }
}
