import CLibPQ

/// A notification another session sent with `NOTIFY channel, 'payload'` (or
/// `pg_notify`) to a channel this connection listens on.
package struct PostgresNotification: Equatable, Sendable {
    /// The channel (`LISTEN` name).
    package let channel: String
    /// The payload; empty when none was given.
    package let payload: String
    /// The server process id of the sending session (compare with
    /// ``PostgresConnection/backendPID`` to recognise one's own).
    package let senderPID: Int32
}

extension PostgresConnection {
    /// Reads whatever the server has sent without waiting (call it when ``socket``
    /// is readable), so that notifications become available to
    /// ``drainNotifications()``.
    ///
    /// Throws `.serverShutDown` or `.connectionLost` (and closes the connection)
    /// when the server has gone away: a listening connection learns of a shutdown
    /// here.
    package func consumeInput() throws {
        let connection = try openHandle()
        if PQconsumeInput(connection) == 0 || PQstatus(connection) == CONNECTION_BAD {
            let error = fail(connection)
            close()
            throw PostgresError(
                kind: error.kind == .serverShutDown || Self.soundsLikeShutdown(error.message) ? .serverShutDown : .connectionLost,
                sqlState: error.sqlState, message: error.message, server: server)
        }
    }

    /// The notifications received so far, oldest first, removed from libpq's queue.
    /// Notifications are delivered only when their transaction commits; several
    /// identical ones in one transaction arrive as one.
    package func drainNotifications() -> [PostgresNotification] {
        guard let handle else { return [] }
        var notifications: [PostgresNotification] = []
        while let notification = PQnotifies(handle) {
            notifications.append(PostgresNotification(
                channel: String(cString: notification.pointee.relname),
                payload: notification.pointee.extra.map { String(cString: $0) } ?? "",
                senderPID: notification.pointee.be_pid))
            PQfreemem(notification)
        }
        return notifications
    }

    /// Whether libpq's message for a closed idle connection is the server's
    /// shutdown notice (the server's own text for SQLSTATE 57P01, which libpq keeps
    /// only as a message when no statement is running).
    static func soundsLikeShutdown(_ message: String) -> Bool {
        let text = message.lowercased()
        return text.contains("terminating connection due to administrator command") || text.contains("shutting down")
    }
}
