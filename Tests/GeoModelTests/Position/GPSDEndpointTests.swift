import GeoModel
import Testing

/// `GPSDEndpoint(parsing:)`: every form `--gps` takes, and a message naming what is
/// wrong for every form it refuses.
@Suite struct GPSDEndpointTests {
    @Test(arguments: [
        ("localhost:2947", "localhost", 2947),
        ("gps.example.org:3000", "gps.example.org", 3000),
        ("127.0.0.1:29470", "127.0.0.1", 29470),
        ("raspberrypi", "raspberrypi", 2947),
        ("  10.0.0.7  ", "10.0.0.7", 2947),
        ("[::1]:2948", "::1", 2948),
        ("[fe80::1]", "fe80::1", 2947),
        ("::1", "::1", 2947),
        ("host:65535", "host", 65535),
    ])
    func parsesHostAndPortWithThePortDefaultingTo2947(text: String, host: String, port: Int) throws {
        let endpoint = try GPSDEndpoint(parsing: text)
        #expect(endpoint.host == host)
        #expect(Int(endpoint.port) == port)
    }

    @Test(arguments: [
        ("", "the host is missing"),
        (":2947", "the host is missing"),
        ("[]:2947", "the host is missing"),
        ("localhost:", "the port must be a number from 1 to 65535"),
        ("localhost:0", "the port must be a number from 1 to 65535"),
        ("localhost:65536", "the port must be a number from 1 to 65535"),
        ("localhost:29x", "the port must be a number from 1 to 65535"),
        ("localhost:-1", "the port must be a number from 1 to 65535"),
        ("[::1:2947", "needs its closing “]”"),
        ("[::1]2947", "after “]” comes “:PORT” or nothing"),
    ])
    func refusesAMalformedEndpointNamingWhatIsWrong(text: String, reason: String) {
        #expect {
            try GPSDEndpoint(parsing: text)
        } throws: { error in
            let message = (error as? GPSDEndpointError)?.description ?? ""
            return message.contains(reason) && message.contains("“\(text)”")
        }
    }

    @Test func theDefaultIsLocalhostPort2947AndDescriptionsReadBack() throws {
        #expect(GPSDEndpoint.default == GPSDEndpoint(host: "localhost", port: 2947))
        #expect(GPSDEndpoint.default.description == "localhost:2947")
        let ipv6 = GPSDEndpoint(host: "::1", port: 2948)
        #expect(ipv6.description == "[::1]:2948")
        #expect(try GPSDEndpoint(parsing: ipv6.description) == ipv6)
    }
}
