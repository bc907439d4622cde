import Foundation

/// Which club database this machine's files came from: the identity the club store
/// gave (``PostgresStore/clubIdentity``), recorded in `club-id` beside the outbox and
/// the copy, so that a database that answers at the same URL but is another club (one
/// dropped and created again, another server on the same host and port) neither gets
/// the changes kept here nor replaces the copy.
///
/// One file for the directory, not a column in each of its files: the outbox, the copy
/// and the drafts there always follow one club (the directory's), and adopting another
/// is then one rename. Trust on first use: files made before the club had an identity,
/// or before this version, take the first one the server gives. Files holding nothing
/// (no copy, no change waiting) take a new identity without a word: nothing is lost.
extension FieldFiles {
    /// The file holding the identity of the club the files came from.
    public var clubPath: String { directory + "/club-id" }

    /// The identity recorded, or nil when none is (or it cannot be read: then it is
    /// written anew, as on first use).
    public func recordedClub() -> String? {
        guard let data = FileManager.default.contents(atPath: clubPath),
              let text = String(data: data, encoding: .utf8) else { return nil }
        let identity = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return identity.isEmpty ? nil : identity
    }

    /// Records `identity` as the club the files follow: written beside, made durable and
    /// renamed over the old record (mode 0600), so a reader sees one or the other.
    public func recordClub(_ identity: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let temporary = clubPath + ".new-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw StoreError.cannotCreate(path: clubPath, reason: String(cString: strerror(errno)))
        }
        let bytes = Array((identity + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor)
        close(descriptor)
        guard written == bytes.count, synced == 0, rename(temporary, clubPath) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw StoreError.cannotCreate(path: clubPath, reason: reason)
        }
        ClubCopy.syncDirectory(directory)
    }

    /// What the files keep now: the copy's size and date, the changes waiting. Reading
    /// never makes a file.
    public func kept() -> ClubKept {
        var copyCaches: Int?
        var refreshedAt: Date?
        var status = stat()
        if lstat(copyPath, &status) == 0 {
            let copy = ClubCopy(files: self)
            refreshedAt = try? copy.refreshedAt()
            if refreshedAt != nil { copyCaches = (try? copy.open().count()) ?? 0 }
        }
        var waiting = 0
        if lstat(outboxPath, &status) == 0 { waiting = (try? Outbox(files: self).count()) ?? 0 }
        return ClubKept(copyCaches: copyCaches, copyRefreshedAt: refreshedAt, waiting: waiting)
    }

    /// When ``checkClub(of:_:)`` compares.
    public enum ClubCheck: Equatable, Sendable {
        /// Only when the files may keep something (a copy, an outbox or a drafts file is
        /// there): a command on a machine that never kept anything costs no round trip
        /// more, and a form that never did leaves no file behind.
        case whenKept
        /// Always, recording the identity when none is recorded (`sync` and the form's
        /// refresh, which make a copy).
        case always
        /// Always, and the store's identity is recorded whatever was (`sync --adopt-club`).
        case adopting
    }

    /// Checks that `store`, just opened from these files' URL, is the club database the
    /// files came from, and records its identity when they record none yet (trust on
    /// first use), or hold nothing, or `check` adopts it. A store that is not a club
    /// server's passes.
    /// - Throws: ``StoreError/anotherClub(server:kept:)``, with what the files keep,
    ///   when the store is another club database and the files keep anything; what
    ///   reading the identity met.
    public func checkClub(of store: any CacheStore, _ check: ClubCheck = .whenKept) throws {
        guard let club = store as? PostgresStore else { return }
        let mayHold = [copyPath, outboxPath, LocalDrafts(files: self).path].contains { path in
            var status = stat()
            return lstat(path, &status) == 0
        }
        guard mayHold || check != .whenKept else { return }
        guard let identity = try club.readClubIdentity() else { return }
        let recorded = recordedClub()
        guard recorded != identity else { return }
        if recorded != nil, check != .adopting {
            let kept = kept()
            if kept.holdsAnything { throw StoreError.anotherClub(server: club.name, kept: kept) }
        }
        try recordClub(identity)
    }
}
