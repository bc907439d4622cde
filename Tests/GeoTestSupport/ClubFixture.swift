import Foundation
import GeoModel

/// A club database with its rules (issue 36), on the shared test server: an admin that
/// may create roles and ran `club init`, two members and a keeper, each logging in with
/// a password of their own. Role names are unique to the fixture (roles belong to the
/// whole server); with `awkwardNames`, the database's name, the roles' names and the
/// passwords hold quotes and spaces.
package struct ClubFixture: Sendable {
    package let server: PostgresTestServer
    /// The database's name.
    package let database: String
    /// The admin: may create roles, owns the club's tables.
    package let admin: String
    /// Two members and a keeper.
    package let ana: String, bo: String, kim: String
    /// What ``setUp`` said it did.
    package let setUp: ClubSetUp

    /// The group roles `club init` made.
    package var roles: ClubRoles { setUp.roles }

    /// Makes the database and the roles and runs `club init` as the admin (through the
    /// model, as the command does).
    package static func make(awkwardNames: Bool = false) throws -> ClubFixture {
        let server = try PostgresTestServer.shared()
        let unique = UUID().uuidString.prefix(8).lowercased()
        let database = awkwardNames ? "club \"x\" y's \(unique)" : "club_\(unique)"
        func role(_ name: String) -> String { awkwardNames ? "\(name) o'\"q\" \(unique)" : "\(name)_\(unique)" }
        let (admin, ana, bo, kim) = (role("admin"), role("ana"), role("bo"), role("kim"))
        try server.superuser("CREATE ROLE \(identifier(admin)) LOGIN CREATEROLE PASSWORD \(literal(password(for: admin))) "
                             + "IN ROLE \(PostgresTestServer.passwordGroup)")
        try server.superuser("CREATE DATABASE \(identifier(database)) OWNER \(identifier(admin))")
        let setUp = try PostgresStore(url: url(server: server, database: database, role: admin), purpose: .command)
            .setUpClub()
        for (name, group) in [(ana, setUp.roles.member), (bo, setUp.roles.member), (kim, setUp.roles.keeper)] {
            try server.superuser("CREATE ROLE \(identifier(name)) LOGIN PASSWORD \(literal(password(for: name))) "
                                 + "IN ROLE \(identifier(group)), \(PostgresTestServer.passwordGroup)")
        }
        return ClubFixture(server: server, database: database, admin: admin, ana: ana, bo: bo, kim: kim, setUp: setUp)
    }

    /// The password of `role`: quotes, a space and a backslash in it.
    package static func password(for role: String) -> String {
        "pw '\(role.prefix(3))' \"x\\y\""
    }

    /// The URL `role` connects with, its password in it, every part percent-encoded.
    package func url(as role: String) -> String {
        Self.url(server: server, database: database, role: role)
    }

    private static func url(server: PostgresTestServer, database: String, role: String) -> String {
        func encoded(_ text: String) -> String {
            text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
        }
        return "postgresql://\(encoded(role)):\(encoded(password(for: role)))@127.0.0.1:\(server.port)/\(encoded(database))"
    }

    /// Runs `sql` as `role` on a connection of its own (a member using psql).
    @discardableResult
    package func sql(as role: String, _ sql: String, _ parameters: [PostgresValue] = []) throws -> PostgresResult {
        let connection = try PostgresConnection(url(as: role))
        defer { connection.close() }
        return try connection.query(sql, parameters)
    }

    /// Runs `statements` in order as `role` on one connection (a temporary table or a
    /// `SET ROLE` lasts as long as it); the SQLSTATE of the first that fails, else nil.
    package func sqlState(as role: String, _ statements: [String]) throws -> String? {
        let connection = try PostgresConnection(url(as: role))
        defer { connection.close() }
        do {
            for statement in statements { try connection.query(statement) }
            return nil
        } catch let error as PostgresError {
            return error.sqlState ?? "no state"
        }
    }

    /// `name` as an SQL identifier.
    package static func identifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `text` as an SQL string literal.
    package static func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
