/// Where gpsd listens: a host name or address and a TCP port.
public struct GPSDEndpoint: Equatable, Sendable, CustomStringConvertible {
    /// The port gpsd listens on unless told otherwise.
    public static let defaultPort: UInt16 = 2947
    /// The daemon on this machine at its usual port, `localhost:2947`.
    public static let `default` = GPSDEndpoint(host: "localhost", port: defaultPort)

    /// A host name, an IPv4 address or an IPv6 address (without brackets).
    public let host: String
    /// The TCP port.
    public let port: UInt16

    /// The endpoint `host`, `port`.
    public init(host: String, port: UInt16 = defaultPort) {
        self.host = host
        self.port = port
    }

    /// Reads `HOST:PORT`, `HOST`, `[IPV6]:PORT`, `[IPV6]` or a bare IPv6 address
    /// (`::1`); a missing port is ``defaultPort``.
    ///
    /// - Throws: ``GPSDEndpointError`` naming what is wrong: an empty host, a port that
    ///   is not a number from 1 to 65535, an unclosed bracket.
    public init(parsing text: String) throws(GPSDEndpointError) {
        let trimmed = text.trimmingWhitespace()
        var host: Substring
        var portText: Substring?
        if trimmed.hasPrefix("[") {
            guard let close = trimmed.firstIndex(of: "]") else {
                throw GPSDEndpointError("“\(text)”: an IPv6 address in brackets needs its closing “]”")
            }
            host = trimmed[trimmed.index(after: trimmed.startIndex)..<close]
            let rest = trimmed[trimmed.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else {
                    throw GPSDEndpointError("“\(text)”: after “]” comes “:PORT” or nothing")
                }
                portText = rest.dropFirst()
            }
        } else if trimmed.filter({ $0 == ":" }).count > 1 {
            host = Substring(trimmed)
        } else if let colon = trimmed.firstIndex(of: ":") {
            host = trimmed[..<colon]
            portText = trimmed[trimmed.index(after: colon)...]
        } else {
            host = Substring(trimmed)
        }
        guard !host.isEmpty else { throw GPSDEndpointError("“\(text)”: the host is missing") }
        var port = Self.defaultPort
        if let portText {
            guard !portText.isEmpty, portText.allSatisfy(\.isASCIIDigitCharacter), let number = UInt16(portText), number > 0 else {
                throw GPSDEndpointError("“\(text)”: the port must be a number from 1 to 65535")
            }
            port = number
        }
        self.init(host: String(host), port: port)
    }

    /// `HOST:PORT`, with an IPv6 address in brackets.
    public var description: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}

/// Why a text is not a gpsd endpoint.
public struct GPSDEndpointError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, naming the text.
    public let description: String

    /// The error `description` names.
    init(_ description: String) { self.description = description }
}

private extension Character {
    /// Whether the character is one of the ASCII digits 0 through 9.
    var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
