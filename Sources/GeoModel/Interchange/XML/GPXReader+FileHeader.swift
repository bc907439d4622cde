extension GPXReader {
    /// What a GPX file says of itself before its waypoints: who wrote it and when.
    struct FileHeader {
        /// The file's author: `<gpx><author>` (GPX 1.0) or `<gpx><metadata><author><name>` (1.1).
        var author: String?
        /// The file's time, `<gpx><time>` (GPX 1.0) or `<gpx><metadata><time>` (1.1), in
        /// ``UTCTime``'s spelling; nil when the file gives none or one that is no date.
        var time: String?
        /// Whether geocache-tui wrote the file: `<gpx creator="geocache-tui">`
        /// (``GPXWriter/creator``), as every GPX export it made has.
        var isOurs = false

        /// Takes `value`, the text of the header field `target`; a blank one says nothing.
        mutating func read(_ value: String, as target: Delegate.Target) {
            let text = value.trimmingWhitespace()
            guard !text.isEmpty else { return }
            switch target {
            case .fileAuthor: author = text
            case .fileTime: if let date = Self.date(text) { time = date }
            default: break
            }
        }

        /// `text` in ``UTCTime``'s spelling when it is a date; nil when it is none.
        static func date(_ text: String) -> String? {
            let trimmed = text.trimmingWhitespace()
            return UTCTime.orderKey(trimmed) != nil ? UTCTime.canonical(trimmed) : nil
        }
    }
}

extension GPXReader.Delegate {
    /// A field of the file's header, outside every waypoint: its author or its time.
    func startHeaderField(_ name: GPXReader.LocalName) {
        let names = path.map(\.name)
        if names == [.gpx], name == .author { target = .fileAuthor }
        if names == [.gpx, .metadata, .author], name == .name { target = .fileAuthor }
        if names == [.gpx] || names == [.gpx, .metadata], name == .time { target = .fileTime }
    }
}

import Foundation

extension GPXReader.WaypointDraft {
    /// A draft of a waypoint at `position` in a file whose header said `header`.
    init(position: TextPosition, header: GPXReader.FileHeader) {
        self.init(position: position, fileAuthor: header.author)
        fileTime = header.time
        fileIsOurs = header.isOurs
    }

    /// The age of the listing the waypoint carries (``Listing/asOf``): in a file
    /// geocache-tui wrote, the cache's own age it gives in `gsak:LastGpxDate` (none when
    /// that is empty or no date: the listing had none); else the file's time, else the
    /// date of the newest of `logs`; nil when the file says neither. A date more than a
    /// day ahead of `now` is no age (a wrong clock, or a hostile file): a listing dated
    /// in the future would keep every later file from replacing it.
    func age(of logs: [CacheLog], now: Date = Date()) -> String? {
        let latest = UTCTime.spelling(of: now.addingTimeInterval(86_400))
        func plausible(_ date: String?) -> String? {
            guard let date, UTCTime.isEarlier(latest, than: date) != true else { return nil }
            return date
        }
        if fileIsOurs, let lastGpxDate { return plausible(GPXReader.FileHeader.date(lastGpxDate)) }
        return plausible(fileTime) ?? plausible(CacheLog.newestDate(of: logs))
    }
}
