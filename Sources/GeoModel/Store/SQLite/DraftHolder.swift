import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which session holds a draft of the SQLite store, written in its `holder` column, and
/// whether that session is still alive.
///
/// A holder is `BOOT PID START SERIAL`: the kernel's boot identifier, the process's
/// identifier and start time (in clock ticks since boot, `/proc/PID/stat`'s 22nd field),
/// so a process identifier used again by a later process, or after a reboot, is not
/// taken for the holder; and a serial number of the store object within its process, so
/// two stores of one process (a test's two forms) are two sessions. A holder is alive
/// while its process runs and, in this process, while its store object exists.
enum DraftHolder {
    /// The holder of `store`: its serial is handed out at first use and kept while the
    /// store exists.
    static func holder(of store: AnyObject) -> String {
        "\(process) \(registry.serial(of: store))"
    }

    /// Makes `new` (a store reopening the file `old` had open) the same session as
    /// `old`: the drafts `old` held in the file are held by `new` from now on.
    static func continueSession(of old: AnyObject, in new: AnyObject) {
        registry.continueSession(of: old, in: new)
    }

    /// True when the session `holder` names may still be running: a holder this code
    /// cannot read is taken as alive, so its draft is kept rather than taken twice.
    static func isAlive(_ holder: String) -> Bool {
        let parts = holder.split(separator: " ")
        guard parts.count == 4, let pid = Int32(parts[1]), let serial = Int(parts[3]) else { return true }
        // Another boot: every process of that one has ended.
        if let boot = bootID, String(parts[0]) != boot { return false }
        if pid == getpid() {
            // This process: alive while that store is; an earlier process with this pid has ended.
            return String(parts[2]) == ownStart ? registry.isAlive(serial) : false
        }
        guard let start = startTime(of: pid) else {
            // No /proc entry: the process has ended (or /proc is not there: ask the kernel).
            return FileManager.default.fileExists(atPath: "/proc/self/stat") ? false : kill(pid, 0) == 0 || errno == EPERM
        }
        return start == String(parts[2])
    }

    /// `BOOT PID START` of this process.
    private static let process = "\(bootID ?? "-") \(getpid()) \(ownStart)"

    /// This process's start time.
    private static let ownStart = startTime(of: getpid()) ?? "-"

    /// The kernel's identifier of this boot, nil where it cannot be read.
    private static let bootID: String? = {
        guard let text = try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8) else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }()

    /// The start time of process `pid`, as `/proc/PID/stat` gives it, nil when there is
    /// no such process (or no /proc).
    static func startTime(of pid: Int32) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")") else { return nil }
        // After the command name: field 3 (the state) onwards; the start time is field 22.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        return fields.count > 19 ? String(fields[19]) : nil
    }

    private static let registry = Registry()

    /// The store objects of this process that hold drafts, by serial: weak, so a store
    /// released ends its session.
    private final class Registry: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [(serial: Int, store: Weak)] = []
        private var nextSerial = 1

        struct Weak {
            weak var object: AnyObject?
        }

        func serial(of store: AnyObject) -> Int {
            lock.withLock {
                entries.removeAll { $0.store.object == nil }
                if let entry = entries.first(where: { $0.store.object === store }) { return entry.serial }
                let serial = nextSerial
                nextSerial += 1
                entries.append((serial, Weak(object: store)))
                return serial
            }
        }

        func continueSession(of old: AnyObject, in new: AnyObject) {
            lock.withLock {
                guard let serial = entries.first(where: { $0.store.object === old })?.serial else { return }
                entries.removeAll { $0.store.object === new }
                entries.append((serial, Weak(object: new)))
            }
        }

        func isAlive(_ serial: Int) -> Bool {
            lock.withLock { entries.contains { $0.serial == serial && $0.store.object != nil } }
        }
    }
}
