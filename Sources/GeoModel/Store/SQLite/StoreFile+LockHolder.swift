import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension StoreFile {
    /// Who holds the write lock of the store at `path`, as far as the system says:
    /// "sqlite3, process 911", or nil when no holder can be found.
    ///
    /// SQLite's locks are POSIX record locks, which the kernel lists in `/proc/locks`
    /// with the holder's process id, the file's device and inode, and the byte range.
    /// In WAL mode the writer holds the write lock on byte 120 of the `-shm` file (the
    /// log's writer slot); in the other journal modes a writer holds a write lock on
    /// the store file itself (its reserved, pending or exclusive byte). Reading the
    /// list opens neither file, so the locks this process holds on them stay (see
    /// ``OpenStoreFiles``). The program's name comes from `/proc/PID/comm`.
    static func writeLockHolder(of path: String) -> String? {
        guard let list = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return nil }
        let store = optionalIdentity(of: path), index = optionalIdentity(of: path + "-shm")
        for line in list.split(separator: "\n") {
            let fields = line.split(separator: " ")
            // "1: POSIX  ADVISORY  WRITE 911 fe:00:16330346 120 120"
            guard fields.count >= 8, fields[1] == "POSIX", fields[3] == "WRITE",
                  let pid = Int32(fields[4]), pid > 0,
                  let file = lockedFile(fields[5]), let start = UInt64(fields[6]) else { continue }
            let end = UInt64(fields[7]) ?? UInt64.max  // "EOF"
            let holdsLogWriter = file == index && start <= 120 && 120 <= end
            let holdsStore = file == store
            guard holdsLogWriter || holdsStore else { continue }
            return describeProcess(pid)
        }
        return nil
    }

    /// The file of a `/proc/locks` entry, "MAJOR:MINOR:INODE" (the device numbers in
    /// hexadecimal), as an ``Identity``.
    private static func lockedFile(_ field: Substring) -> Identity? {
        let parts = field.split(separator: ":")
        guard parts.count == 3, let major = UInt64(parts[0], radix: 16), let minor = UInt64(parts[1], radix: 16),
              let inode = UInt64(parts[2]) else { return nil }
        // glibc's makedev: the low 8 bits of the minor, 12 bits of the major, the rest above.
        let device = (minor & 0xff) | ((major & 0xfff) << 8) | ((minor & ~0xff) << 12) | ((major & ~0xfff) << 32)
        return Identity(device: device, inode: inode)
    }

    /// "NAME, process PID", or "process PID" when its name cannot be read.
    private static func describeProcess(_ pid: Int32) -> String {
        let comm = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard let comm, !comm.isEmpty else { return "process \(pid)" }
        return "\(comm), process \(pid)"
    }
}
