import Foundation

/// The drafts a club store's forms kept on this machine while its copy was shown
/// (`drafts.sqlite` in the store's ``FieldFiles`` directory, a ``SQLiteStore`` holding
/// drafts only), and their move to the club store once its server answers (issue 34).
///
/// A move takes every draft of the file that no live session holds (a form still
/// running on the copy keeps its own), and writes each to the club store's drafts,
/// oldest first, so that the most recent is the one the club store gives first
/// (``CacheStore/keepDraft(_:in:holding:as:)``); each is deleted from the file only
/// once the club store has committed it. A move that stops (the server went away, the
/// file could not be written) leaves the rest in the file, free, for the next move:
/// nothing is lost, and a move never stops a form.
///
/// Each write carries a ``WriteID``, recorded beside the file (`drafts-moving/`, one
/// small file per draft, with a digest of the draft's text) before the write is sent.
/// A write whose reply was lost is settled by the store itself; one it could not
/// settle in time is settled by the next move (``CacheStore/settleWrite(_:)``) before
/// it sends anything, so a draft is never written to the club store twice.
struct LocalDrafts {
    /// The club store's files on this machine.
    let files: FieldFiles

    /// The drafts of the club store whose files on this machine are `files`.
    init(files: FieldFiles) {
        self.files = files
    }

    /// The draft file's path.
    var path: String { files.directory + "/drafts.sqlite" }

    /// The directory of the write identifiers of drafts being moved.
    var movingDirectory: String { files.directory + "/drafts-moving" }

    /// The draft file, made (with its directory) when missing.
    func open() throws -> SQLiteStore {
        try SQLiteStore(path: path, createIntermediateDirectories: true)
    }

    /// The draft file when this machine has one; nil when it has none or it cannot be
    /// opened. Never makes one.
    func openIfPresent() -> SQLiteStore? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try? SQLiteStore(path: path)
    }

    /// What a move did.
    struct Move {
        /// How many drafts of the file the club store has now.
        var moved = 0
        /// Where the club store keeps the draft the session held in the file, held by the
        /// club store's session; nil when there was none, when it did not move, or when an
        /// earlier move had written it already (it is then free there).
        var held: DraftID?
        /// What stopped the move, nil when every draft moved; those left are in the file.
        var stoppedBy: (any Error)?
    }

    /// Moves to `club` every draft of `local` that no live session holds (left free
    /// there for any form to take) and the draft `held` this session holds in `local`
    /// (its text as kept), which the club store's session goes on holding. See the
    /// type's description; never throws: what stops it is in the answer.
    func move(from local: SQLiteStore, to club: any CacheStore,
              holding held: (id: DraftID, draft: FormDraft)? = nil) -> Move {
        var result = Move()
        var queue: [(id: DraftID, draft: FormDraft, holding: Bool)] = []
        if let held { queue.append((held.id, held.draft, true)) }
        do {
            var before: DraftID?
            while let taken = try local.takeDraft(before: before) {
                queue.append((taken.id, taken.draft, false))
                before = taken.id
            }
        } catch {
            result.stoppedBy = error
        }
        queue.sort { $0.id < $1.id }
        var next = queue.startIndex
        if result.stoppedBy == nil {
            while next < queue.endIndex {
                let draft = queue[next]
                do {
                    let id = try moveOne(draft.id, draft.draft, holding: draft.holding, from: local, to: club)
                    if draft.holding { result.held = id }
                    result.moved += 1
                } catch {
                    result.stoppedBy = error
                    break
                }
                next += 1
            }
        }
        for left in queue[next...] { try? local.releaseDraft(left.id) }
        if (try? local.keptDrafts().isEmpty) == true { try? FileManager.default.removeItem(atPath: movingDirectory) }
        return result
    }

    /// For a form opening live on `club`, whose opening read `contents` and took its
    /// draft: moves the drafts of this machine's file, if it has any, and then takes
    /// the most recent draft again (a moved one), leaving the one the opening took for
    /// another form. `contents` as they were when nothing moved.
    func moveBeforeTaking(to club: any CacheStore, contents: StoreContents) -> StoreContents {
        guard let local = openIfPresent() else { return contents }
        guard move(from: local, to: club).moved > 0 else { return contents }
        do {
            if let taken = contents.draft { try club.releaseDraft(taken.id) }
        } catch {
            return contents
        }
        let draft = (try? club.takeDraft(before: nil)) ?? nil
        return StoreContents(count: contents.count, first: contents.first, draft: draft)
    }

    /// Writes the draft `id` of `local` (its text `draft`) to `club`, then deletes it
    /// from `local`; returns the club store's identity of it, nil when an earlier move's
    /// write (recorded, settled now) had stored it already.
    private func moveOne(_ id: DraftID, _ draft: FormDraft, holding: Bool,
                         from local: SQLiteStore, to club: any CacheStore) throws -> DraftID? {
        let digest = Self.digest(of: draft)
        var stored: DraftID?
        var storedEarlier = false
        if let earlier = recordedWrite(of: id, digest: digest), case .stored = try club.settleWrite(earlier) {
            storedEarlier = true
        }
        if !storedEarlier {
            let write = WriteID()
            try record(write, of: id, digest: digest)
            stored = try club.keepDraft(draft, in: nil, holding: holding, as: write)
        }
        _ = try local.keepDraft(FormDraft(fields: [:]), in: id, holding: false)
        try? FileManager.default.removeItem(atPath: recordPath(of: id))
        return stored
    }

    // MARK: - Write identifiers of drafts being moved

    /// The file recording the write that moves the draft `id`.
    private func recordPath(of id: DraftID) -> String {
        movingDirectory + "/\(id.rawValue)"
    }

    /// Records that the draft `id` whose text has the digest `digest` is being written to
    /// the club store as `write` (a file of mode 0600, in the page cache when this
    /// returns: a kill of the process cannot lose it). A record cut short is not read,
    /// and was written before anything was sent.
    func record(_ write: WriteID, of id: DraftID, digest: String) throws {
        try FileManager.default.createDirectory(atPath: movingDirectory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        guard FileManager.default.createFile(atPath: recordPath(of: id), contents: Data("\(write)\n\(digest)\n".utf8),
                                             attributes: [.posixPermissions: 0o600]) else {
            throw StoreError.cannotCreate(path: recordPath(of: id), reason: "its directory cannot be written")
        }
    }

    /// The write recorded for the draft `id`, when its digest is `digest`: a record of
    /// other text is of an earlier draft of that identity (a file made anew), and is
    /// passed over.
    private func recordedWrite(of id: DraftID, digest: String) -> WriteID? {
        guard let text = try? String(contentsOfFile: recordPath(of: id), encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n").map(String.init)
        guard lines.count == 2, lines[1] == digest, let uuid = UUID(uuidString: lines[0]) else { return nil }
        return WriteID(uuid: uuid)
    }

    /// The digest of `draft`'s text a record carries (SHA-256 of ``FormDraft``'s stored form).
    static func digest(of draft: FormDraft) -> String {
        SHA256.hex(of: draft.encoded())
    }
}
