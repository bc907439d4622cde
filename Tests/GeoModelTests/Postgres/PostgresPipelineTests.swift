import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// `PostgresConnection.pipeline` and `transactionPipeline` against a real server:
/// several statements in one exchange, a failure skipping the rest of its segment
/// only, and a failed transaction ended without a second exchange.
@Suite struct PostgresPipelineTests {
    @Test func everyStatementOfAPipelineAnswersInOrder() throws {
        let connection = try PostgresConnection(try PostgresTestServer.shared().makeDatabase())
        let outcomes = try connection.pipeline([[
            PostgresStatement("SELECT $1::integer + 1", [.int(41)]),
            PostgresStatement("SELECT 'two'"),
        ], [PostgresStatement("SELECT 3")]])
        #expect(try outcomes[0][0].get().rows.first?.int(0) == 42)
        #expect(try outcomes[0][1].get().rows.first?.string(0) == "two")
        #expect(try outcomes[1][0].get().rows.first?.int(0) == 3)
    }

    @Test func aFailedStatementSkipsTheRestOfItsSegmentButNotTheNext() throws {
        let connection = try PostgresConnection(try PostgresTestServer.shared().makeDatabase())
        let outcomes = try connection.pipeline([[
            PostgresStatement("SELECT 1/0"),
            PostgresStatement("SELECT 1"),
        ], [PostgresStatement("SELECT 2")]])
        guard case .failed(let error) = outcomes[0][0] else { Issue.record("\(outcomes[0][0])"); return }
        #expect(error.sqlState == "22012")
        guard case .skipped = outcomes[0][1] else { Issue.record("\(outcomes[0][1])"); return }
        #expect(try outcomes[1][0].get().rows.first?.int(0) == 2)
        #expect(try connection.query("SELECT 5").rows.first?.int(0) == 5)
    }

    @Test func aTransactionPipelineCommitsEveryStatementOrNone() throws {
        let connection = try PostgresConnection(try PostgresTestServer.shared().makeDatabase())
        try connection.query("CREATE TABLE t (n integer PRIMARY KEY)")
        let stored = try connection.transactionPipeline([
            PostgresStatement("INSERT INTO t VALUES (1)"),
            PostgresStatement("INSERT INTO t VALUES (2) RETURNING n"),
        ])
        #expect(try stored[1].get().rows.first?.int(0) == 2)
        let refused = try connection.transactionPipeline([
            PostgresStatement("INSERT INTO t VALUES (3)"),
            PostgresStatement("INSERT INTO t VALUES (1)"),
        ])
        guard case .failed(let error) = refused[1] else { Issue.record("\(refused[1])"); return }
        #expect(error.sqlState == "23505")
        #expect(try connection.query("SELECT count(*) FROM t").rows.first?.int(0) == 2)
        #expect(try connection.query("SELECT 1").rows.count == 1)
    }

    @Test func aWholePipelineTakesOneRoundTrip() throws {
        let server = try PostgresTestServer.shared()
        // Delayed a little, as a network is: libpq sends each segment as it is synced,
        // and without a delay the answer to the first could pass the relay before the
        // second segment and count as a round trip of its own.
        let relay = try FaultRelay(to: server.port, delayMilliseconds: 10)
        let connection = try PostgresConnection(relay.url(through: try server.makeDatabase()))
        let before = try relay.counts().roundTrips
        _ = try connection.transactionPipeline([
            PostgresStatement("SELECT 1"), PostgresStatement("SELECT 2"), PostgresStatement("SELECT 3"),
        ])
        #expect(try relay.counts().roundTrips == before + 1)
    }
}
