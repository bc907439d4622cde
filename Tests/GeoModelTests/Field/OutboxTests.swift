import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// The outbox file: changes kept in order, on disk, for every process that opens it.
@Suite struct OutboxTests {
    /// A stored-looking cache with a code, as an edit or delete starts from.
    static let coded = GeoCache(title: "Mill", details: "By the wheel", creator: "cy", reward: "Pencil", code: "GT2345678")

    @Test func changesKeepTheOrderTheyWereQueuedIn() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let outbox = try Outbox(files: home.files())
        try outbox.queueAdd(Samples.oak)
        try outbox.queueEdit(of: Self.coded, to: Self.coded.titled("Old Mill"))
        try outbox.queueAdd(Samples.bridge)
        try outbox.queueDelete(Self.coded)
        let changes = try outbox.changes()
        #expect(changes.map(\.kind) == [.add, .edit, .add, .delete])
        // The delete starts from what the edit before it makes of the cache.
        #expect(changes.map(\.title) == ["Old Oak", "Old Mill", "Bridge", "Old Mill"])
        #expect(changes.map(\.sequence) == changes.map(\.sequence).sorted())
        #expect(Set(changes.map(\.write)).count == 4)
        #expect(try outbox.count() == 4)
    }

    @Test func anEditOrDeleteAfterAWaitingChangeOfTheCacheStartsFromWhatThatChangeMakesOfIt() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let outbox = try Outbox(files: home.files())
        let renamed = try outbox.queueEdit(of: Self.coded, to: Self.coded.titled("Old Mill"))
        // The member still saw the version before the edit (a form's shown cache).
        let rewarded = try outbox.queueEdit(of: Self.coded, to: Self.coded.titled("Old Mill").withReward("Coin"))
        #expect(rewarded.base == renamed.cache)
        let deleted = try outbox.queueDelete(Self.coded)
        #expect(deleted.base == rewarded.cache)
        #expect(try outbox.changes().map(\.base) == [Self.coded, renamed.cache, rewarded.cache])
    }

    @Test func anEditOfACacheAWaitingChangeDeletesIsRefusedAndNothingIsKept() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let outbox = try Outbox(files: home.files())
        let deleted = try outbox.queueDelete(Self.coded)
        #expect(throws: OutboxError.deletedAlready(deleted.sequence, title: "Mill")) {
            try outbox.queueEdit(of: Self.coded, to: Self.coded.titled("Old Mill"))
        }
        #expect(try outbox.count() == 1)
    }

    @Test func changesSurviveReopening() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        var kept: [QueuedChange] = []
        do {
            let outbox = try Outbox(files: home.files())
            kept.append(try outbox.queueAdd(Samples.oak))
            kept.append(try outbox.queueEdit(of: Self.coded, to: Self.coded.titled("Old Mill")))
            kept.append(try outbox.queueDelete(Self.coded))
        }
        #expect(try Outbox(files: home.files()).changes() == kept)
    }

    @Test func aQueuedAddWithoutACodeIsGivenOneAndACodeGivenIsKept() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let outbox = try Outbox(files: home.files())
        let generated = try outbox.queueAdd(Samples.oak)
        #expect(generated.code.hasPrefix(CacheCode.prefix))
        #expect(generated.cache?.code == generated.code)
        var coded = Samples.bridge
        coded.code = " gc1a2b3 "
        #expect(try outbox.queueAdd(coded).code == "GC1A2B3")
    }

    @Test func anEditKeepsTheCodeOfTheVersionItWasMadeFrom() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        var edited = Self.coded.titled("Old Mill")
        edited.code = nil
        let change = try Outbox(files: home.files()).queueEdit(of: Self.coded, to: edited)
        #expect(change.code == "GT2345678")
        #expect(change.cache?.code == "GT2345678")
        #expect(change.base == Self.coded)
    }

    @Test func anInvalidCacheIsRefusedAndNothingIsKept() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let outbox = try Outbox(files: home.files())
        let invalid = GeoCache(title: "Old Oak", details: " ", creator: "ana", reward: "")
        #expect(throws: GeoCacheValidationError.self) { try outbox.queueAdd(invalid) }
        #expect(throws: GeoCacheValidationError.self) { try outbox.queueEdit(of: Self.coded, to: invalid) }
        #expect(try outbox.count() == 0)
    }

    @Test func aCacheTheClubStoreCannotHoldIsRefusedAtOnce() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let outbox = try Outbox(files: home.files())
        let error = #expect(throws: StoreError.self) { try outbox.queueAdd(Samples.oak.titled("Old\u{0}Oak")) }
        guard case .nulCharacter(_, _, let field)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(field == "title")
        #expect(try outbox.count() == 0)
    }

    @Test func anEditOrDeleteOfACacheWithoutACodeIsRefused() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let outbox = try Outbox(files: home.files())
        #expect(throws: OutboxError.noCode(title: "Old Oak")) { try outbox.queueDelete(Samples.oak) }
        #expect(throws: OutboxError.noCode(title: "Old Oak")) { try outbox.queueEdit(of: Samples.oak, to: Samples.bridge) }
        #expect(try outbox.count() == 0)
    }

    @Test func twoOutboxesOnOneFileSeeEachOthersChanges() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let form = try Outbox(files: home.files())
        let command = try Outbox(files: home.files())
        try form.queueAdd(Samples.oak)
        try command.queueAdd(Samples.bridge)
        #expect(try form.changes().map(\.title) == ["Old Oak", "Bridge"])
        #expect(try command.changes() == form.changes())
        try command.discard(try command.changes()[0].sequence)
        #expect(try form.changes().map(\.title) == ["Bridge"])
    }

    @Test func theFilesAreOnlyForTheirOwner() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let files = home.files()
        try Outbox(files: files).queueAdd(Samples.oak)
        func mode(_ path: String) throws -> Int {
            try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
        }
        #expect(try mode(files.directory) == 0o700)
        #expect(try mode(files.outboxPath) == 0o600)
    }

    @Test func discardDropsOneChangeAndAnUnknownNumberIsSaidSo() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let outbox = try Outbox(files: home.files())
        let oak = try outbox.queueAdd(Samples.oak)
        try outbox.queueAdd(Samples.bridge)
        try outbox.discard(oak.sequence)
        #expect(try outbox.changes().map(\.title) == ["Bridge"])
        #expect(throws: OutboxError.noSuchChange(oak.sequence)) { try outbox.discard(oak.sequence) }
    }

    @Test("overwriting a change the server refused says it was refused and how to give it up, not that it waits")
    func overwritingARefusedChangeSaysItWasRefused() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let outbox = try Outbox(files: home.files())
        let oak = try outbox.queueAdd(Samples.oak)
        try outbox.recordRefusal(oak.sequence, reason: "permission denied")
        #expect(throws: OutboxError.refused(oak.sequence)) { try outbox.overwrite(oak.sequence) }
        #expect(OutboxError.refused(oak.sequence).description.contains("sync --discard \(oak.sequence) gives it up"))
    }

    @Test func overwritingAChangeThatIsNotInConflictIsRefused() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let outbox = try Outbox(files: home.files())
        let oak = try outbox.queueAdd(Samples.oak)
        #expect(throws: OutboxError.notInConflict(oak.sequence)) { try outbox.overwrite(oak.sequence) }
        #expect(throws: OutboxError.noSuchChange(oak.sequence + 1)) { try outbox.overwrite(oak.sequence + 1) }
        #expect(try outbox.changes() == [oak])
    }

    @Test func anOutboxThatCannotBeMadeIsAClearStoreError() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let blocker = home.directory.file("blocker")
        try Data("not a directory".utf8).write(to: blocker)
        let files = FieldFiles(serverURL: "postgresql://geo@127.0.0.1/club", environment: ["XDG_DATA_HOME": blocker.path])
        let error = #expect(throws: StoreError.self) { try Outbox(files: files) }
        guard case .cannotCreate(let path, _)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(path == files.outboxPath)
        #expect(error?.description.contains("cannot create") == true)
    }
}
