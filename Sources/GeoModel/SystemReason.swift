#if canImport(Glibc)
import Glibc
#endif

/// Why the system refused a read or a write (an `errno`), in the words of a model's
/// message: the system's own (`strerror`), but for a write past the file size limit of
/// the process (`ulimit -f`, which the system calls "File too large" without saying whose
/// limit), which names the limit and how large it is.
public enum SystemReason {
    /// The words for `code`.
    public static func of(_ code: Int32) -> String {
        if code == EFBIG, let limit = fileSizeLimit() { return limitReached(limit) }
        return String(cString: strerror(code))
    }

    /// "the file size limit (ulimit -f, 100 KiB) was reached", for a limit of `bytes`.
    static func limitReached(_ bytes: UInt64) -> String {
        "the file size limit (ulimit -f, \(bytes >> 10) KiB) was reached"
    }

    /// The most bytes a file this process writes may hold (`RLIMIT_FSIZE`); nil when
    /// there is no limit (`RLIM_INFINITY`, all ones).
    static func fileSizeLimit() -> UInt64? {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max
        else { return nil }
        return UInt64(limit.rlim_cur)
    }
}
