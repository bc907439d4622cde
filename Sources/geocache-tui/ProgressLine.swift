import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one-line progress indicator of `import` and `export`, on standard error.
///
/// Drawn only when standard error is a terminal, `--quiet` is not given (a command also
/// passes `quiet` when the line would be drawn over its own output or its typed input on
/// that terminal), and the work has run for more than ``delay``: then, every ``interval``, a thread of its own
/// rewrites the line in place (carriage return, the text cut to the terminal's width,
/// erase to the end of the line) from what ``sample`` reports. ``finish()`` stops the
/// thread and erases the line, so the summary (or an error) that follows starts on a
/// clean line. Nothing of it is ever written to a pipe or a file.
final class ProgressLine: @unchecked Sendable {
    /// How far the work has got: done so far, of the total when known, and the caches so far.
    struct Sample {
        /// Bytes (import) or caches (export) done so far.
        var done: Int64
        /// The bytes or caches there are in all, when known.
        var total: Int64?
        /// Caches stored or written so far.
        var caches: Int
    }

    /// What the line counts: bytes of input or caches.
    enum Unit {
        case bytes, caches
    }

    /// How long the work runs before the line first appears.
    static let delay: Duration = .milliseconds(500)
    /// How often the line is redrawn.
    static let interval: Duration = .milliseconds(200)

    private let verb: String
    private let unit: Unit
    private let sample: @Sendable () -> Sample
    private let condition = NSCondition()
    private var finished = false
    private var threadDone = false
    private var drawn = false
    private let start = ContinuousClock.now

    /// Starts following the work when standard error is a terminal and `quiet` is false;
    /// else returns nil and nothing is ever drawn.
    init?(verb: String, unit: Unit, quiet: Bool, sample: @escaping @Sendable () -> Sample) {
        guard !quiet, isatty(STDERR_FILENO) == 1 else { return nil }
        self.verb = verb
        self.unit = unit
        self.sample = sample
        let thread = Thread { [self] in run() }
        thread.start()
    }

    /// Stops drawing and erases the line when it was drawn; waits for the thread.
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        while !threadDone { condition.wait() }
        if drawn { Self.writeError("\r\u{1B}[K") }
        drawn = false
        condition.unlock()
    }

    private func run() {
        condition.lock()
        defer {
            threadDone = true
            condition.broadcast()
            condition.unlock()
        }
        var next = start + Self.delay
        while !finished {
            let now = ContinuousClock.now
            if now >= next {
                draw(elapsed: now - start)
                next = now + Self.interval
                continue
            }
            let wait = next - now
            _ = condition.wait(until: Date(timeIntervalSinceNow: Double(wait.components.seconds)
                                           + Double(wait.components.attoseconds) / 1e18))
        }
    }

    /// Writes the line; called with the lock held.
    private func draw(elapsed: Duration) {
        let text = Self.text(verb: verb, unit: unit, sample: sample(),
                             seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        let width = Self.terminalWidth()
        let shown = width > 1 ? String(text.prefix(width - 1)) : text
        Self.writeError("\r" + shown + "\u{1B}[K")
        drawn = true
    }

    /// The line for `sample` after `seconds` of work: what is done (of the total), the
    /// rate and, when the total is known, the time left.
    ///
    /// `Importing: 12.6 MB of 36.0 MB (35 %), 70,000 caches, 25.2 MB/s, 1 s left`; once
    /// every byte is read, while the caches go into the store (no rate or time can be
    /// told then): `Importing: 36.0 MB read, 200,000 caches, storing them…`
    static func text(verb: String, unit: Unit, sample: Sample, seconds: Double) -> String {
        let rate = seconds > 0 ? Double(sample.done) / seconds : 0
        var parts: [String] = []
        switch unit {
        case .bytes:
            if let total = sample.total, total > 0, sample.done >= total {
                return verb + ": " + megabytes(total) + " read, " + grouped(sample.caches) + " caches, storing them…"
            }
            var done = megabytes(sample.done)
            if let total = sample.total, total > 0 {
                done += " of " + megabytes(total) + " (\(min(100, sample.done * 100 / total)) %)"
            }
            parts = [done, grouped(sample.caches) + " caches", megabytes(Int64(rate)) + "/s"]
        case .caches:
            var done = grouped(Int(sample.done))
            if let total = sample.total, total > 0 {
                done += " of " + grouped(Int(total)) + " caches (\(min(100, sample.done * 100 / total)) %)"
            } else {
                done += " caches"
            }
            parts = [done, grouped(Int(rate)) + " caches/s"]
        }
        if let total = sample.total, rate > 0, total >= sample.done {
            parts.append(duration(Double(total - sample.done) / rate) + " left")
        }
        return verb + ": " + parts.joined(separator: ", ")
    }

    private static func megabytes(_ bytes: Int64) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }

    /// `1234567` as `1,234,567`.
    private static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }

    /// `4 s`, `2 min 05 s`.
    private static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        return whole < 60 ? "\(whole) s" : "\(whole / 60) min \(String(format: "%02d", whole % 60)) s"
    }

    private static func terminalWidth() -> Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0 else { return 80 }
        return size.ws_col > 0 ? Int(size.ws_col) : 80
    }

    private static func writeError(_ text: String) {
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress! + written, bytes.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }
}
