import Foundation

extension Pipe {
    /// A pipe for one child process: neither end is inherited by any other process the
    /// tests spawn meanwhile.
    ///
    /// Suites run in parallel, and a process another test starts (a PostgreSQL server,
    /// gpsd, a shell) would otherwise keep a copy of each end. A reader would then wait
    /// for an end of input that never came. The child the pipe is given to still gets
    /// its end: `Process` duplicates it onto the child's standard stream, and the
    /// duplicate is not closed on exec.
    package static func forOneChild() -> Pipe {
        let pipe = Pipe()
        for end in [pipe.fileHandleForReading, pipe.fileHandleForWriting] {
            _ = fcntl(end.fileDescriptor, F_SETFD, FD_CLOEXEC)
        }
        return pipe
    }
}
