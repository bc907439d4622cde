import Foundation

extension GPXReader.WaypointDraft {
    /// The offsets a log has in ``logBounds``: start and end of its date, type, finder
    /// and text (in ``logBytes``), of its id and of its finder's id (in ``logIDBytes``).
    static let logBoundsStride = 12
    /// The most room made at a waypoint's first log from the last waypoint's logs
    /// (``logCapacityHint``), in bytes or offsets: a waypoint of huge logs does not make
    /// the next one, of few, reserve as much.
    static let maximumLogCapacityHint = 1 << 16

    /// How many `<log>`s the waypoint has so far.
    var logCount: Int { logBounds.count / Self.logBoundsStride }

    /// What the next waypoint's first log makes room for: as much as this one's logs hold.
    var logCapacity: (bytes: Int, ids: Int, bounds: Int) {
        let limit = Self.maximumLogCapacityHint
        return (min(logBytes.count, limit), min(logIDBytes.count, limit), min(logBounds.count, limit))
    }

    /// A `<log>` starts, with its `id` as written (nil when it has none).
    mutating func startLog(id: UnsafeBufferPointer<UInt8>?) {
        onceRead &= ~GPXReader.Delegate.Target.logBits
        if logBounds.isEmpty {
            logBounds.reserveCapacity(logCapacityHint.bounds)
            logBytes.reserveCapacity(logCapacityHint.bytes)
            logIDBytes.reserveCapacity(logCapacityHint.ids)
        }
        let end = logBytes.count
        for _ in 0..<8 { logBounds.append(end) }
        let idStart = logIDBytes.count
        if let id { logIDBytes.append(contentsOf: id) }
        logBounds.append(idStart)
        logBounds.append(logIDBytes.count)
        logBounds.append(logIDBytes.count)
        logBounds.append(logIDBytes.count)
    }

    /// The finder of the current log has the `id` written (nil: none).
    mutating func setFinderID(_ id: UnsafeBufferPointer<UInt8>?) {
        guard !logBounds.isEmpty else { return }
        let base = logBounds.count - Self.logBoundsStride + 10
        let start = logIDBytes.count
        if let id { logIDBytes.append(contentsOf: id) }
        logBounds[base] = start
        logBounds[base + 1] = logIDBytes.count
    }

    /// Field `field` (0 date, 1 type, 2 finder, 3 text) of the current log starts:
    /// its text is appended to ``logBytes`` from here.
    mutating func startLogField(_ field: Int) {
        guard !logBounds.isEmpty else { return }
        let base = logBounds.count - Self.logBoundsStride + field * 2
        logBounds[base] = logBytes.count
        logBounds[base + 1] = logBytes.count
        openLogField = base
    }

    /// The log field that is open ends where ``logBytes`` ends now.
    mutating func endLogField() {
        guard let base = openLogField else { return }
        logBounds[base + 1] = logBytes.count
        openLogField = nil
    }

    /// The logs, as the file gave them (date, type and finder without surrounding
    /// spaces, tabs and line breaks; the text keeps its own). Each field becomes a
    /// String straight from the bytes, trimmed before it is made.
    var logs: [CacheLog] {
        guard !logBounds.isEmpty else { return [] }
        return logBytes.withUnsafeBufferPointer { bytes in
            logIDBytes.withUnsafeBufferPointer { ids in
                stride(from: 0, to: logBounds.count, by: Self.logBoundsStride).map { base in
                    let number = base / Self.logBoundsStride
                    func field(_ number: Int, trimmed: Bool = true) -> String {
                        var start = logBounds[base + number * 2], end = logBounds[base + number * 2 + 1]
                        if trimmed {
                            while start < end, bytes[start].isASCIIWhitespaceByte { start += 1 }
                            while end > start, bytes[end - 1].isASCIIWhitespaceByte { end -= 1 }
                        }
                        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                    }
                    func id(_ offset: Int) -> String {
                        let range = logBounds[base + offset]..<logBounds[base + offset + 1]
                        return String(decoding: UnsafeBufferPointer(rebasing: ids[range]), as: UTF8.self)
                    }
                    return CacheLog(date: Self.utcTime(field(0)), type: field(1), finder: field(2),
                                    text: field(3, trimmed: false), id: Self.keptID(id(8), log: true),
                                    finderID: Self.keptID(id(10)), isEncoded: encodedLogs.contains(number))
                }
            }
        }
    }
}
