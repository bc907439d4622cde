/// A form's opening in one exchange after connecting: the schema check, `LISTEN`, the
/// count with the first window of caches (``PostgresReadAhead``) and the take of a kept
/// draft, all in one pipeline.
///
/// The draft's take is one transaction of its own segment: the newest draft of this role
/// that no live session holds is locked (`FOR UPDATE SKIP LOCKED`, so a session taking it
/// at the same moment is passed over rather than waited for) and its identity kept in a
/// transaction-local setting; the activity snapshot is cleared; the row is then claimed
/// only if its holder is still not a live session, as ``takeDraft(before:)`` claims one.
/// The segment claims nothing unless the schema is the current one, so a store refused
/// as newer was not written. When the claim finds the draft taken meanwhile, or its
/// content unreadable, ``takeDraft(before:)`` carries on in round trips of its own (rare).
extension PostgresStore {
    /// The transaction-local setting holding the identity of the draft being taken.
    private static let takingSetting = "geocache.taking_draft"

    /// The segments of a draft's take; see the type's description.
    static var draftTake: [[PostgresStatement]] {
        [[
            PostgresStatement("BEGIN"),
            PostgresStatement("""
                SELECT set_config('\(takingSetting)', coalesce((
                    SELECT id FROM geocache_form_draft d
                    WHERE role = session_user AND NOT \(heldByALiveSession)
                      AND (SELECT max(version) FROM geocache_schema) = \(migrations.count)
                    ORDER BY id DESC LIMIT 1 FOR UPDATE SKIP LOCKED)::text, ''), true)
                """),
            PostgresStatement("SELECT pg_stat_clear_snapshot()"),
            PostgresStatement("""
                UPDATE geocache_form_draft d SET holder_pid = pg_backend_pid(), holder_start = \(sessionStart)
                WHERE id = nullif(current_setting('\(takingSetting)'), '')::bigint AND NOT \(heldByALiveSession)
                RETURNING id, content
                """),
            PostgresStatement("""
                SELECT count(*) FROM geocache_form_draft d WHERE role = session_user AND NOT \(heldByALiveSession)
                """),
            PostgresStatement("COMMIT"),
        ], [PostgresStatement("ROLLBACK")]]
    }

    /// The statements of a form's opening after the session's own: the first window
    /// with the count, and the draft's take.
    static var openingReads: [[PostgresStatement]] {
        windowRead(.forward, from: nil) + draftTake
    }

    /// Opens the store for a form: one exchange (``exchange(_:)`` adds the schema check)
    /// that listens, reads the first window and the count, and takes a draft.
    func openForForm() throws -> StoreContents {
        let session = Self.sessionStatements(for: .form)
        let outcomes = try exchange(session + Self.openingReads)
        for outcome in outcomes[0..<session.count].joined() { _ = try Self.result(of: outcome, server: name) }
        return try openingContents(from: Array(outcomes.dropFirst(session.count)))
    }

    /// The count and the first cache in one snapshot, and a draft taken for the form: read
    /// while opening for a form (handed over once), else in one exchange.
    public func openingContents() throws -> StoreContents {
        if let openedContents {
            self.openedContents = nil
            return openedContents
        }
        return try openingContents(from: exchange(Self.openingReads))
    }

    /// What the outcomes of ``openingReads`` hold; the caches read start the read-ahead.
    private func openingContents(from outcomes: [[PostgresOutcome]]) throws -> StoreContents {
        let (rows, count) = try window(from: Array(outcomes[0..<2]), .forward)
        readAhead.start(forwardFrom: nil, rows: rows, count: count)
        let draft = try? takenDraft(from: outcomes[2])
        return StoreContents(count: count, first: rows.first, draft: draft)
    }

    /// The draft the take's segment claimed; when it met a draft it could not claim or
    /// read, ``takeDraft(before:)`` goes on from there.
    private func takenDraft(from take: [PostgresOutcome]) throws -> TakenDraft? {
        let candidate = try Self.result(of: take[1], in: take, server: name).rows.first?.string(0) ?? ""
        guard let id = Int(candidate) else { return nil }
        let claimed = try Self.result(of: take[3], in: take, server: name).rows.first
        guard let claimed, let bytes = claimed[1] else { return try takeDraft(before: nil) }
        guard let draft = FormDraft(encoded: bytes) else {
            try releaseDraft(DraftID(rawValue: Int64(id)))
            return try takeDraft(before: DraftID(rawValue: Int64(id)))
        }
        let others = try Self.result(of: take[4], in: take, server: name).rows.first?.int(0) ?? 0
        return TakenDraft(id: DraftID(rawValue: Int64(id)), draft: draft, othersKept: others)
    }
}
