import CLibPQ
import Foundation

/// A connection string as libpq reads it: a `postgres://` or `postgresql://` URI, or
/// `key=value` pairs, parsed by `PQconninfoParse` (so it accepts exactly what libpq
/// and psql accept), and the ways to show one without its password.
///
/// Parsing does not consult the environment (`PGHOST`, `PGPASSWORD`, …); connecting
/// does.
package struct PostgresConnectionString: Sendable {
    /// The string as given.
    package let text: String
    /// The keywords the string sets, with their values (`host`, `port`, `dbname`,
    /// `connect_timeout`, …; a URI's query parameters included).
    package let options: [String: String]

    /// Parses `text`; throws ``Invalid`` with libpq's words for the malformed part.
    package init(_ text: String) throws(Invalid) {
        guard cpq_available() != 0 else { throw Invalid(message: PostgresConnection.libraryMissing) }
        var errorPointer: UnsafeMutablePointer<CChar>?
        guard let parsed = cpq_PQconninfoParse(text, &errorPointer) else {
            let libpqMessage = errorPointer.map { String(cString: $0) } ?? "cannot parse the connection string (out of memory)"
            if let errorPointer { cpq_PQfreemem(errorPointer) }
            throw Invalid(message: Self.hidingPassword(of: text, in: PostgresError.oneLine(libpqMessage)))
        }
        defer { cpq_PQconninfoFree(parsed) }
        var options: [String: String] = [:]
        var option = parsed
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { options[String(cString: keyword)] = String(cString: value) }
            option += 1
        }
        self.text = text
        self.options = options
    }

    /// A connection string libpq refused.
    package struct Invalid: Error, Equatable, Sendable, CustomStringConvertible {
        /// libpq's message naming the malformed part (a password in it written `***`).
        package let message: String
        package var description: String { "invalid PostgreSQL connection string: \(message)" }
    }

    /// Whether `text` is meant for PostgreSQL rather than a file path: it starts
    /// with `postgres://` or `postgresql://` (any case).
    package static func isPostgresURI(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
    }

    /// The server for messages, `host:port/dbname`, from what the string says and
    /// libpq's defaults (the socket directory, 5432, the user's name); the
    /// environment can change what connecting really uses.
    package var serverDescription: String {
        let host = options["host"] ?? options["hostaddr"] ?? "/var/run/postgresql"
        let port = options["port"] ?? "5432"
        let user = options["user"] ?? ProcessInfo.processInfo.environment["USER"] ?? ""
        let database = options["dbname"] ?? user
        return PostgresConnection.serverDescription(host: host, port: port, database: database)
    }

    /// The connect deadline the string asks for: `connect_timeout` in seconds when it
    /// is set and positive, else `PGCONNECT_TIMEOUT`, else nil.
    var connectTimeout: TimeInterval? {
        let environment = ProcessInfo.processInfo.environment["PGCONNECT_TIMEOUT"]
        for candidate in [options["connect_timeout"], environment] {
            if let candidate, let seconds = Double(candidate.trimmingCharacters(in: .whitespaces)), seconds > 0 {
                return seconds
            }
        }
        return nil
    }

    /// The `options` start-up value (the server's command-line switches) with
    /// `settings` added as `-c name=value` before what the string itself asks for, or
    /// when it asks for nothing `PGOPTIONS`: a setting the string or the environment
    /// gives wins over the same one here, as a later `-c` overrides an earlier one.
    /// Values are kept to letters, digits and `_.` so none needs escaping.
    package func startupOptions(adding settings: [(name: String, value: String)]) -> String {
        let given = options["options"] ?? ProcessInfo.processInfo.environment["PGOPTIONS"] ?? ""
        let added = settings.map { "-c \($0.name)=\($0.value)" }
        return (added + (given.isEmpty ? [] : [given])).joined(separator: " ")
    }

    /// `text` with every password written `***`: the one after `user:` in a URI's
    /// authority, a `password=` query parameter, and a `password=` key-value pair
    /// (quoted or not). Anything else is kept as it is.
    package static func redacted(_ text: String) -> String {
        if isPostgresURI(text) {
            var result = text
            if let authority = result.range(of: "://") {
                let rest = result[authority.upperBound...]
                let end = rest.firstIndex(where: { "/?#".contains($0) }) ?? rest.endIndex
                if let at = rest[..<end].lastIndex(of: "@"),
                   let colon = rest[..<at].firstIndex(of: ":") {
                    result.replaceSubrange(result.index(after: colon)..<at, with: "***")
                }
            }
            return replacingMatches(of: #"(?i)([?&]password=)[^&#]*"#, in: result, with: "$1***")
        }
        return replacingMatches(of: #"(?i)(\bpassword\s*=\s*)('(?:[^'\\]|\\.)*'?|\S*)"#, in: text, with: "$1***")
    }

    /// `message` with every occurrence of the password `text` holds (as written and
    /// percent-decoded) replaced by `***`, for libpq messages that quote a part of
    /// the string.
    static func hidingPassword(of text: String, in message: String) -> String {
        var passwords: [String] = []
        if isPostgresURI(text), let authority = text.range(of: "://") {
            let rest = text[authority.upperBound...]
            let end = rest.firstIndex(where: { "/?#".contains($0) }) ?? rest.endIndex
            if let at = rest[..<end].lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") {
                passwords.append(String(rest[rest.index(after: colon)..<at]))
            }
        }
        let redactedText = redacted(text)
        if redactedText != text, let parameter = text.range(of: #"(?i)password\s*=\s*([^&#\s]*)"#, options: .regularExpression) {
            let value = text[parameter].split(separator: "=", maxSplits: 1).last.map(String.init) ?? ""
            passwords.append(value.trimmingCharacters(in: CharacterSet(charactersIn: "' ")))
        }
        var result = message
        for password in passwords where password.count >= 1 {
            for form in Set([password, password.removingPercentEncoding ?? password]) where !form.isEmpty {
                result = result.replacingOccurrences(of: form, with: "***")
            }
        }
        return result
    }

    private static func replacingMatches(of pattern: String, in text: String, with template: String) -> String {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return text }
        let range = NSRange(text.startIndex..., in: text)
        return expression.stringByReplacingMatches(in: text, range: range, withTemplate: template)
    }
}
