/// The finder's writes: visits and the person's own data, through the same rule as
/// every other write (sent, or kept here while a club store cannot be reached, and
/// delivered once), and reads that show what waits here as if it were stored.
extension WriteSession {
    /// Records `visits` (each validated): stored, or kept here. A visit the store holds
    /// already, one waiting here (logged while the club store was away) or one given
    /// twice in `visits` is counted, not added again: the same visit is its code, type
    /// and text within its minute (``Visit/minute``), as the stores take it.
    /// - Throws: ``FinderInputError`` (nothing written), what keeping it here met, and
    ///   the ``StoreError``s that are not outcomes.
    public func recordVisits(_ visits: [Visit]) throws -> WriteResult<VisitsRecorded> {
        let valid = try visits.map { visit throws(FinderInputError) in try visit.validated() }
        let waiting = Set(try waitingFinderChanges().flatMap { change -> [[String]] in
            guard change.refusal == nil, case .visits(let kept, _) = change.kind else { return [] }
            return kept.map(Self.sameVisit)
        })
        // A visit given twice (a file's repeated line) is one, as a store takes it.
        var seen = waiting, fresh: [Visit] = []
        for visit in valid where seen.insert(Self.sameVisit(visit)).inserted { fresh.append(visit) }
        let waitingAlready = valid.count - fresh.count
        guard !fresh.isEmpty else { return .stored(VisitsRecorded(alreadyKept: waitingAlready)) }
        return try perform(.recordVisits(fresh), keep: { .finder(try $0.queueVisits(fresh)) }) {
            try $0.recordVisits(fresh, as: $1)
        }.map { recorded in
            var all = recorded
            all.alreadyKept += waitingAlready
            return all
        }
    }

    /// What makes two visits the same one: the code as stores compare it, the type, the
    /// text and the minute.
    private static func sameVisit(_ visit: Visit) -> [String] {
        let normalized = visit.normalized
        return [normalized.code, normalized.type.rawValue, normalized.text, normalized.minute]
    }

    /// Keeps `data` as the person's own data on the cache `code` (validated): stored, or
    /// kept here; the value is what is stored (kept here, `data`). `base` is what the
    /// caller read and changed into `data`: only the parts changed from it are written,
    /// over what the store holds then (kept here, over what the server has when it is
    /// delivered), and a part another session changed meanwhile is refused, unless
    /// `overChanges` (a command that states the new value whole). Without `base`, `data`
    /// is written whole.
    /// - Throws: ``OwnDataEditError/changedElsewhere(code:parts:now:)`` (nothing
    ///   written or kept), ``FinderInputError``, what keeping it here met, and the
    ///   ``StoreError``s that are not outcomes.
    public func setOwnData(_ data: OwnData, forCode code: String, from base: OwnData? = nil,
                           overChanges: Bool = false) throws -> WriteResult<OwnData> {
        guard let code = CacheCode.normalized(code) else { throw FinderInputError.badCode(code) }
        let valid = try data.validated()
        return try perform(.setOwnData(code: code, valid, from: base, overChanges: overChanges), keep: { outbox in
            // What this machine shows now stands for the store's: the copy's, with what waits here.
            if let base, !overChanges {
                _ = try valid.written(over: try ownDataShownHere(forCode: code, else: base), from: base, forCode: code,
                                      overChanges: false)
            }
            return .finder(try outbox.queueOwnData(valid, from: base, overChanges: overChanges, forCode: code))
        }) {
            try $0.setOwnData(valid, forCode: code, from: base, overChanges: overChanges, as: $1)
        }
    }

    /// The person's data on the cache `code` as this machine shows it while writes are
    /// kept here: the copy's (`stored` while the copy is not shown, or there is none),
    /// with the changes waiting here applied over it.
    private func ownDataShownHere(forCode code: String, else stored: OwnData) throws -> OwnData {
        var data = stored
        if showsCopy {
            do {
                data = try readStore().ownData(includingVisits: false, onlyCode: code).of(code: code)
            } catch StoreError.noCopy {}
        }
        try forEachWaitingChange(to: code) { change in
            switch change {
            case .own(_, let kept): data = kept
            case .visit(let visit): data = data.afterVisit(visit)
            }
        }
        return data
    }

    /// The person's own data, and with `includingVisits` their visits: the store's (the
    /// copy's while it is shown), with what waits on this machine applied over it. While
    /// the club store cannot be read, `known` (what was read before) stands in for the
    /// store's, when given; away without a copy, what waits here is all there is. With
    /// `onlyCode`, only what is kept on that cache.
    public func ownData(knowing known: OwnData.Book? = nil, includingVisits: Bool = false,
                        onlyCode: String? = nil) throws -> OwnData.Book {
        let only = onlyCode.map { CacheCode.normalized($0) ?? $0 }
        var book = try readOwn(knowing: known, or: OwnData.Book()) {
            try $0.ownData(includingVisits: includingVisits, onlyCode: only)
        }
        try forEachWaitingChange(to: only) { change in
            switch change {
            case .own(let code, let data): book.byCode[code] = data.isEmpty ? nil : data
            case .visit(let visit):
                book.byCode[visit.code] = book.of(visit: visit).afterVisit(visit)
                if includingVisits { book.addVisit(visit) }
            }
        }
        return book
    }

    /// Whether the person found each cache and where they corrected it
    /// (``OwnData/Facts``), as ``ownData(knowing:includingVisits:onlyCode:)`` reads the
    /// whole: the store's, with what waits on this machine applied over it.
    public func ownFacts(knowing known: OwnData.Facts? = nil) throws -> OwnData.Facts {
        var facts = try readOwn(knowing: known, or: OwnData.Facts()) { try $0.ownFacts() }
        try forEachWaitingChange(to: nil) { change in
            switch change {
            case .own(let code, let data): facts.set(data, forCode: code)
            case .visit(let visit): if visit.type.findsTheCache { facts.markFound(code: visit.code) }
            }
        }
        return facts
    }

    /// What `read` reads from the store (the copy while it is shown); `known`, else
    /// `none`, where there is no copy, or while a club store that was read before cannot
    /// be reached.
    private func readOwn<Value>(knowing known: Value?, or none: Value,
                                _ read: (any CacheStore) throws -> Value) throws -> Value {
        do {
            return try read(readStore())
        } catch StoreError.noCopy {
            return known ?? none
        } catch let error as StoreError where known != nil && error.meansTheServerCannotBeReached {
            noteStoreError(error)
            return known ?? none
        }
    }

    /// A finder's change waiting on this machine, one cache's at a time.
    private enum WaitingChange {
        case own(code: String, OwnData)
        case visit(Visit)
    }

    /// Calls `body` with each finder's change waiting on this machine, in order (those
    /// to the cache `code` alone, when given). One the server refused is left out: it
    /// is never sent, so it is not the person's data (`sync --status` still lists it).
    private func forEachWaitingChange(to code: String?, _ body: (WaitingChange) throws -> Void) throws {
        for change in try waitingFinderChanges() where change.refusal == nil {
            switch change.kind {
            case .own(let changed, let data):
                if code == nil || changed == code { try body(.own(code: changed, data)) }
            case .visits(let visits, _):
                for visit in visits where code == nil || visit.code == code { try body(.visit(visit)) }
            }
        }
    }

    /// Every visit of the person: the store's, then those waiting on this machine (not
    /// on the server yet, nor refused by it; numbered from -1 down), each once.
    public func visits() throws -> [StoredVisit] {
        var all = store == nil || showsCopy ? [] : try readStore().visits()
        var seen = Set(all.map(\.visit))
        var number: Int64 = 0
        for change in try waitingFinderChanges() where change.refusal == nil {
            guard case .visits(let visits, let exported) = change.kind else { continue }
            for visit in visits where seen.insert(visit).inserted {
                number -= 1
                all.append(StoredVisit(id: number, visit: visit, exported: exported.contains(visit)))
            }
        }
        return all
    }

    /// Marks `visits` exported: on the store those it holds, here those that wait (an
    /// export to a file has carried them; their delivery marks them on the server).
    public func markVisitsExported(_ visits: [Visit]) throws {
        if hasOutbox { try outbox().markWaitingVisitsExported(visits) }
        guard let store, !showsCopy, unreachable == nil else { return }
        do {
            try store.markVisitsExported(visits, as: WriteID())
        } catch let error as StoreError where keepRule(error) {
            unreachable = error
        }
    }

    /// The finder's changes waiting on this machine (none without an outbox).
    public func waitingFinderChanges() throws -> [FinderChange] {
        guard hasOutbox else { return [] }
        return try outbox().finderChanges()
    }

    /// The finder's changes waiting on this machine whose rows cannot be read, in
    /// sequence order (none without an outbox): never delivered, given up with
    /// ``discardWaitingFinderChange(_:)``.
    public func unreadableWaitingFinderChanges() throws -> [UnreadableFinderChange] {
        guard hasOutbox else { return [] }
        return try outbox().unreadableFinderChanges()
    }

    /// Gives up the finder's change `sequence` waiting on this machine (one the server
    /// refused, which is never sent again, or one whose row cannot be read).
    /// - Throws: ``OutboxError/noSuchChange(_:)``, or what the outbox's file met.
    public func discardWaitingFinderChange(_ sequence: Int64) throws {
        try outbox().discardFinderChange(sequence)
    }
}

extension OwnData.Book {
    /// The data on the cache `visit` is for.
    func of(visit: Visit) -> OwnData { byCode[visit.code] ?? OwnData() }
}
