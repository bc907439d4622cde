import Foundation
import GeoModel
import GRDB

/// Moves the date this machine's copy of a club store says it was refreshed, as a
/// refresh made while the clock was wrong leaves it.
package enum CopyDating {
    /// Adds `seconds` to the refresh date of the copy among `files`. The copy is
    /// read-only (mode 0400): its mode is lifted for the write and put back.
    package static func shift(_ files: FieldFiles, by seconds: TimeInterval) throws {
        let path = files.copyPath
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        defer {
            if let mode { try? FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path) }
        }
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        try queue.write { db in
            try db.execute(sql: "UPDATE club_copy SET refreshed_at = refreshed_at + ?", arguments: [seconds])
        }
    }

    /// A year and an hour, in seconds: how far ahead a clock set to the wrong year puts
    /// a copy; the hour keeps it reading "365 days" ahead while the test runs.
    package static let yearAhead: TimeInterval = 365 * 86400 + 3600
}
