import CLibPQ

/// The notices and warnings the server sent on one connection, kept instead of
/// printed.
///
/// libpq's default notice processor writes every notice to standard error, which
/// would scribble over the form; worse, an error the server sends while no statement
/// runs (`FATAL: terminating connection due to administrator command`, 57P01, when
/// the server shuts down) reaches libpq as a notice, not an error: `PQconsumeInput`
/// still succeeds and `PQstatus` still says OK until the next read finds the socket
/// closed. The connection installs this log as its notice receiver and treats a
/// `FATAL` or `PANIC` notice as the end of the connection.
final class PostgresNotices {
    /// One notice: its SQLSTATE, severity (not translated) and primary message.
    struct Notice {
        let sqlState: String?
        let severity: String?
        let message: String
    }

    /// The fatal notice received, if any (the server closes the connection after it).
    private(set) var fatal: Notice?

    /// Installs the log on `connection`; the log must outlive it (the connection
    /// owns both and finishes libpq's connection first).
    func install(on connection: OpaquePointer) {
        let receiver: PQnoticeReceiver = { argument, result in
            guard let argument, let result else { return }
            let notices = Unmanaged<PostgresNotices>.fromOpaque(argument).takeUnretainedValue()
            func field(_ code: Int32) -> String? { cpq_PQresultErrorField(result, code).map { String(cString: $0) } }
            let notice = Notice(
                sqlState: field(CPQ_DIAG_SQLSTATE),
                severity: field(CPQ_DIAG_SEVERITY_NONLOCALIZED),
                message: field(CPQ_DIAG_MESSAGE_PRIMARY) ?? String(cString: cpq_PQresultErrorMessage(result)))
            if notice.severity == "FATAL" || notice.severity == "PANIC" { notices.fatal = notice }
        }
        cpq_PQsetNoticeReceiver(connection, receiver, Unmanaged.passUnretained(self).toOpaque())
    }
}
