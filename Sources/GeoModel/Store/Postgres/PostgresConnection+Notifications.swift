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

    package init(channel: String, payload: String, senderPID: Int32) {
        self.channel = channel
        self.payload = payload
        self.senderPID = senderPID
    }
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
        let readable = cpq_PQconsumeInput(connection) == 1 && cpq_PQstatus(connection) == CONNECTION_OK
        // PQconsumeInput only buffers; PQisBusy parses, which hands notifications to
        // the queue and an idle-time error to the notice receiver.
        _ = cpq_PQisBusy(connection)
        if readable && notices.fatal == nil { return }
        let libpqMessage = PostgresError.oneLine(String(cString: cpq_PQerrorMessage(connection)))
        close()
        let fatal = notices.fatal
        let kind = PostgresError.kind(forSQLState: fatal?.sqlState)
        throw PostgresError(
            kind: kind == .serverShutDown ? .serverShutDown : .connectionLost,
            sqlState: fatal?.sqlState, message: fatal?.message ?? libpqMessage, server: server)
    }

    /// The notifications received so far, oldest first, removed from libpq's queue.
    /// Notifications are delivered only when their transaction commits; several
    /// identical ones in one transaction arrive as one.
    package func drainNotifications() -> [PostgresNotification] {
        defer { heldNotifications = [] }
        return peekNotifications()
    }

    /// The notifications received so far, oldest first, left for
    /// ``drainNotifications()`` to hand over.
    package func peekNotifications() -> [PostgresNotification] {
        guard let handle else { return heldNotifications }
        while let notification = cpq_PQnotifies(handle) {
            heldNotifications.append(PostgresNotification(
                channel: String(cString: notification.pointee.relname),
                payload: notification.pointee.extra.map { String(cString: $0) } ?? "",
                senderPID: notification.pointee.be_pid))
            cpq_PQfreemem(notification)
        }
        return heldNotifications
    }
}
