/// Next and Previous without a round trip: the form's store keeps the caches around the
/// current one (``PostgresReadAhead``, a window of ``PostgresReadAhead/windowSize`` read at
/// a time), answers from them, and when fewer than ``PostgresReadAhead/threshold`` remain
/// ahead sends the next window's read without waiting for it. Its reply makes the
/// socket (``changeDescriptor``) readable: ``hasChangedExternally()`` takes it first
/// (``absorbReadAhead()``), and any other statement takes it before it is sent.
///
/// Anything that may change the caches forgets them: a statement other than these reads
/// (an own write: ``catchUp(_:)``), a tick of the run loop that is not the window's reply,
/// another session's notification seen on the socket, a lost or new connection. Only a
/// form's store answers from them (a command's reads the window, and never keeps it).
extension PostgresStore {
    /// Whether the caches read ahead may answer: the store is a form's, the connection is
    /// up, and nothing but a window's reply has arrived on the socket (looked at without
    /// waiting). Anything else may be another session's notification: the caches are
    /// forgotten, and the socket is left readable for ``hasChangedExternally()``.
    private var readAheadIsCurrent: Bool {
        guard purpose == .form, let connection, !connection.isBroken else { return false }
        if connection.hasInput {
            guard readAhead.inFlight != nil, (try? takeReadAhead(on: connection)) != nil else {
                readAhead.forget()
                return false
            }
        }
        let own = connection.backendPID
        if connection.isBroken || connection.peekNotifications().contains(where: { $0.senderPID != own }) {
            readAhead.forget()
            return false
        }
        return true
    }

    /// The answer `answer` finds in the caches read ahead; when they do not hold it,
    /// reads the window that starts from `id` in `direction` (nil: from that end of the
    /// store) with the count in one exchange, and answers from it. A form then sends the
    /// next window's read ahead of need.
    func readingAhead(_ direction: PostgresReadAhead.Direction, from id: Int64?,
                      _ answer: (PostgresReadAhead) -> StoredCache??) throws -> StoredCache? {
        readAhead.countJustRead = nil
        if readAheadIsCurrent, let known = answer(readAhead) {
            if let found = known { sendReadAhead(direction, beyond: found.id.rawValue) }
            return known
        }
        let outcomes = try exchange(Self.windowRead(direction, from: id))
        let (rows, count) = try window(from: outcomes, direction)
        switch direction {
        case .forward: readAhead.start(forwardFrom: id, rows: rows, count: count)
        case .backward: readAhead.start(backwardFrom: id, rows: rows, count: count)
        }
        readAhead.countJustRead = count
        let found = answer(readAhead) ?? nil
        if let found { sendReadAhead(direction, beyond: found.id.rawValue) }
        return found
    }

    /// For a form, sends the read of the next window in `direction` when fewer than
    /// ``PostgresReadAhead/threshold`` known caches lie beyond `id`, without waiting.
    /// A failure to send closes the connection, for the next statement to report.
    private func sendReadAhead(_ direction: PostgresReadAhead.Direction, beyond id: Int64) {
        guard purpose == .form, readAhead.inFlight == nil, !readTransactionOpen, schemaChecked,
              readAhead.remaining(direction, from: id) < PostgresReadAhead.threshold,
              let edge = readAhead.edge(direction), let connection, !connection.isBroken else { return }
        let deadline = PostgresDeadline(seconds: PostgresConnection.defaultQueryTimeout)
        guard (try? connection.sendPipeline(Self.windowRead(direction, from: edge), deadline: deadline)) != nil else {
            connection.close()
            return
        }
        readAhead.inFlight = (direction, readAhead.generation)
    }

    /// Takes the reply of a window's read in flight on `connection`, waiting for it, and
    /// adds it to the caches read ahead unless they were forgotten since it was sent.
    func takeReadAhead(on connection: PostgresConnection) throws {
        guard let (direction, generation) = readAhead.inFlight else { return }
        readAhead.inFlight = nil
        let read = Self.windowRead(direction, from: 0)
        let deadline = PostgresDeadline(seconds: PostgresConnection.defaultQueryTimeout)
        let outcomes = try connection.receivePipeline(read.map(\.count), deadline: deadline)
        guard generation == readAhead.generation, let (rows, count) = try? window(from: outcomes, direction) else {
            readAhead.forget()
            return
        }
        readAhead.extend(direction, rows: rows, count: count)
    }

    /// Called first by ``hasChangedExternally()``: true when the socket woke the caller
    /// for the reply of a window's read alone (taken now; nothing else changed); false
    /// otherwise, after forgetting the caches read ahead, since the caller is about to
    /// look for other sessions' changes (or the connection is being made again).
    func absorbReadAhead() throws -> Bool {
        guard let connection, !connection.isBroken, !reconnected else {
            readAhead.inFlight = nil
            readAhead.forget()
            return false
        }
        guard readAhead.inFlight != nil, connection.hasInput else {
            readAhead.forget()
            return false
        }
        try run(keepingReadAhead: true) { connection in
            try takeReadAhead(on: connection)
            try connection.consumeInput()
        }
        let own = connection.backendPID
        if connection.peekNotifications().contains(where: { $0.senderPID != own }) {
            readAhead.forget()
            return false
        }
        return true
    }

    /// The statements that read a window in `direction` from `id` (nil: from that end of
    /// the store) and the count, in one read-only snapshot; a trailing segment ends the
    /// transaction when a statement failed.
    static func windowRead(_ direction: PostgresReadAhead.Direction, from id: Int64?) -> [[PostgresStatement]] {
        let rows = switch direction {
        case .forward:
            PostgresStatement("SELECT \(cacheColumns) FROM geocache WHERE id > $1 ORDER BY id LIMIT \(PostgresReadAhead.windowSize)",
                              [.int(Int(id ?? .min))])
        case .backward:
            PostgresStatement("SELECT \(cacheColumns) FROM geocache WHERE id < $1 ORDER BY id DESC LIMIT \(PostgresReadAhead.windowSize)",
                              [.int(Int(id ?? .max))])
        }
        return [[PostgresStatement("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"),
                 PostgresStatement("SELECT value FROM geocache_count"), rows, PostgresStatement("COMMIT")],
                [PostgresStatement("ROLLBACK")]]
    }

    /// The caches (in stored order) and the count a ``windowRead(_:from:)`` read.
    func window(from outcomes: [[PostgresOutcome]], _ direction: PostgresReadAhead.Direction) throws -> ([StoredCache], Int) {
        let read = outcomes[0]
        let count = try Self.result(of: read[1], in: read, server: name).rows.first?.int(0) ?? 0
        let rows = try Self.result(of: read[2], in: read, server: name).rows.map(Self.storedCache(from:))
        return (direction == .forward ? rows : rows.reversed(), count)
    }
}
