import Foundation
import GRDB

extension SQLiteStore {
    /// Imports every cache read from `sources` in one transaction: either all the
    /// accepted caches are stored, or nothing is.
    ///
    /// Each source's format is detected from its content (``CacheImporter``). The code
    /// is a cache's identity: a cache whose code is stored (also by a record read
    /// earlier in this import) updates that cache to
    /// ``GeoCache/updated(byImporting:coverage:)`` when that changes it, or is skipped
    /// when `existing` is ``ExistingCaches/keep`` (unless this import added it); a
    /// cache with a code not stored is added with it. Each stored cache named is
    /// counted once, updated when the import leaves it different, else unchanged
    /// (``StoredCacheTally``). A
    /// cache without a code that is identical in all four fields to one already stored,
    /// or to one read earlier in this import, is a duplicate: counted, not stored
    /// again; otherwise it is added with a new code. A GPX waypoint that is
    /// not a geocache is counted and skipped; an additional waypoint (a parking, a
    /// stage) goes to its cache, in the import or stored, whichever file it came in
    /// (``PendingWaypoints``), and one whose cache is nowhere is named in the report.
    /// Records that cannot become valid caches are rejected: with `skipInvalid` false (the default) the whole import is
    /// refused with an ``ImportError`` of kind ``ImportError/Kind/invalidRecords``
    /// listing them; with `skipInvalid` true the valid caches are stored and the
    /// rejected ones are listed in the report.
    ///
    /// The whole input is read and checked before the store is locked: the caches go
    /// into an `ImportSpool` (a temporary file, with their digests and search
    /// patches), and only then does one transaction take the write lock and write them,
    /// so an import waiting for input (a pipe, a terminal) keeps no other session or
    /// form from writing. Invalid records are refused before that transaction begins.
    /// The transaction runs on a connection of its own (the file is the one this
    /// store opened and checked), so this store, like any other process on the file,
    /// sees the new caches through ``hasChangedExternally()``.
    ///
    /// `interruption` stops the import from another thread: the reading stops (also
    /// while waiting for input), or the writing's transaction rolls back, and an
    /// ``ImportError`` of kind ``ImportError/Kind/interrupted`` is thrown. It is checked last just before the
    /// commit; once the commit has begun, the import completes and returns its report.
    ///
    /// - Throws: ``ImportError`` for an unusable input or an interruption (nothing is
    ///   stored), ``StoreError`` when the store cannot be written.
    public func importCaches(from sources: [ImportSource], skipInvalid: Bool, existing: ExistingCaches,
                             interruption: ImportInterruption?, as _: WriteID) throws -> ImportReport {
        try ensureAttached()
        try completePendingRows()
        let names = sources.map(\.name).joined(separator: ", ")
        if interruption?.isInterrupted == true { throw ImportInterruption.error(source: names) }
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path, configuration: Self.connectionConfiguration(label: "geocache-tui import"))
        } catch {
            throw StoreError(wrapping: error, path: path)
        }
        defer { try? queue.close() }

        // The whole input is read and checked first, into a spool file, holding no lock on
        // the store: an import waiting on a pipe or a terminal keeps no other session from
        // writing. The write lock is taken only for the writing, from the spool.
        var report = ImportReport()
        let spool = try ImportSpool(names: names)
        let waypoints = PendingWaypoints()
        try stage(sources, into: spool, waypoints: waypoints, report: &report, interruption: interruption)
        if !skipInvalid, !report.rejections.isEmpty {
            throw ImportError.invalidRecords(report.rejections, sources: sources)
        }
        if interruption?.isInterrupted == true { throw ImportInterruption.error(source: names) }
        try spool.rewind()
        do {
            try queue.writeWithoutTransaction { db in
                // Statement journals in memory, should SQLite need one (the import's
                // inserts need none: `ImportRowWriter`): by default they are temporary
                // files, which cost page-sized writes for every cache when every insert
                // fired the counter trigger.
                try db.execute(sql: "PRAGMA temp_store = MEMORY")
                // A page cache of 16 MB instead of SQLite's 2 MB: each insert also goes into
                // the digest index at a random place, and with 2 MB those index pages were
                // written out to the log and read back again and again (docs/performance.md
                // has the counts). Memory stays bounded: the cache never holds more,
                // whatever the input's size.
                try db.execute(sql: "PRAGMA cache_size = -16000")
                var wasAsRecorded = false
                try db.inTransaction(.immediate) {
                    wasAsRecorded = StoreFile.CheckRecord.matches(path, identity)
                    // This connection opened before the input was read: the file it
                    // remembers must still be the file there (a copy over it, meanwhile).
                    let mark = try Self.checkAndRenewMark(db, path: path)
                    // The shared insert also stores the digest and the search patch.
                    let writer = try ImportRowWriter(db, importing: spool.count)
                    var written = 0
                    try spool.forEach { entry in
                        let derived = entry.extra.flatMap(ImportRowWriter.Derivation.decode)
                        // The listing goes in as the spool's bytes, made into values only
                        // where it may be merged: with waypoints waiting for the cache
                        // (their digest and search patch, of its four fields, stay as
                        // they are), or over a cache stored under its code.
                        var cache = entry.cacheWithoutListing
                        var listing: [UInt8]? = entry.listingBytes
                        var attached = 0
                        if let code = cache.code.flatMap(CacheCode.normalized),
                           waypoints.waits(forCode: code) || writer.mayBeStored(code) {
                            guard let decoded = entry.withListing() else { throw spool.damaged() }
                            cache = decoded
                            attached = waypoints.attach(to: &cache)
                            if attached > 0 { listing = nil }
                        }
                        // A cache of many logs merged with stored ones checks as it goes.
                        switch try writer.store(cache, coverage: entry.coverage, existing: existing,
                                                derived: derived, listing: listing,
                                                checking: { () throws(ImportError) in try interruption?.check(source: names) }) {
                        case .added: report.added += 1
                        case .duplicate: report.duplicates += 1
                        case .named(let precedence?): report.count(precedence)
                        // Kept as stored (`--keep-existing`): its waypoints were not given to it.
                        case .named(nil): waypoints.leaveOut(attached)
                        }
                        written += 1
                        if written % 4096 == 0, interruption?.isInterrupted == true {
                            throw ImportInterruption.error(source: names)
                        }
                    }
                    try writer.attachWaiting(waypoints, existing: existing, into: &report)
                    try writer.finish()
                    writer.tally.add(to: &report)
                    if let change = fileChange() { throw change }
                    try Self.checkMarkKept(db, mark, path: path)
                    if interruption?.isInterrupted == true { throw ImportInterruption.error(source: names) }
                    return .commit
                }
                // As for every write: the commit copied into the store file before it is
                // reported, and the file's check record kept up to date; then the log,
                // as large as the import, emptied (the store's files were twice the size).
                try checkpointCommit(db, wasAsRecorded: wasAsRecorded, truncatingLog: true)
            }
        } catch let error as ImportError {
            throw error
        } catch let error as StoreError {
            if error.meansTheFileIsGone { detach(because: error) }
            throw error
        } catch {
            throw StoreError(wrapping: error, path: path)
        }
        return report
    }

    /// Reads `sources` into `spool`, each cache with its digest and search patch, and
    /// each additional waypoint into `waypoints`, and counts the rejected records and the
    /// waypoints that are not geocaches into `report`. Touches no store.
    private func stage(_ sources: [ImportSource], into spool: ImportSpool, waypoints: PendingWaypoints,
                       report: inout ImportReport,
                       interruption: ImportInterruption?) throws {
        // Reading (parsing) runs on a thread of its own while this one maps the waypoints
        // to caches, works out each cache's digest and search patch and spools them: on
        // two cores they overlap.
        let derivation = ImportRowWriter.Derivation()
        try RecordPipe.read(sources, interruption: interruption) { record in
            switch record {
            case .cache(let cache, _, let coverage):
                let derived = derivation.derived(for: cache)
                try spool.append(cache, coverage: coverage, extra: ImportRowWriter.Derivation.encode(derived))
            case .rejected(let rejection):
                report.rejections.append(rejection)
            case .notAGeocache:
                report.notGeocaches += 1
            case .waypoint(let waypoint, let parent, _, let coverage, let asOf):
                waypoints.add(AdditionalWaypoint.Incoming(waypoint, coverage: coverage, asOf: asOf), parent: parent)
            }
        }
    }
}
