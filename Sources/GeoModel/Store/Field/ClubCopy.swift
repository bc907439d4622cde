import Foundation
import GRDB

/// A read-only copy of a club store's caches on this machine (``FieldFiles/copyPath``),
/// refreshed by `geocache-tui sync` and by an open form while the server answers, and
/// shown by the form and `list` when the server cannot be reached.
///
/// The copy is an ordinary store file (the caches with their codes, places and
/// listings, each under the identifier the club store gave it, so in the club store's
/// order) with tables of its own: `club_copy`, holding when it was refreshed and the area
/// it holds, and the club's record of each cache and the standing of the role that
/// refreshed it (`ClubCopy+Club.swift`). An identifier (`list --ids`, `--id N`) thus names the same cache on the
/// copy as on the server, and a position counts the copy's caches in the server's
/// order. A refresh writes a new file beside it and renames it into place, so a reader
/// sees the old copy or the new one, never half of one; the file is left in
/// rollback-journal mode and read-only (mode 0400), so a reader opens it with no side
/// files and nothing is ever written into it.
///
/// Between refreshes, what this machine stores on the club store is written into it
/// (``patch(_:)``, by the write session), each time as a new file renamed into place.
///
/// Nothing in it is taken on trust: a copy that is not an SQLite file, whose pages
/// SQLite's quick check finds broken, or whose `club_copy` row holds a value this
/// version cannot believe (a refresh time that is not a time, a centre off the Earth,
/// a radius beyond half its circumference) is damaged. It is set aside, renamed beside
/// itself (``FieldFileSetAside``), and there is no copy until the next refresh.
///
/// ```swift
/// let copy = ClubCopy(files: FieldFiles(serverURL: url))
/// try copy.refresh(from: clubStore, area: nil)
/// let offline = try copy.open()
/// offline.readOnlyReason   // "club store away; showing the copy of just now"
/// ```
public final class ClubCopy {
    /// Which caches a copy holds: all, or those within ``radius`` metres of ``center``.
    public struct Area: Equatable, Sendable {
        /// The place the distances are measured from.
        public let center: Coordinate
        /// The greatest distance, in metres, of a cache the copy holds.
        public let radius: Double

        /// The caches within `radius` metres of `center`.
        public init(center: Coordinate, radius: Double) {
            self.center = center
            self.radius = radius
        }

        /// The greatest radius an area has, in metres: half the Earth's circumference
        /// (``Coordinate/halfCircumference``), which reaches every place from any centre.
        public static let greatestRadius = Coordinate.halfCircumference
    }

    /// The files it lives in.
    public let files: FieldFiles

    /// The copy of the club store whose files are `files`.
    public init(files: FieldFiles) {
        self.files = files
    }

    /// When the copy was last refreshed, or nil when there is none.
    ///
    /// - Throws: ``FieldFileSetAside`` when the copy was damaged: it is set aside, and
    ///   there is none now; ``StoreError`` when it cannot be read (left as it is).
    public func refreshedAt() throws -> Date? {
        try readMeta()?.refreshedAt
    }

    /// The area the copy holds (nil: every cache, or no copy).
    ///
    /// - Throws: what ``refreshedAt()`` throws.
    public func area() throws -> Area? {
        try readMeta()?.area
    }

    /// Replaces the copy with the caches of `store` (all of them, or those in `area`),
    /// read in one snapshot, written to a new file renamed into place; returns how many.
    ///
    /// Every cache keeps the identifier `store` gave it (``StoredCache/id``), and so
    /// its place in the store's order. The caches of an area are read nearest first
    /// from its center until one lies farther than its radius (caches without a place
    /// are left out, as are caches past the edge), and kept in the store's order.
    /// The new file is written and renamed holding the copy's lock, with the patches this
    /// process sent after the read began written over it (``patch(_:)``).
    /// Throws what reading `store` throws, or ``StoreError`` for the copy's files; the
    /// old copy is then left as it was.
    @discardableResult
    public func refresh(from store: any CacheStore, area: Area?) throws -> Int {
        let readFrom = ContinuousClock.now
        var caches: [StoredCache] = []
        if let area {
            caches = try Self.caches(of: store, in: area)
        } else {
            try store.forEachCache { caches.append($0) }
        }
        let own = try store.ownData(includingVisits: true)
        return try withLock {
            let temporary = Self.newFileName(in: files.directory)
            defer { StoreFile.removeWithSideFiles(temporary) }
            // What this process stored after the read began may be missing from it.
            let since = CopyPatchLog.shared.patches(of: files.copyPath, sentFrom: readFrom)
            try Self.write(caches, own: own, standing: store.clubStanding, refreshedAt: Date(), area: area,
                           patches: since, to: temporary)
            try replaceCopy(with: temporary)
            CopyPatchLog.shared.refreshed(files.copyPath, readFrom: readFrom)
            return caches.count
        }
    }

    /// A name for a new copy file in `directory`, renamed over the copy once written:
    /// `copy.sqlite.new-PID-XXXXXXXX`, so that one a process left when it ended can be told
    /// (``removeAbandonedFiles()``). A refresh makes it as a store file (mode 0600).
    static func newFileName(in directory: String) -> String {
        directory + "/copy.sqlite.new-\(getpid())-\(UUID().uuidString.prefix(8))"
    }

    /// Makes a new, empty copy file in `directory` with mode 0600 (SQLite gives the
    /// journal beside it the same), for a patch's copy of the copy; returns its path.
    static func makeNewFile(in directory: String) throws -> String {
        let path = newFileName(in: directory)
        let descriptor = Glibc.open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw StoreError.cannotCreate(path: path, reason: String(cString: strerror(errno))) }
        close(descriptor)
        return path
    }

    /// Renames `temporary`, a new copy written whole, over the copy, durably.
    func replaceCopy(with temporary: String) throws {
        guard rename(temporary, files.copyPath) == 0 else {
            throw StoreError.cannotCreate(path: files.copyPath, reason: "renaming the new copy into place failed: "
                                          + String(cString: strerror(errno)))
        }
        Self.syncDirectory(files.directory)
    }

    /// The copy as a store that can only be read: its ``CacheStore/readOnlyReason``
    /// says how old it is ("club store away; showing the copy of 2 h ago"), its age
    /// counted from `now` onwards.
    ///
    /// Every read works as on a store file, nearest first included; every write
    /// throws ``StoreError/readOnly(path:reason:)`` with that sentence. When a refresh
    /// replaces the copy, the store's ``CacheStore/hasChangedExternally()`` says so and
    /// it reads the new copy from then on. Throws ``StoreError/noCopy(server:)`` when
    /// there is no copy yet, and ``FieldFileSetAside`` when it was damaged (its pages
    /// are checked first): it is set aside, and there is none now.
    public func open(now: Date = Date()) throws -> any CacheStore {
        try ClubCopyStore(copy: self, clockOffset: now.timeIntervalSince(Date()))
    }

    /// "2 h ago", "5 min ago", "just now", "3 days ago": the age of a copy refreshed at
    /// `date`, seen at `now`.
    ///
    /// Under a minute (either way: clocks a few seconds apart) is "just now"; under an
    /// hour, whole minutes ("1 min ago" to "59 min ago"); under two days, whole hours
    /// ("1 h ago" to "47 h ago"); from then on whole days ("2 days ago"). A date a
    /// minute or more in the future means the clock that dated the copy and this one
    /// disagree (it was ahead then, or is behind now): ``ahead(by:)`` says so.
    public static func age(of date: Date, now: Date = Date()) -> String {
        let seconds = now.timeIntervalSince(date)
        if seconds <= -60 { return ahead(by: -seconds) }
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return "\(Int(seconds / 60)) min ago"
        case ..<(48 * 3600): return "\(Int(seconds / 3600)) h ago"
        default: return "\(Int(min(seconds / 86400, 1e12))) days ago"
        }
    }

    /// The age of a copy dated `seconds` after now: "365 days from now: the clocks
    /// disagree", in the units of ``age(of:now:)``.
    static func ahead(by seconds: TimeInterval) -> String {
        let span: String
        switch seconds {
        case ..<3600: span = "\(Int(seconds / 60)) min"
        case ..<(48 * 3600): span = "\(Int(seconds / 3600)) h"
        case ..<(1e6 * 86400): span = "\(Int(seconds / 86400)) days"
        default: span = "more than a million days"
        }
        return span + " from now: the clocks disagree"
    }

    /// The sentence a copy refreshed at `date` is shown with, seen at `now`.
    static func awayReason(refreshedAt date: Date, now: Date) -> String {
        "club store away; showing the copy of \(age(of: date, now: now))"
    }

    // MARK: The file

    /// How many caches the first nearest-first read of an area asks for.
    static let firstAreaLimit = 500

    /// The caches of `store` within `area`, with their identifiers, in stored order
    /// (by identifier), from one nearest-first read: a read that ends inside the area
    /// is made again with four times the limit, so the caches read past the area's
    /// edge are at most the last read's limit.
    static func caches(of store: any CacheStore, in area: Area) throws -> [StoredCache] {
        var limit = firstAreaLimit
        while true {
            var found: [StoredCache] = []
            var pastTheEdge = false
            try store.forEachNearest(to: area.center, limit: limit) { stored, key in
                guard !pastTheEdge else { return }
                if key.distance > area.radius {
                    pastTheEdge = true
                } else {
                    found.append(stored)
                }
            }
            if pastTheEdge || found.count < limit { return found.sorted { $0.id < $1.id } }
            limit *= 4
        }
    }

    /// What the `club_copy` table holds.
    struct Meta {
        /// When the copy was refreshed.
        let refreshedAt: Date
        /// The area it holds; nil for every cache.
        let area: Area?
        /// Whether it keeps the club's records of its caches and the role's standing
        /// (``keepsClub(in:)``).
        var keepsClub = false
    }

    /// Reads the copy's `club_copy` row (after SQLite's quick check of every page when
    /// `checkingPages`); nil when there is no copy.
    ///
    /// - Throws: ``FieldFileSetAside`` when the copy is damaged (it is set aside first);
    ///   ``StoreError`` when it cannot be read now.
    func readMeta(checkingPages: Bool = false) throws -> Meta? {
        let path = files.copyPath
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: SQLiteStore.readOnlyURI(for: path), configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db in
                if checkingPages { try FieldFileDamage.quickCheck(db) }
                return try Self.recordedFacts(in: db)
            }
        } catch {
            return try setAsideIfDamaged(error)
        }
    }

    /// When `error` (met reading the copy) means that it is damaged, sets it aside and
    /// throws ``FieldFileSetAside``, or returns nil when another process set it aside
    /// first; otherwise throws it as a ``StoreError``.
    func setAsideIfDamaged(_ error: any Error) throws -> Meta? {
        if let setAside = error as? FieldFileSetAside { throw setAside }
        guard let damage = FieldFileDamage.of(error) else { throw StoreError(wrapping: error, path: files.copyPath) }
        if let setAside = try FieldFileSetAside.setAside(.copy, at: files.copyPath, because: damage.reason) {
            throw setAside
        }
        return nil
    }

    /// The times a copy can have been refreshed at: from 1970 to the end of year 9999.
    static let believableTimes: ClosedRange<Double> = 0...253_402_300_799

    /// The `club_copy` row of the copy open in `db`, read with GRDB's throwing API.
    ///
    /// - Throws: ``FieldFileDamage`` when it has none, or holds a value no refresh
    ///   writes: a refresh time that is not a time from 1970 to 9999, a centre that is
    ///   not a place on the Earth in whole microdegrees, a radius that is not a distance
    ///   up to ``Area/greatestRadius``, or an area given in part; or whose club records
    ///   are not as their version says (``keepsClub(in:)``).
    static func recordedFacts(in db: Database) throws -> Meta {
        guard try db.tableExists("club_copy"), let row = try GRDB.Row.fetchOne(db, sql: """
            SELECT refreshed_at, center_latitude, center_longitude, radius FROM club_copy
            """) else { throw FieldFileDamage(reason: "it holds no record of its refresh") }
        let values = try (0..<4).map { try row.decode(DatabaseValue.self, atIndex: $0) }
        guard let seconds = Double.fromDatabaseValue(values[0]), believableTimes.contains(seconds) else {
            throw FieldFileDamage(reason: "its refresh time, \(shown(values[0])), is not a time")
        }
        let refreshedAt = Date(timeIntervalSince1970: seconds)
        let keepsClub = try keepsClub(in: db)
        if values[1...].allSatisfy(\.isNull) { return Meta(refreshedAt: refreshedAt, area: nil, keepsClub: keepsClub) }
        guard let latitude = Int64.fromDatabaseValue(values[1]).flatMap(Int32.init(exactly:)),
              let longitude = Int64.fromDatabaseValue(values[2]).flatMap(Int32.init(exactly:)),
              let center = Coordinate(latitudeMicrodegrees: latitude, longitudeMicrodegrees: longitude) else {
            throw FieldFileDamage(reason: "its area's centre, \(shown(values[1])), \(shown(values[2])) microdegrees, is not a place")
        }
        guard let radius = Double.fromDatabaseValue(values[3]), radius > 0, radius <= Area.greatestRadius else {
            throw FieldFileDamage(reason: "its area's radius, \(shown(values[3])) m, is not a distance up to "
                                  + Coordinate.distanceText(metres: Area.greatestRadius))
        }
        return Meta(refreshedAt: refreshedAt, area: Area(center: center, radius: radius), keepsClub: keepsClub)
    }

    /// A value of the `club_copy` row as a message names it: a number as written, a text
    /// quoted (cut at 40 characters, its control characters escaped), bytes counted.
    private static func shown(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: "empty"
        case .int64(let number): String(number)
        case .double(let number): String(number)
        case .string(let text): "\u{201C}" + MessageValue.shown(text) + "\u{201D}"
        case .blob(let bytes): bytes.count == 1 ? "1 byte of binary data" : "\(bytes.count) bytes of binary data"
        }
    }

    /// Writes `caches`, each under its own identifier, the `club_copy` row, the club's
    /// records of the caches and `standing` (`ClubCopy+Club.swift`), the person's data,
    /// and then `patches` into a new store file at `path`, sealed (``seal(_:_:)``).
    private static func write(_ caches: [StoredCache], own: OwnData.Book, standing: ClubStanding?, refreshedAt: Date,
                              area: Area?, patches: [CopyPatch], to path: String) throws {
        StoreFile.removeWithSideFiles(path)
        let store = try SQLiteStore(path: path)
        do {
            try store.replaceCaches(keepingIdentifiers: caches)
            try store.queue.close()
        } catch {
            try? store.queue.close()
            throw StoreError(wrapping: error, path: path)
        }
        try seal(path) { db in
            try createTables(in: db)
            try db.execute(sql: "INSERT INTO club_copy VALUES (?, ?, ?, ?)", arguments: [
                refreshedAt.timeIntervalSince1970, area?.center.latitudeMicrodegrees,
                area?.center.longitudeMicrodegrees, area?.radius])
            try writeClub(of: caches, standing: standing, in: db)
            for (code, data) in own.byCode { try SQLiteStore.setOwnData(data, forCode: code, in: db) }
            for visits in own.visitsByCode.values {
                for visit in visits { _ = try SQLiteStore.insertVisit(visit.normalized, in: db) }
            }
            try write(patches, in: db, path: path)
        }
    }

    /// Writes `body` into the new copy file at `path` in one transaction, leaves the file
    /// in rollback-journal mode with no side files, closes it, and makes it durable and
    /// read-only (mode 0400): a copy is never written in place.
    static func seal(_ path: String, _ body: (Database) throws -> Void) throws {
        do {
            let queue = try DatabaseQueue(path: path)
            do {
                try queue.writeWithoutTransaction { db in
                    try db.inTransaction(.immediate) {
                        try body(db)
                        return .commit
                    }
                    _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")
                }
                try queue.close()
            } catch {
                try? queue.close()
                throw error
            }
        } catch {
            throw StoreError(wrapping: error, path: path)
        }
        for side in StoreFile.sideSuffixes { unlink(path + side) }
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        if descriptor >= 0 {
            fsync(descriptor)
            close(descriptor)
        }
        guard chmod(path, 0o400) == 0 else {
            throw StoreError.cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// Makes a rename in `directory` durable.
    static func syncDirectory(_ directory: String) {
        let descriptor = Glibc.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
