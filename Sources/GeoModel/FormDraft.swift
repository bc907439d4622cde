import Foundation

/// A form's unsaved text, kept in the store when the form quits so that nothing typed
/// is lost: what the fields held, and, for an edit in progress, which version of which
/// cache it edits and what the fields held before the edit began.
///
/// A store keeps any number of drafts, one per form that quit with text (``CacheStore``'s
/// drafts). A form takes one (``CacheStore/takeDraft(before:)``) and holds it while it
/// runs, so no other form takes it too; the others stay for the next forms.
public struct FormDraft: Equatable, Sendable {
    /// The fields' text; only non-empty fields are kept.
    public let fields: [GeoCache.Field: String]
    /// For an edit in progress, the version of the cache the edit started from: saving
    /// the draft compares with it (``CacheStore/update(_:to:)``). Nil for an Add.
    public let editing: StoredCache?
    /// During an edit, what the fields held before it began (the text for the next
    /// Add), given back when the edit ends; only non-empty fields.
    public let putAside: [GeoCache.Field: String]
    /// The Adds and Saves the form's session had sent whose outcome was not known yet
    /// when it kept the draft (``carrying(_:)``): the session that takes the draft takes
    /// them on (``WriteSession/adopt(_:)``), so that this text sent again carries the
    /// same ``WriteID`` and is never stored twice, and they are settled when the server
    /// answers. Empty for every other draft.
    public let pending: [PendingWrite]

    /// A draft of `fields` (an Add), or of an edit of `editing`; empty fields are dropped,
    /// and of `pending`, only the Adds and Saves are kept.
    public init(fields: [GeoCache.Field: String], editing: StoredCache? = nil,
                putAside: [GeoCache.Field: String] = [:], pending: [PendingWrite] = []) {
        self.fields = fields.filter { !$0.value.isEmpty }
        self.editing = editing
        self.putAside = putAside.filter { !$0.value.isEmpty }
        self.pending = pending.filter(\.isAddOrUpdate)
    }

    /// This draft carrying `writes`, the session's writes of unknown outcome, in place of
    /// those it carried: none when it holds no text (there is nothing to send again).
    public func carrying(_ writes: [PendingWrite]) -> FormDraft {
        FormDraft(fields: fields, editing: editing, putAside: putAside, pending: isEmpty ? [] : writes)
    }

    /// True when there is no text to keep: no field and nothing put aside hold any. An
    /// edit whose fields were all emptied keeps nothing either.
    public var isEmpty: Bool { fields.isEmpty && putAside.isEmpty }

    /// True when `other` holds the same text as this draft (its fields, the edit and what
    /// the edit put aside), whatever writes of unknown outcome either carries: the form's
    /// own text, put back and taken again, carries the session's (``carrying(_:)``).
    public func holdsSameText(as other: FormDraft) -> Bool {
        fields == other.fields && editing == other.editing && putAside == other.putAside
    }
}

/// The identity of one kept draft in its store.
public struct DraftID: Hashable, Comparable, Sendable {
    /// The draft's row in the store.
    public let rawValue: Int64

    /// Wraps a row identifier.
    public init(rawValue: Int64) {
        self.rawValue = rawValue
    }

    public static func < (lhs: DraftID, rhs: DraftID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A draft a session took from its store (``CacheStore/takeDraft(before:)``): it holds
/// it until it keeps other text there or releases it, or until the session ends.
public struct TakenDraft: Equatable, Sendable {
    /// Where the draft is kept.
    public let id: DraftID
    /// The text and, for an edit, the cache it edits.
    public let draft: FormDraft
    /// How many other drafts of the same person are kept that no open session holds:
    /// offered one at a time.
    public let othersKept: Int

    public init(id: DraftID, draft: FormDraft, othersKept: Int) {
        self.id = id
        self.draft = draft
        self.othersKept = othersKept
    }
}

// MARK: - Stored form

extension FormDraft {
    /// The draft as both stores keep it: a JSON object whose texts are base64 of their
    /// UTF-8 bytes (so NUL and any Unicode round-trip, and a server's SQL can write one),
    /// `{"fields": {"title": "…"}, "putAside": {…}, "editing": {"id": 7, "fields": {…},
    /// "code": "GC…", "latitude": …, "longitude": …, "listing": "…"}}`; a draft carrying
    /// writes of unknown outcome adds `"pending": [{"write": "<uuid>", "cache": {…},
    /// "base": {…}}]` (`base`, as `editing`, only for a Save; an Add's `cache` has id 0).
    func encoded() -> [UInt8] {
        func texts(_ fields: [GeoCache.Field: String]) -> [String: Data] {
            Dictionary(uniqueKeysWithValues: fields.map { ($0.key.rawValue, Data($0.value.utf8)) })
        }
        func encode(_ stored: StoredCache) -> Record.Base {
            Record.Base(id: stored.id.rawValue, fields: texts(stored.cache.valuesByField), code: stored.cache.code,
                        latitude: stored.cache.coordinate?.latitudeMicrodegrees,
                        longitude: stored.cache.coordinate?.longitudeMicrodegrees,
                        listing: ListingEncoding.encode(stored.cache.listing).map { Data($0) })
        }
        let writes = pending.compactMap { write -> Record.Pending? in
            switch write.action {
            case .add(let cache):
                Record.Pending(write: write.id.description, base: nil, cache: encode(StoredCache(id: CacheID(rawValue: 0), cache: cache)))
            case .update(let base, let cache):
                Record.Pending(write: write.id.description, base: encode(base), cache: encode(StoredCache(id: base.id, cache: cache)))
            default:
                nil
            }
        }
        let record = Record(fields: texts(fields), putAside: putAside.isEmpty ? nil : texts(putAside),
                            editing: editing.map(encode), pending: writes.isEmpty ? nil : writes)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return Array((try? encoder.encode(record)) ?? Data("{\"fields\":{}}".utf8))
    }

    /// The draft `bytes` hold (``encoded()``); nil when they are not one (written by
    /// other SQL, or damaged): such a row is passed over, never a reason not to start.
    init?(encoded bytes: [UInt8]) {
        guard let record = try? JSONDecoder().decode(Record.self, from: Data(bytes)) else { return nil }
        func texts(_ stored: [String: Data]?) -> [GeoCache.Field: String] {
            var fields: [GeoCache.Field: String] = [:]
            for (name, data) in stored ?? [:] {
                if let field = GeoCache.Field(rawValue: name) { fields[field] = String(decoding: data, as: UTF8.self) }
            }
            return fields
        }
        func decode(_ base: Record.Base) -> StoredCache {
            var coordinate: Coordinate?
            if let latitude = base.latitude, let longitude = base.longitude {
                coordinate = Coordinate(latitudeMicrodegrees: latitude, longitudeMicrodegrees: longitude)
            }
            let fields = texts(base.fields)
            let listing = base.listing.flatMap { ListingEncoding.decode(Array($0)) } ?? .empty
            return StoredCache(id: CacheID(rawValue: base.id),
                               cache: GeoCache(title: fields[.title] ?? "", details: fields[.details] ?? "",
                                               creator: fields[.creator] ?? "", reward: fields[.reward] ?? "",
                                               code: base.code, coordinate: coordinate, listing: listing))
        }
        let pending = (record.pending ?? []).compactMap { write -> PendingWrite? in
            guard let uuid = UUID(uuidString: write.write) else { return nil }
            let cache = decode(write.cache).cache
            return PendingWrite(id: WriteID(uuid: uuid), action: write.base.map { .update(base: decode($0), to: cache) } ?? .add(cache))
        }
        self.init(fields: texts(record.fields), editing: record.editing.map(decode), putAside: texts(record.putAside),
                  pending: pending)
    }

    /// ``encoded()``'s JSON, as Swift decodes and encodes it.
    private struct Record: Codable {
        struct Base: Codable {
            var id: Int64
            var fields: [String: Data]
            var code: String?
            var latitude: Int32?
            var longitude: Int32?
            var listing: Data?
        }

        /// A write of unknown outcome: an Add of `cache`, or a Save of `cache` over `base`.
        struct Pending: Codable {
            var write: String
            var base: Base?
            var cache: Base
        }

        var fields: [String: Data]
        var putAside: [String: Data]?
        var editing: Base?
        var pending: [Pending]?
    }
}
