/// The members' unsaved text on the PostgreSQL store: `geocache_form_draft`, one row per
/// draft (``FormDraft``'s encoded form, in a `jsonb` column; its texts are base64, so a
/// draft keeps NUL, which the caches' `text` columns refuse), each belonging to the role that logged in
/// (`session_user`, a column default, and a row-level security policy so that no role
/// reads another's), and held by the session that took or kept it: its backend's pid and
/// start time, alive while `pg_stat_activity` lists that backend.
///
/// A connection that was lost and came back is a new backend: a draft the form held
/// before is free again meanwhile, and a form that took it then keeps its own copy;
/// this form then keeps its text as a new draft (nothing written over another
/// session's draft), so the text is kept twice rather than lost. A draft still free
/// holds what this form took or kept there (a draft's text is never changed in place:
/// keeping writes a new row), so this form's next keep replaces it as its own: text
/// added meanwhile is never offered again.
extension PostgresStore {
    /// This session's backend start time, which with `pg_backend_pid()` names it.
    static let sessionStart = "(SELECT backend_start FROM pg_stat_activity WHERE pid = pg_backend_pid())"

    /// The draft `d` is held by a session that is still connected.
    static let heldByALiveSession = """
        EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = d.holder_pid AND a.backend_start = d.holder_start)
        """

    /// The draft `d` is held by this session.
    private static let heldByThisSession = "d.holder_pid = pg_backend_pid() AND d.holder_start = \(sessionStart)"

    /// Takes a draft for this session. Its outcome needs no ledger: a take whose reply
    /// was lost holds the draft for a session the lost connection ended, so the draft
    /// is free again for the next take.
    public func takeDraft(before id: DraftID?) throws -> TakenDraft? {
        try transaction { connection in
            let candidates = try connection.query("""
                SELECT id FROM geocache_form_draft d
                WHERE role = session_user AND ($1::bigint IS NULL OR id < $1::bigint) AND NOT \(Self.heldByALiveSession)
                ORDER BY id DESC
                """, [id.map { .int(Int($0.rawValue)) } ?? .null]).rows.compactMap { $0.int(0) }
            for candidate in candidates {
                // Taken only when still free: a session that took it meanwhile holds it now.
                // The row is locked first (waiting for a session taking it at the same
                // moment, and then reading its new holder), and only then is the holder
                // looked up, in a statement of its own: the server keeps one copy of
                // pg_stat_activity per transaction and per scan, which may predate the
                // session that took it, so it is cleared and read afresh.
                guard try connection.query("SELECT id FROM geocache_form_draft WHERE id = $1 FOR UPDATE",
                                           [.int(candidate)]).rows.first != nil else { continue }
                try connection.query("SELECT pg_stat_clear_snapshot()")
                let taken = try connection.query("""
                    UPDATE geocache_form_draft d SET holder_pid = pg_backend_pid(), holder_start = \(Self.sessionStart)
                    WHERE id = $1 AND NOT \(Self.heldByALiveSession)
                    RETURNING content
                    """, [.int(candidate)]).rows.first
                guard let bytes = taken?[0] else { continue }
                guard let draft = FormDraft(encoded: bytes) else {
                    try connection.query("UPDATE geocache_form_draft SET holder_pid = NULL, holder_start = NULL WHERE id = $1",
                                         [.int(candidate)])
                    continue
                }
                let others = try connection.query("""
                    SELECT count(*) FROM geocache_form_draft d WHERE role = session_user AND NOT \(Self.heldByALiveSession)
                    """).rows.first?.int(0) ?? 0
                return TakenDraft(id: DraftID(rawValue: Int64(candidate)), draft: draft, othersKept: others)
            }
            return nil
        }
    }

    /// Keeps `draft` in one round trip through the ledger: the draft `id` this session
    /// holds deleted, the new one inserted, its identifier recorded, so a kept draft
    /// whose reply was lost is reported kept (and not kept a second time).
    public func keepDraft(_ draft: FormDraft, in id: DraftID?, holding: Bool, as write: WriteID) throws -> DraftID? {
        var statements: [PostgresStatement] = []
        if let id {
            statements.append(PostgresStatement("""
                DELETE FROM geocache_form_draft d WHERE id = $1 AND (\(Self.heldByThisSession) OR NOT \(Self.heldByALiveSession))
                """, [.int(Int(id.rawValue))]))
        }
        if draft.isEmpty {
            statements.append(PostgresStatement("UPDATE geocache_write SET stored = true WHERE write_id = $1::uuid",
                                                [write.value]))
        } else {
            statements.append(PostgresStatement("""
                WITH kept AS (
                    INSERT INTO geocache_form_draft (holder_pid, holder_start, content)
                    VALUES (CASE WHEN $1::boolean THEN pg_backend_pid() END,
                            CASE WHEN $1::boolean THEN \(Self.sessionStart) END, $2::jsonb)
                    RETURNING id)
                UPDATE geocache_write w SET stored = true, detail = kept.id::text FROM kept WHERE w.write_id = $3::uuid
                RETURNING w.detail
                """, [.text(holding ? "t" : "f"), .text(String(decoding: draft.encoded(), as: UTF8.self)), write.value]))
        }
        return try ledgerWrite(write, kind: .keepDraft, statements, replay: { record in
            record.detail.flatMap { Int64($0) }.map(DraftID.init(rawValue:))
        }, result: { outcomes in
            try outcomes.last?.get().rows.first?.string(0).flatMap { Int64($0) }.map(DraftID.init(rawValue:))
        })
    }

    /// Leaves the draft `id` to any later session. Its outcome needs no ledger: a
    /// connection lost before the reply ends the session, and with it every hold.
    public func releaseDraft(_ id: DraftID) throws {
        try run { connection in
            _ = try connection.query("""
                UPDATE geocache_form_draft d SET holder_pid = NULL, holder_start = NULL
                WHERE id = $1 AND \(Self.heldByThisSession)
                """, [.int(Int(id.rawValue))])
        }
    }

    public func keptDrafts() throws -> [FormDraft] {
        try run { connection in
            try connection.query("SELECT content FROM geocache_form_draft WHERE role = session_user ORDER BY id DESC")
                .rows.compactMap { $0[0].flatMap(FormDraft.init(encoded:)) }
        }
    }
}
