import Foundation

/// Field notes as `import` meets them: a file recognised by its content, read whole
/// (field notes are small: one line a visit) up to a limit.
extension FieldNotes {
    /// The largest field-notes file read: far beyond any device's (a visit is a line).
    public static let maximumFileBytes = 64 << 20

    /// Why a field-notes file could not be read.
    public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
        public let path: String
        public let reason: String

        /// `PATH: REASON`, the path's control characters escaped (``MessageValue/name(_:)``).
        public var description: String { "\(MessageValue.name(path)): \(reason)" }
    }

    /// Whether the file at `path` holds field notes (its first line is a visit's), read
    /// from its first bytes; false for one that cannot be read (the import says why),
    /// and for anything but a regular file: a FIFO, a device or a process substitution
    /// can be read only once, by the import of caches.
    public static func isFieldNotesFile(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
              let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let start = try? handle.read(upToCount: 4096), !start.isEmpty else { return false }
        return recognises(Array(start))
    }

    /// The visits the field-notes file at `path` holds that writing `visits` over it
    /// would take away (a file from an earlier export, perhaps not uploaded yet), in the
    /// file's order; none when there is no such file, or it is not field notes.
    /// - Throws: ``FileError`` for field notes that cannot be read, and for a file that
    ///   cannot be opened to read at all (mode 0200, 0000): what they hold is not known,
    ///   so they are not to be written over either.
    public static func visitsOnlyIn(_ path: String, beside visits: [Visit]) throws(FileError) -> [Visit] {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return [] }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw FileError(path: path, reason: "it cannot be opened to read (\(String(cString: strerror(errno))))")
        }
        close(descriptor)
        guard isFieldNotesFile(path) else { return [] }
        let reading = try readFile(path)
        // Both as field notes hold them: to the minute (a file another tool wrote may
        // give seconds), the text as quoted.
        let written = Set(read(document(for: visits)).visits)
        return reading.visits.filter { visit in
            var minute = visit
            minute.time = utcTime(minuteTime(visit.time)) ?? visit.time
            return !written.contains(minute)
        }
    }

    /// The visits in the file at `path`, and the problems of its lines.
    /// - Throws: ``FileError`` when it cannot be read, is larger than ``maximumFileBytes``
    ///   or holds a sequence that is no character in its encoding.
    public static func readFile(_ path: String) throws(FileError) -> Reading {
        let bytes: Data
        do {
            let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
            guard size <= maximumFileBytes else {
                throw FileError(path: path, reason: "it is larger than \(maximumFileBytes >> 20) MB, too large for field notes")
            }
            bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch let error as FileError {
            throw error
        } catch {
            throw FileError(path: path, reason: (error as NSError).localizedDescription)
        }
        let all = Array(bytes)
        if let problem = encodingProblem(all) {
            throw FileError(path: path, reason: problem + "; field notes are UTF-8 or UTF-16")
        }
        return read(all)
    }
}

extension FieldNotes {
    /// The lock one field-notes export of this user holds from reading the visits not
    /// exported yet until it has marked those it wrote: a second export at the same time
    /// waits for it, then finds them exported, so no visit goes into two files (and is
    /// logged twice when both are uploaded). An exclusive `flock` on
    /// `$XDG_STATE_HOME/geocache-tui/field-notes-export.lock` (else `~/.local/state/...`),
    /// released when the value is dropped; without a state directory that can be made,
    /// no lock (the export goes on, as before).
    public final class ExportLock {
        private let descriptor: Int32

        /// Takes the lock, waiting for another export that holds it.
        public init() {
            let directory = StorePath.directory(of: StoreFile.CheckRecord.directory())
            _ = try? StoreFile.createDirectory(directory, forStore: directory + "/field-notes-export.lock", intermediate: true)
            descriptor = open(directory + "/field-notes-export.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            if descriptor >= 0 { while flock(descriptor, LOCK_EX) != 0, errno == EINTR {} }
        }

        deinit {
            if descriptor >= 0 { close(descriptor) }
        }
    }
}
