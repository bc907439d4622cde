import Foundation
import Glibc
import Testing
@testable import GeoTUI

/// CPU time (user + system) the calling thread has used so far. The wait runs on
/// this thread; the process's total would also count the suites running alongside.
private func threadCPUTime() -> Duration {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return .seconds(Int64(now.tv_sec)) + .nanoseconds(Int64(now.tv_nsec))
}

/// Calls `nextEvent` a bounded number of times after the hang-up and checks that each
/// is a tick that took its timeout in `poll`, not a spin: a closed input must not wake
/// the wait again.
private func expectQuietAfterHangUp(_ terminal: Terminal, sourceLocation: SourceLocation = #_sourceLocation) {
    let clock = ContinuousClock()
    let cpuBefore = threadCPUTime()
    let started = clock.now
    for _ in 0..<5 {
        #expect(terminal.nextEvent(timeout: .milliseconds(40)) == .tick, sourceLocation: sourceLocation)
    }
    let elapsed = started.duration(to: clock.now)
    let cpu = threadCPUTime() - cpuBefore
    // Five 40 ms waits: at least ~200 ms slept, and only a sliver of it on the CPU
    // (a spinning wait would use nearly all of it).
    #expect(elapsed >= .milliseconds(190), sourceLocation: sourceLocation)
    #expect(elapsed < .seconds(5), sourceLocation: sourceLocation)
    #expect(cpu < .milliseconds(100), "CPU used while waiting: \(cpu)", sourceLocation: sourceLocation)
}

extension NcursesTests {
    /// An input that ends or fails becomes one `.signal(.hangup)`, and the wait then
    /// sleeps: no busy loop when the terminal goes away without a SIGHUP.
    @Suite struct TerminalHangUpTests {
        @Test func pollErrorsAndHangUpsComeBeforeInput() {
            #expect(EventWait.classify(revents: Int16(POLLIN | POLLERR | POLLHUP)) == .inputClosed)
            #expect(EventWait.classify(revents: Int16(POLLIN | POLLERR)) == .inputClosed)
            #expect(EventWait.classify(revents: Int16(POLLNVAL)) == .inputClosed)
            #expect(EventWait.classify(revents: Int16(POLLHUP)) == .inputClosed)
            #expect(EventWait.classify(revents: Int16(POLLIN | POLLHUP)) == .inputHangingUp)
            #expect(EventWait.classify(revents: Int16(POLLIN)) == .input)
        }

        @Test func closedPipeIsOneHangUpThenQuietTicks() throws {
            let headless = try HeadlessTerminal()
            headless.closeInput()
            #expect(headless.next(timeout: .seconds(2)) == .signal(.hangup))
            expectQuietAfterHangUp(headless.terminal)
        }

        @Test func bytesWrittenBeforeTheHangUpAreReadFirst() throws {
            let headless = try HeadlessTerminal()
            headless.send("ab")
            headless.closeInput()
            #expect(headless.next() == .input(.key(.character("a"))))
            #expect(headless.next() == .input(.key(.character("b"))))
            #expect(headless.next(timeout: .seconds(2)) == .signal(.hangup))
            expectQuietAfterHangUp(headless.terminal)
        }

        /// A file at its end is always readable and every read finds nothing: the
        /// "readable, end of file" loop that a closed terminal also produces.
        @Test func endOfFileOnEveryReadIsAHangUp() throws {
            let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
            try #require(descriptor >= 0)
            let terminal = try Terminal.headless(reading: descriptor)
            defer { terminal.close() }
            let clock = ContinuousClock()
            let started = clock.now
            // A wait that ran its timeout out would end in a tick: the hang-up came first.
            #expect(terminal.nextEvent(timeout: .seconds(20)) == .signal(.hangup))
            #expect(started.duration(to: clock.now) < .seconds(10))
            expectQuietAfterHangUp(terminal)
        }

        /// The case measured in docs/performance.md: a pseudo-terminal whose master side
        /// closes (no SIGHUP reaches a process without a controlling terminal).
        @Test func closedPseudoTerminalIsOneHangUpThenQuietTicks() throws {
            // posix_openpt and friends are not visible to Swift here: /dev/ptmx and
            // the two ioctls they wrap (TIOCSPTLCK to unlock, TIOCGPTN for the number).
            let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
            try #require(master >= 0)
            var unlock: Int32 = 0
            try #require(ioctl(master, 0x4004_5431, &unlock) == 0)
            var number: Int32 = -1
            try #require(ioctl(master, 0x8004_5430, &number) == 0)
            let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
            try #require(slave >= 0)
            // Not canonical, as the app's terminal is: bytes arrive without a newline.
            var settings = termios()
            tcgetattr(slave, &settings)
            settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
            tcsetattr(slave, TCSANOW, &settings)
            let terminal = try Terminal.headless(reading: slave)
            defer { terminal.close() }
            var bytes: [UInt8] = Array("x".utf8)
            #expect(write(master, &bytes, 1) == 1)
            #expect(terminal.nextEvent(timeout: .seconds(10)) == .input(.key(.character("x"))))
            Glibc.close(master)
            #expect(terminal.nextEvent(timeout: .seconds(10)) == .signal(.hangup))
            expectQuietAfterHangUp(terminal)
        }
    }
}
