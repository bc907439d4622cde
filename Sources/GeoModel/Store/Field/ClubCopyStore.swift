import Foundation

/// The club store's copy on this machine as a ``CacheStore`` that can only be read
/// (``ClubCopy/open(now:)``): every read goes to the copy's file, opened read-only as
/// an ``SQLiteStore``; every write throws ``StoreError/readOnly(path:reason:)`` saying
/// the club store is away and how old the copy is. It holds no drafts. Each cache read
/// carries the club's record the copy keeps of it (``StoredCache/club``), and
/// ``clubStanding`` is the standing of the role that refreshed the copy, so a change
/// kept here is refused up front as the club store refuses it.
///
/// A refresh renames a new file over the copy; the store notices it in
/// ``hasChangedExternally()`` (asked about once a second: it has no descriptor to wait
/// on) and reads the new file from then on.
final class ClubCopyStore: ReadOnlyCacheStore {
    /// The copy it reads.
    private let copy: ClubCopy
    /// The copy's file, opened read-only.
    private var file: SQLiteStore
    /// The device and inode of that file, to notice a refresh.
    private var identity: StoreFile.Identity
    /// When the open file's copy was refreshed.
    private var refreshedAt: Date
    /// Whether the open file keeps the club's records (a copy made before it did, not).
    private var keepsClub: Bool
    /// What the role that refreshed the open file may do there; nil when it keeps none.
    private var standing: ClubStanding?
    /// Every record of the open file, by cache, read at the first walk through its caches.
    private var records: [CacheID: ClubRecord]?
    /// Added to the clock: the `now` the copy was opened at, less the real time then.
    private let clockOffset: TimeInterval

    /// Opens the copy; throws ``StoreError/noCopy(server:)`` when there is none, and
    /// ``FieldFileSetAside`` when it was damaged (and is set aside now).
    init(copy: ClubCopy, clockOffset: TimeInterval) throws {
        self.copy = copy
        self.clockOffset = clockOffset
        (file, identity, refreshedAt, keepsClub, standing) = try Self.openFile(of: copy)
    }

    /// Checks the copy's file (every page, and its `club_copy` row), opens it and reads
    /// when it was refreshed, whether it keeps the club's records, and the standing it
    /// recorded, from the file opened; a damaged one is set aside.
    private static func openFile(of copy: ClubCopy)
        throws -> (SQLiteStore, StoreFile.Identity, Date, keepsClub: Bool, ClubStanding?) {
        let noCopy = StoreError.noCopy(server: copy.files.storeName)
        guard try copy.readMeta(checkingPages: true) != nil else { throw noCopy }
        do {
            let file = try SQLiteStore(path: copy.files.copyPath)
            let (meta, standing) = try file.queue.read { db in
                let meta = try ClubCopy.recordedFacts(in: db)
                return (meta, meta.keepsClub ? try ClubCopy.standing(in: db) : nil)
            }
            return (file, file.identity, meta.refreshedAt, meta.keepsClub, standing)
        } catch {
            _ = try copy.setAsideIfDamaged(error)
            throw noCopy
        }
    }

    /// The club store's name (its URL without the password).
    var name: String { copy.files.storeName }

    /// The club database's name, marked as the copy.
    var shortName: String {
        let database = name.split(separator: "?").first.flatMap { $0.split(separator: "/").last } ?? "club"
        return "\(database) (copy)"
    }

    /// "club store away; showing the copy of 2 h ago".
    var readOnlyReason: String? {
        ClubCopy.awayReason(refreshedAt: refreshedAt, now: Date().addingTimeInterval(clockOffset))
    }

    /// What every write throws (``ReadOnlyCacheStore``): the club store is away, and
    /// how old the copy is; a copy holds no drafts either.
    var writeRefusal: StoreError {
        .readOnly(path: name, reason: readOnlyReason ?? "")
    }

    // MARK: Reading: each cache with the club's record the copy keeps of it

    /// The number of caches in the copy.
    func count() throws -> Int { try file.count() }
    /// The copy's first cache in stored order.
    func first() throws -> StoredCache? { try withRecord(file.first()) }
    /// The copy's last cache in stored order.
    func last() throws -> StoredCache? { try withRecord(file.last()) }
    /// The cache after `id` in the copy.
    func cache(after id: CacheID) throws -> StoredCache? { try withRecord(file.cache(after: id)) }
    /// The cache before `id` in the copy.
    func cache(before id: CacheID) throws -> StoredCache? { try withRecord(file.cache(before: id)) }
    /// The cache `id` in the copy.
    func cache(_ id: CacheID) throws -> StoredCache? { try withRecord(file.cache(id)) }
    /// The cache at `position` in the copy.
    func cache(atPosition position: Int) throws -> StoredCache? { try withRecord(file.cache(atPosition: position)) }
    /// The position of `id` in the copy.
    func position(of id: CacheID) throws -> Int { try file.position(of: id) }
    /// Whether the copy holds a cache identical to `cache`.
    func contains(_ cache: GeoCache) throws -> Bool { try file.contains(cache) }
    /// Every cache of the copy, in stored order.
    func forEachCache(_ body: (StoredCache) throws -> Void) throws {
        let records = try allRecords()
        try file.forEachCache { try body(Self.with(records, $0)) }
    }
    func forEachCacheFields(_ body: (CacheFieldBytes) throws -> Void) throws { try file.forEachCacheFields(body) }
    func forEachCacheRow(_ body: (CacheRowBytes) throws -> Void) throws {
        let records = try allRecords()
        try file.forEachCacheRow { row in
            var lent = CacheRowBytes(fields: row.fields, code: row.code, coordinate: row.coordinate, listing: row.listing,
                                     club: records[row.fields.id])
            lent.foundFacts = row.foundFacts
            try body(lent)
        }
    }
    /// The copy's cache with `code`.
    func cache(withCode code: String) throws -> StoredCache? { try withRecord(file.cache(withCode: code)) }

    /// The count and the first cache; a copy holds no draft.
    func openingContents() throws -> StoreContents {
        StoreContents(count: try file.count(), first: try first(), draft: nil)
    }

    /// The copy's caches nearest first from `origin`.
    func forEachNearest(to origin: Coordinate, limit: Int?, _ body: (StoredCache, NearestKey) throws -> Void) throws {
        let records = try allRecords()
        try file.forEachNearest(to: origin, limit: limit) { try body(Self.with(records, $0), $1) }
    }

    /// The copy's caches nearest first from `origin`, from `key` on.
    func walkNearest(to origin: Coordinate, from key: NearestKey?, forward: Bool,
                     _ body: (StoredCache, NearestKey) throws -> Bool) throws {
        let records = try allRecords()
        try file.walkNearest(to: origin, from: key, forward: forward) { try body(Self.with(records, $0), $1) }
    }

    /// The copy's caches in stored order from `id` on, in one read of the copy.
    func walkStoredOrder(from id: CacheID?, forward: Bool, _ body: (StoredCache) throws -> Bool) throws {
        let records = try allRecords()
        try file.walkStoredOrder(from: id, forward: forward) { try body(Self.with(records, $0)) }
    }

    /// The copy's caches that match `text`.
    func forEachMatch(of text: String, limit: Int?, _ body: (StoredCache) throws -> Void) throws {
        let records = try allRecords()
        try file.forEachMatch(of: text, limit: limit) { try body(Self.with(records, $0)) }
    }

    /// The identifiers of the copy's caches that match `text`.
    func matchIDs(_ text: String) throws -> [CacheID] { try file.matchIDs(text) }

    /// The copy's matches of `text` with their positions.
    func forEachNumberedMatch(of text: String, _ body: (Int, StoredCache) throws -> Void) throws {
        let records = try allRecords()
        try file.forEachNumberedMatch(of: text) { try body($0, Self.with(records, $1)) }
    }

    // MARK: The club's records

    /// What the role that refreshed the copy may do on the club store, as it recorded
    /// it; nil for a copy made before copies kept it (the server decides then).
    var clubStanding: ClubStanding? { standing }

    /// `stored` with the record the copy keeps of it, looked up by its identifier.
    private func withRecord(_ stored: StoredCache?) throws -> StoredCache? {
        guard let stored, keepsClub else { return stored }
        let record = try records.map { $0[stored.id] } ?? file.queue.read { try ClubCopy.record(of: stored.id, in: $0) }
        return StoredCache(id: stored.id, cache: stored.cache, club: record)
    }

    /// Every record the copy keeps, read once for the open file.
    private func allRecords() throws -> [CacheID: ClubRecord] {
        if let records { return records }
        let read = keepsClub ? try file.queue.read(ClubCopy.records(in:)) : [:]
        records = read
        return read
    }

    /// `stored` with its record in `records`.
    private static func with(_ records: [CacheID: ClubRecord], _ stored: StoredCache) -> StoredCache {
        guard let record = records[stored.id] else { return stored }
        return StoredCache(id: stored.id, cache: stored.cache, club: record)
    }

    // MARK: The person's own data: read from the copy, writes kept by the session

    /// The person's own data and visits as the copy holds them (copied with the caches).
    func ownData(includingVisits: Bool, onlyCode: String?) throws -> OwnData.Book {
        try file.ownData(includingVisits: includingVisits, onlyCode: onlyCode)
    }
    /// The facts of the person's data as the copy holds them.
    func ownFacts() throws -> OwnData.Facts { try file.ownFacts() }
    /// None: the visits the copy holds come with the person's data, to be shown
    /// (``ownData()``); those to export are the club store's and the outbox's.
    func visits() throws -> [StoredVisit] { [] }

    // MARK: Other sessions

    /// True once a refresh put a new copy in place; the store then reads that one. A new
    /// file found damaged is set aside, and the copy opened before stays shown.
    func hasChangedExternally() throws -> Bool {
        guard let now = StoreFile.optionalIdentity(of: copy.files.copyPath), now != identity else { return false }
        do {
            (file, identity, refreshedAt, keepsClub, standing) = try Self.openFile(of: copy)
            records = nil
        } catch is FieldFileSetAside {
            return false
        } catch StoreError.noCopy {
            return false
        }
        return true
    }

    /// None: a refresh is noticed by looking (`recheckDelay`).
    var changeDescriptor: Int32? { nil }
    /// Once a second, to notice a refresh.
    var recheckDelay: Duration? { .seconds(1) }

    /// The copy opened again, with the same clock.
    func reopened() throws -> any CacheStore {
        try ClubCopyStore(copy: copy, clockOffset: clockOffset)
    }

    /// The copy's file, which an export must not write over.
    var protectedPaths: [String] { [copy.files.copyPath] }
}
