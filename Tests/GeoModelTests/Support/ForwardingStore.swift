import Foundation
@testable import GeoModel
import GeoTestSupport

/// A store that hands every call to a real one: a test subclasses it to change one
/// answer (a read that fails, another session's change between two reads) and keeps
/// the rest real.
class ForwardingStore: CacheStore {
    let base: any CacheStore

    init(_ base: any CacheStore) {
        self.base = base
    }

    var name: String { base.name }
    var shortName: String { base.shortName }
    func count() throws -> Int { try base.count() }
    func first() throws -> StoredCache? { try base.first() }
    func openingContents() throws -> StoreContents { try base.openingContents() }
    func last() throws -> StoredCache? { try base.last() }
    func cache(after id: CacheID) throws -> StoredCache? { try base.cache(after: id) }
    func cache(before id: CacheID) throws -> StoredCache? { try base.cache(before: id) }
    func cache(_ id: CacheID) throws -> StoredCache? { try base.cache(id) }
    func cache(atPosition position: Int) throws -> StoredCache? { try base.cache(atPosition: position) }
    func position(of id: CacheID) throws -> Int { try base.position(of: id) }
    func contains(_ cache: GeoCache) throws -> Bool { try base.contains(cache) }
    func forEachCache(_ body: (StoredCache) throws -> Void) throws { try base.forEachCache(body) }
    func cache(withCode code: String) throws -> StoredCache? { try base.cache(withCode: code) }
    func forEachNearest(to origin: Coordinate, limit: Int?, _ body: (StoredCache, NearestKey) throws -> Void) throws {
        try base.forEachNearest(to: origin, limit: limit, body)
    }
    func walkNearest(to origin: Coordinate, from key: NearestKey?, forward: Bool,
                     _ body: (StoredCache, NearestKey) throws -> Bool) throws {
        try base.walkNearest(to: origin, from: key, forward: forward, body)
    }

    func forEachMatch(of text: String, limit: Int?, _ body: (StoredCache) throws -> Void) throws {
        try base.forEachMatch(of: text, limit: limit, body)
    }

    func matchIDs(_ text: String) throws -> [CacheID] { try base.matchIDs(text) }
    func append(_ cache: GeoCache, as write: WriteID) throws -> (stored: StoredCache, count: Int) {
        try base.append(cache, as: write)
    }
    func saveCaches(_ caches: [GeoCache], as write: WriteID) throws { try base.saveCaches(caches, as: write) }
    func update(_ stored: StoredCache, to cache: GeoCache, as write: WriteID) throws -> StoredCache {
        try base.update(stored, to: cache, as: write)
    }
    func delete(_ stored: StoredCache, as write: WriteID) throws -> Int { try base.delete(stored, as: write) }

    func importCaches(from sources: [ImportSource], skipInvalid: Bool, existing: ExistingCaches,
                      interruption: ImportInterruption?, as write: WriteID) throws -> ImportReport {
        try base.importCaches(from: sources, skipInvalid: skipInvalid, existing: existing, interruption: interruption,
                              as: write)
    }

    func takeDraft(before id: DraftID?) throws -> TakenDraft? { try base.takeDraft(before: id) }
    func keepDraft(_ draft: FormDraft, in id: DraftID?, holding: Bool, as write: WriteID) throws -> DraftID? {
        try base.keepDraft(draft, in: id, holding: holding, as: write)
    }
    func releaseDraft(_ id: DraftID) throws { try base.releaseDraft(id) }
    func keptDrafts() throws -> [FormDraft] { try base.keptDrafts() }
    func ownData(includingVisits: Bool, onlyCode: String?) throws -> OwnData.Book {
        try base.ownData(includingVisits: includingVisits, onlyCode: onlyCode)
    }
    func setOwnData(_ data: OwnData, forCode code: String, from base: OwnData?, overChanges: Bool,
                    as write: WriteID) throws -> OwnData {
        try self.base.setOwnData(data, forCode: code, from: base, overChanges: overChanges, as: write)
    }
    func recordVisits(_ visits: [Visit], as write: WriteID) throws -> VisitsRecorded {
        try base.recordVisits(visits, as: write)
    }
    func visits() throws -> [StoredVisit] { try base.visits() }
    func markVisitsExported(_ visits: [Visit], as write: WriteID) throws { try base.markVisitsExported(visits, as: write) }
    func hasChangedExternally() throws -> Bool { try base.hasChangedExternally() }
    var changeDescriptor: Int32? { base.changeDescriptor }
    var recheckDelay: Duration? { base.recheckDelay }
    func reopened() throws -> any CacheStore { try base.reopened() }
    var protectedPaths: [String] { base.protectedPaths }
    func prepareForExit() { base.prepareForExit() }
}
