extension GPXReader.WaypointDraft {
    /// The record of a waypoint that is not a geocache: one of a cache's additional
    /// waypoints (the parking, a stage, the final) when its `<type>` is `Waypoint|…` or
    /// it names its cache in `gsak:Parent`, else ``ImportRecord/notAGeocache(_:)``.
    ///
    /// The waypoint's `gsak:Code` is its code (GSAK may write a "smart name" as the
    /// `<name>`, as it does for caches), else its `<name>`; the text after `Waypoint|`
    /// its kind (else its `<sym>`), `<desc>` its name (a LOC waypoint's name text),
    /// `<cmt>` its comment; `lat` and `lon` its place (0,0 or none: no place). Its
    /// cache is `gsak:Parent` when the file gives it, or the code before a dash and a
    /// number (`OCDDD2-1`, as Opencaching names them); otherwise the import finds it by
    /// the code's suffix (``AdditionalWaypoint/suffix(of:)``). One without a code, with
    /// a parent that is not a code or with a place that is not one is rejected, saying why.
    func additionalWaypoint(location: RecordLocation) -> ImportRecord {
        let kindFromType = Self.additionalWaypointKind(type)
        let parent = Self.nonBlank(gsakParent)
        guard kindFromType != nil || parent != nil else { return .notAGeocache(location) }
        func rejected(_ reason: String) -> ImportRecord {
            .rejected(RejectedRecord(location: location, reason: reason))
        }
        guard let code = Self.nonBlank(gsakCode) ?? Self.nonBlank(name) else {
            return rejected("an additional waypoint without a code (its <name>) cannot be kept: "
                            + "its cache's waypoints are told apart by their codes")
        }
        if let coordinateProblem { return rejected(coordinateProblem) }
        var parentCode: String?
        if let parent {
            guard let normalized = CacheCode.normalized(parent) else {
                return rejected("gsak:Parent \"\(MessageValue.shown(parent))\" is not a cache code")
            }
            parentCode = normalized
        } else {
            parentCode = Self.parentBeforeDash(code)
        }
        let waypoint = AdditionalWaypoint(
            code: code, kind: kindFromType ?? Self.nonBlank(sym) ?? "Waypoint", name: Self.nonBlank(desc) ?? "",
            coordinate: coordinate == Self.nullIsland ? nil : coordinate, comment: Self.nonBlank(cmt) ?? "",
            symbol: Self.nonBlank(sym), time: Self.nonBlank(time).map(Self.utcTime), url: Self.nonBlank(url),
            urlName: Self.nonBlank(urlname ?? linkText))
        return .waypoint(waypoint, parent: parentCode, location, coverage: coverage, asOf: age(of: []))
    }

    /// The cache code an Opencaching waypoint's own code starts with: `OCDDD2` of
    /// `OCDDD2-1` (its files name waypoints so, and a LOC file has no `gsak:Parent` to
    /// say it); nil for a code without such a start.
    static func parentBeforeDash(_ code: String) -> String? {
        guard let dash = code.lastIndex(of: "-"), code[code.index(after: dash)...].allSatisfy(\.isNumber),
              dash != code.index(before: code.endIndex) else { return nil }
        let before = String(code[..<dash])
        guard let normalized = CacheCode.normalized(before), looksLikeCode(normalized) else { return nil }
        return normalized
    }

    /// The kind in a waypoint's `<type>`: "Parking Area" of "Waypoint|Parking Area" (any
    /// case of "Waypoint"); nil for any other type, or nothing after the bar.
    static func additionalWaypointKind(_ written: String?) -> String? {
        guard let written else { return nil }
        let parts = written.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, String(parts[0]).trimmingWhitespace().lowercased() == "waypoint" else { return nil }
        let kind = String(parts[1]).trimmingWhitespace()
        return kind.isEmpty ? nil : kind
    }

    /// `text` without surrounding whitespace; nil when nothing is left.
    static func nonBlank(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingWhitespace(), !trimmed.isEmpty else { return nil }
        return trimmed
    }
}
