import Foundation
import GeoTestSupport

/// Zip archives written for a test with Python's zipfile (python3 is in the Makefile's
/// test packages), good and hostile: an entry may be stored or deflated, marked as
/// encrypted, or given a compression method nobody implements, by patching the headers
/// zipfile wrote.
struct ZipFixture {
    /// One entry: its path in the archive and its bytes.
    struct Entry {
        var path: String
        var bytes: [UInt8]
        var deflated = true
        var encrypted = false
        /// A compression method written over the real one (both headers), if any.
        var method: Int?
        /// The name's bytes as both headers store them, written over the path's (of as
        /// many bytes), with the UTF-8 flag (bit 11) set or cleared: a name in CP437, or
        /// UTF-8 a tool did not mark.
        var storedName: (bytes: [UInt8], markedUTF8: Bool)?

        init(_ path: String, _ text: String, deflated: Bool = true) {
            self.path = path
            bytes = Array(text.utf8)
            self.deflated = deflated
        }

        init(_ path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
        }

        /// An entry whose name is stored as `name`'s bytes, marked as UTF-8 or not.
        init(storedName name: [UInt8], markedUTF8: Bool = false, _ text: String) {
            self.init(String(repeating: "n", count: name.count), text)
            storedName = (name, markedUTF8)
        }
    }

    /// Writes `entries` as a zip archive at `url`.
    static func write(_ entries: [Entry], to url: URL) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var manifest: [[String: Any]] = []
        for (number, entry) in entries.enumerated() {
            let content = directory.file("entry\(number)")
            try Data(entry.bytes).write(to: content)
            manifest.append(["path": entry.path, "file": content.path, "deflated": entry.deflated,
                             "encrypted": entry.encrypted, "method": entry.method ?? -1,
                             "name": entry.storedName.map { $0.bytes.map { String(format: "%02x", $0) }.joined() } ?? "",
                             "utf8": entry.storedName?.markedUTF8 ?? false])
        }
        let manifestURL = directory.file("manifest.json")
        try JSONSerialization.data(withJSONObject: ["out": url.path, "entries": manifest]).write(to: manifestURL)
        let result = try GeocacheTUIBinary.runTool("/usr/bin/python3", ["-c", script, manifestURL.path])
        guard result.status == 0 else { throw Failed(message: result.error) }
    }

    /// The zip could not be written.
    struct Failed: Error {
        let message: String
    }

    /// Writes the archive, then patches the flags (bit 0: encrypted, bit 11: UTF-8 name),
    /// the method and the name of the entries that ask for it, in the local header and
    /// the central directory.
    static let script = """
        import json, struct, sys, zipfile
        spec = json.load(open(sys.argv[1]))
        with zipfile.ZipFile(spec["out"], "w") as archive:
            for entry in spec["entries"]:
                method = zipfile.ZIP_DEFLATED if entry["deflated"] else zipfile.ZIP_STORED
                archive.writestr(zipfile.ZipInfo(entry["path"], (2026, 1, 1, 0, 0, 0)),
                                 open(entry["file"], "rb").read(), compress_type=method)
        data = bytearray(open(spec["out"], "rb").read())
        infos = zipfile.ZipFile(spec["out"]).infolist()
        end = data.rfind(b"PK\\x05\\x06")
        central = struct.unpack("<I", data[end + 16:end + 20])[0]
        for entry, info in zip(spec["entries"], infos):
            local = info.header_offset
            for flags_at, method_at in ((local + 6, local + 8), (central + 8, central + 10)):
                if entry["encrypted"]:
                    data[flags_at] |= 1
                if entry["method"] >= 0:
                    data[method_at:method_at + 2] = struct.pack("<H", entry["method"])
                if entry["name"]:
                    flags = struct.unpack("<H", data[flags_at:flags_at + 2])[0] & ~0x800
                    data[flags_at:flags_at + 2] = struct.pack("<H", flags | (0x800 if entry["utf8"] else 0))
            if entry["name"]:
                name = bytes.fromhex(entry["name"])
                data[local + 30:local + 30 + len(name)] = name
                data[central + 46:central + 46 + len(name)] = name
            name, extra, comment = struct.unpack("<HHH", data[central + 28:central + 34])
            central += 46 + name + extra + comment
        open(spec["out"], "wb").write(data)
        """

    /// A geocaching.com pocket query's caches file holding `codes`, each a Traditional.
    static func caches(_ codes: [String]) -> String {
        let waypoints = codes.enumerated().map { index, code in
            """
              <wpt lat="47.\(100 + index)" lon="8.5"><name>\(code)</name><desc>Cache \(code) by ana</desc>
                <sym>Geocache</sym><type>Geocache|Traditional Cache</type></wpt>
            """
        }
        return document(waypoints)
    }

    /// A pocket query's waypoints file: one parking spot for each of `codes`.
    static func waypoints(_ codes: [String]) -> String {
        document(codes.map { code in
            """
              <wpt lat="47.2" lon="8.6"><name>PK\(code.dropFirst(2))</name><desc>Parking</desc>
                <sym>Parking Area</sym><type>Waypoint|Parking Area</type></wpt>
            """
        })
    }

    /// A GGZ index naming `files`, each with the place of every cache it holds.
    static func ggzIndex(_ files: [(name: String, caches: [(code: String, position: Int, length: Int)])]) -> String {
        let body = files.map { file in
            "  <file><name>\(file.name)</name><crc>0</crc><time>2026-01-01T00:00:00Z</time>\n"
                + file.caches.map { cache in
                    "    <gch><code>\(cache.code)</code><name>\(cache.code)</name><type>Traditional</type>"
                        + "<lat>47.1</lat><lon>8.5</lon><file_pos>\(cache.position)</file_pos>"
                        + "<file_len>\(cache.length)</file_len></gch>\n"
                }.joined()
                + "  </file>\n"
        }.joined()
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <ggz xmlns="http://www.opencaching.com/xmlschemas/ggz/1/0">
            \(body)</ggz>
            """
    }

    private static func document(_ waypoints: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.0" creator="Groundspeak Pocket Query" xmlns="http://www.topografix.com/GPX/1/0">
        \(waypoints.joined(separator: "\n"))
        </gpx>
        """
    }
}
