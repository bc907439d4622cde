import Foundation

extension GPXReader {
    /// The namespaces of the extensions the reader knows; any other namespace (GPX's
    /// own, or none) is `.plain`.
    enum Space {
        case plain, groundspeak, gsak, openCaching, terraCaching

        /// The namespace URI prefixes of each extension, in every version seen.
        static let prefixes: [(prefix: String, space: Space)] =
            GPXReader.groundspeakPrefixes.map { ($0, Space.groundspeak) } + [
                ("http://www.gsak.net/xmlv1/", .gsak), ("https://www.gsak.net/xmlv1/", .gsak),
                ("https://github.com/opencaching/gpx-extension", .openCaching),
                ("http://github.com/opencaching/gpx-extension", .openCaching),
                ("http://www.terracaching.com/gpx/", .terraCaching),
                ("https://www.terracaching.com/gpx/", .terraCaching),
            ]

        /// The extension whose namespace `uri` is (compared without case: TerraCaching
        /// writes `TerraCaching.com/GPX`).
        init(uri: UnsafeBufferPointer<UInt8>) {
            for (prefix, space) in Self.prefixes where prefix.utf8.count <= uri.count
                && zip(prefix.utf8, uri).allSatisfy({ $0 == $1.asciiLowercased }) {
                self = space
                return
            }
            self = .plain
        }
    }
}
