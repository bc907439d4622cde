import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an import source in chunks, with a look-ahead buffer for format detection.
final class ChunkReader {
    static let chunkSize = 64 * 1024

    let name: String
    /// Whether the bytes come from standard input, or from a file that is no regular one
    /// (a FIFO, `<(…)`'s pipe), where field notes are not looked for.
    private(set) var readsStream = false
    /// When set, reading stops (throwing ``ImportError/Kind/interrupted``) as soon as
    /// it is interrupted, even while waiting for input.
    private let interruption: ImportInterruption?
    private var descriptor: Int32 = -1
    private var ownsDescriptor = false
    private var memory: [UInt8]?
    private var memoryOffset = 0
    /// The entry read, for a member of a zip archive.
    private var entryStream: ArchiveEntryStream?
    /// The archive's bytes each unpacked byte of the entry counts for in the progress
    /// (``ArchiveMember/progressShare``), and the fraction of a byte not counted yet.
    private var progressShare = 0.0
    private var progressCarry = 0.0
    /// Whether the bytes read count in the progress: an archive's do not as it is read
    /// whole, but as its GPX files are.
    var countsProgress = true
    private(set) var lookahead: [UInt8] = []
    private(set) var reachedEnd = false

    init(_ source: ImportSource, interruption: ImportInterruption? = nil) throws(ImportError) {
        name = source.name
        if case .standardInput = source.origin { readsStream = true }
        self.interruption = interruption
        switch source.origin {
        case .bytes(let bytes):
            memory = bytes
        case .standardInput:
            descriptor = 0
        case .archiveMember(let member):
            entryStream = try ArchiveEntryStream(member, name: name)
            progressShare = member.progressShare
        case .file(let path):
            var status = stat()
            let found = stat(path, &status) == 0
            if found, (status.st_mode & S_IFMT) == S_IFDIR {
                throw ImportError(.unreadable, source: name, reason: "cannot import: it is a directory")
            }
            // Opening a FIFO waits for a writer, which an interruption could not cut
            // short: open it at once, and let the wait before each read (which watches
            // the interruption too) wait for the writer instead.
            let waitsInPoll = interruption != nil && found && (status.st_mode & S_IFMT) == S_IFIFO
            let fd = open(path, O_RDONLY | O_CLOEXEC | (waitsInPoll ? O_NONBLOCK : 0))
            guard fd >= 0 else {
                throw ImportError(.unreadable, source: name,
                                  reason: "cannot open: \(String(cString: strerror(errno)))")
            }
            if waitsInPoll { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) }
            var opened = stat()
            readsStream = fstat(fd, &opened) == 0 && (opened.st_mode & S_IFMT) != S_IFREG
            descriptor = fd
            ownsDescriptor = true
        }
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// Reads more bytes from the origin; an empty array means the end.
    private func readRaw() throws(ImportError) -> [UInt8] {
        if let interruption {
            if interruption.isInterrupted { throw ImportInterruption.error(source: name) }
            if memory == nil, entryStream == nil { try waitForInput(interruption) }
        }
        if let entryStream {
            let chunk = try entryStream.read(capacity: Self.chunkSize)
            progressCarry += Double(chunk.count) * progressShare
            let whole = Int(progressCarry)
            progressCarry -= Double(whole)
            interruption?.progress.add(bytes: whole)
            return chunk
        }
        if let memory {
            let end = min(memory.count, memoryOffset + Self.chunkSize)
            defer { memoryOffset = end }
            if countsProgress { interruption?.progress.add(bytes: end - memoryOffset) }
            return Array(memory[memoryOffset..<end])
        }
        while true {
            // Uninitialised: read() fills what it returns, and nothing else is kept.
            var failure: Int32 = 0
            let chunk = [UInt8](unsafeUninitializedCapacity: Self.chunkSize) { buffer, initialized in
                let count = read(descriptor, buffer.baseAddress, Self.chunkSize)
                initialized = max(count, 0)
                if count < 0 { failure = errno }
            }
            if failure == 0 {
                if countsProgress { interruption?.progress.add(bytes: chunk.count) }
                return chunk
            }
            if failure == EINTR { continue }
            throw ImportError(.unreadable, source: name,
                              reason: "cannot read: \(String(cString: strerror(failure)))")
        }
    }

    /// Waits until the descriptor has input (or its end) or the import is interrupted.
    private func waitForInput(_ interruption: ImportInterruption) throws(ImportError) {
        guard interruption.wakeDescriptor >= 0 else { return }
        var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: interruption.wakeDescriptor, events: Int16(POLLIN), revents: 0)]
        while true {
            let ready = poll(&descriptors, 2, -1)
            if ready < 0, errno == EINTR { continue }
            if descriptors[1].revents != 0 || interruption.isInterrupted {
                throw ImportInterruption.error(source: name)
            }
            // Input, its end or an error: read() tells which.
            return
        }
    }

    /// Makes at least `count` bytes available in ``lookahead``, unless the input is shorter.
    func fill(atLeast count: Int) throws(ImportError) {
        while lookahead.count < count, !reachedEnd {
            let chunk = try readRaw()
            if chunk.isEmpty { reachedEnd = true } else { lookahead += chunk }
        }
    }

    /// The next bytes of the input, look-ahead first; empty at the end.
    func nextChunk() throws(ImportError) -> [UInt8] {
        if !lookahead.isEmpty {
            defer { lookahead = [] }
            return lookahead
        }
        if reachedEnd { return [] }
        let chunk = try readRaw()
        if chunk.isEmpty { reachedEnd = true }
        return chunk
    }
}
