import Glibc

/// What ended a wait in ``EventWait/wait(input:signals:watched:watchedForWriting:timeout:)``.
enum WaitResult: Equatable {
    /// The input descriptor has bytes to read (or reads at once: a read may find its end).
    case input
    /// The input descriptor has bytes left to read, but the other end has hung up
    /// (`POLLIN` with `POLLHUP`): read what is left, then take the input as closed.
    case inputHangingUp
    /// The input descriptor reached its end or failed (the terminal hung up).
    case inputClosed
    /// A byte arrived on the signal pipe, or a signal interrupted the wait.
    case signal
    /// One of the watched descriptors is readable, or writable when watched for writing
    /// (or reports an error or hang-up).
    case watched
    /// The time ran out.
    case timeout
}

/// A blocking wait in `poll(2)` on the terminal's input, the signal pipe and the
/// descriptors the application watches (a store's change notifications): no timers,
/// no busy-waiting, so an idle program uses no CPU.
enum EventWait {
    /// Waits until input, a signal, a watched descriptor or the timeout (nil waits for
    /// ever). Pass -1 as `input` to wait for signals (and watched descriptors) only.
    /// `watched` wake the wait when readable, `watchedForWriting` when writable.
    static func wait(
        input: Int32, signals: Int32, watched: [Int32] = [], watchedForWriting: [Int32] = [], timeout: Duration?
    ) -> WaitResult {
        var descriptors = [
            pollfd(fd: input, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signals, events: Int16(POLLIN), revents: 0),
        ] + watched.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            + watchedForWriting.map { pollfd(fd: $0, events: Int16(POLLOUT), revents: 0) }
        let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds(timeout))
        if ready < 0 { return .signal }  // EINTR: a signal handler ran
        if ready == 0 { return .timeout }
        if descriptors[1].revents != 0 { return .signal }
        if descriptors[0].revents != 0 { return classify(revents: descriptors[0].revents) }
        return .watched
    }

    /// What the input descriptor's `revents` mean. Errors come first: a terminal whose
    /// other side is gone reports `POLLIN|POLLERR|POLLHUP`, and treating that as input
    /// would read end-of-file and poll again for ever. A hang-up with bytes still
    /// waiting (a pipe closed after a write) lets the bytes be read first.
    static func classify(revents: Int16) -> WaitResult {
        let events = Int32(revents)
        if events & Int32(POLLERR | POLLNVAL) != 0 { return .inputClosed }
        let readable = events & Int32(POLLIN) != 0
        let hungUp = events & Int32(POLLHUP) != 0
        switch (readable, hungUp) {
        case (true, true): return .inputHangingUp
        case (true, false): return .input
        case (false, true): return .inputClosed
        case (false, false): return .timeout
        }
    }

    /// A duration as poll's timeout: whole milliseconds rounded up, -1 for none.
    static func milliseconds(_ duration: Duration?) -> Int32 {
        guard let duration else { return -1 }
        if duration <= .zero { return 0 }
        let (seconds, attoseconds) = duration.components
        let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: total)
    }

    /// Reads and returns every byte waiting on a non-blocking descriptor.
    static func drain(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: buffer[0..<count])
                continue
            }
            if count < 0, errno == EINTR { continue }
            return bytes
        }
    }
}
