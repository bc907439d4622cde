import Foundation
import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// The store's file deleted, replaced or overwritten in place while the form is open:
/// nothing is written to either file, the typed text stays, and `F5` reopens what is at
/// the path now.
@Suite struct LostStoreTests {
    private let two: [GeoCache] = [.sample("One"), .sample("Two")]

    private func deleteStore(of form: FormHarness) throws {
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: form.storeURL.path + suffix)
        }
    }

    /// Moves a new store holding `caches` over the form's store file.
    private func replaceStore(of form: FormHarness, with caches: [GeoCache]) throws {
        let other = form.directory.appendingPathComponent("other.sqlite")
        do {
            let store = try SQLiteStore(url: other)
            for cache in caches { try store.add(cache) }
        }
        #expect(rename(other.path, form.storeURL.path) == 0)
    }

    /// Copies a new store holding `caches` over the form's store file in place, as
    /// `cp other.sqlite caches.sqlite` does (the same inode, other bytes), from another
    /// process: this one must not open the store file outside SQLite.
    private func copyStore(over form: FormHarness, with caches: [GeoCache]) throws {
        let other = form.directory.appendingPathComponent("other.sqlite")
        try SQLiteStore(url: other).saveCaches(caches)
        #expect(try GeocacheTUIBinary.runTool("/bin/cp", [other.path, form.storeURL.path]).status == 0)
    }

    /// SQLite's full check of the form's store file, once the form's store let it go.
    private func integrity(of form: FormHarness) throws -> String {
        try SQLiteStore(url: form.storeURL).integrityCheck()
    }

    /// Moves the form's store file away (the form notices) and back, then presses F5.
    private func moveAwayAndBackThenReopen(_ form: FormHarness) throws {
        let moved = form.storeURL.path + ".moved"
        #expect(rename(form.storeURL.path, moved) == 0)
        form.idle()
        #expect(rename(moved, form.storeURL.path) == 0)
        form.press(.function(5))
    }

    private func typeCache(_ title: String, into form: FormHarness) {
        for (index, text) in [title, "\(title) details", "\(title) creator", "\(title) reward"].enumerated() {
            form.type(text)
            if index < 3 { form.press(.tab) }
        }
    }

    @Test func anAddAfterTheStoreWasDeletedIsRefusedAndKeepsTheText() throws {
        let form = try FormHarness(caches: two)
        try deleteStore(of: form)
        typeCache("Mine", into: form)
        form.press(.control("s"))
        #expect(form.screen.contains("Could not save the cache"))
        #expect(form.status.contains("caches.sqlite was deleted: nothing written. F5 reopens"))
        #expect(form.fieldTexts == ["Mine", "Mine details", "Mine creator", "Mine reward"])
        #expect(!FileManager.default.fileExists(atPath: form.storeURL.path))
    }

    @Test func theIdleCheckSaysTheStoreWasReplaced() throws {
        let form = try FormHarness(caches: two)
        try replaceStore(of: form, with: [.sample("Theirs")])
        form.idle()
        #expect(form.status.contains("caches.sqlite was replaced: nothing written. F5 reopens"))
    }

    @Test func anAddAfterTheStoreWasReplacedLeavesTheReplacementAsItWas() throws {
        let form = try FormHarness(caches: two)
        try replaceStore(of: form, with: [.sample("Theirs")])
        typeCache("Mine", into: form)
        form.press(.control("s"))
        #expect(form.fieldTexts[0] == "Mine")
        #expect(try SQLiteStore(url: form.storeURL).loadCaches().map(\.title) == ["Theirs"])
    }

    @Test func reloadOpensTheReplacementAndTheNextAddGoesIntoIt() throws {
        let form = try FormHarness(caches: two)
        try replaceStore(of: form, with: [.sample("Theirs")])
        typeCache("Mine", into: form)
        form.press(.control("s"), .function(5))
        #expect(form.status.contains("Reopened caches.sqlite"))
        #expect(form.screen.contains("Title:   Theirs"))
        form.press(.control("s"))
        #expect(try SQLiteStore(url: form.storeURL).loadCaches().map(\.title) == ["Theirs", "Mine"])
    }

    @Test("the store F5 reopens keeps the form's short lock wait, not SQLite's 10 s that froze the form")
    func reloadKeepsTheFormsWaits() throws {
        let form = try FormHarness(caches: two)
        // The terminal's input, as the running form attaches it: the store gets its waits.
        form.controller.attach(WaitingInput(descriptors: [], read: { [] }, unanswered: { false }))
        try replaceStore(of: form, with: [.sample("Theirs")])
        form.idle()
        let before = form.model.store
        #expect(before.lockWait < 1)
        form.press(.function(5))
        #expect(form.status.contains("Reopened caches.sqlite"))
        let after = form.model.store
        #expect(after !== before)
        #expect(after.lockWait == before.lockWait)
    }

    @Test func reloadAfterADeletionStartsANewStoreThere() throws {
        let form = try FormHarness(caches: two)
        try deleteStore(of: form)
        form.idle()
        form.press(.function(5))
        #expect(form.status.hasPrefix(" No caches yet"))
        #expect(FileManager.default.fileExists(atPath: form.storeURL.path))
    }

    @Test func anAddAfterAFileWasCopiedOverTheStoreIsRefusedKeepsTheTextAndLeavesTheCopySound() throws {
        let form = try FormHarness(caches: two)
        try copyStore(over: form, with: [.sample("Theirs"), .sample("Also theirs")])
        typeCache("Mine", into: form)
        form.press(.control("s"))
        #expect(form.screen.contains("Could not save the cache"))
        #expect(form.status.contains("caches.sqlite was copied over: nothing written. F5 reopens"))
        #expect(form.fieldTexts == ["Mine", "Mine details", "Mine creator", "Mine reward"])
        #expect(try SQLiteStore(url: form.storeURL).loadCaches().map(\.title) == ["Theirs", "Also theirs"])
        #expect(try integrity(of: form) == "ok")
    }

    @Test func theIdleCheckSaysAFileWasCopiedOverTheStore() throws {
        let form = try FormHarness(caches: two)
        try copyStore(over: form, with: [.sample("Theirs")])
        form.idle()
        #expect(form.status.contains("caches.sqlite was copied over: nothing written. F5 reopens"))
    }

    /// `count` caches of 3,000 characters of details each: about a page apiece.
    private static func long(_ count: Int) -> [GeoCache] {
        (1...count).map { GeoCache(title: "Long \($0)", details: String(repeating: "d", count: 3000),
                                   creator: "c", reward: "r") }
    }

    @Test func aSmallerStoreCopiedOverWhileTextIsTypedIsSaidCopiedOverNotDamaged() throws {
        // A store of more pages than the one copied in: the session's pages point past its end.
        let form = try FormHarness(caches: Self.long(13), opening: true)
        try form.finishOpening()
        form.type("typed")
        form.idle()
        try copyStore(over: form, with: [.sample("Theirs")])
        form.idle()
        #expect(form.status.contains("caches.sqlite was copied over: nothing written. F5 reopens"), "\(form.status)")
        form.press(.function(5))
        #expect(form.screen.contains("Title:   Theirs"))
    }

    @Test func aStoreCutShortWhileOpenIsShownDamagedAndReadOnlyAndRefusesAnAdd() throws {
        // More pages than a connection keeps (128 KiB), all in the file (a copy put in
        // place, checked after it opened): the last cache is read from the file.
        let form = try FormHarness(caches: Self.long(200), opening: true)
        try form.finishOpening()
        if let descriptor = form.model.integrityDescriptor {
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&ready, 1, 10_000)
        }
        form.idle()
        #expect(!form.title.contains("(read-only)"))
        #expect(truncate(form.storeURL.path, 4096) == 0)
        form.press(.alt(">"))
        #expect(form.title.contains("(read-only)"), "\(form.title)")
        #expect(form.status.hasSuffix("caches.sqlite is damaged: read-only"), "\(form.status)")
        #expect(form.screen.contains("┌ Store damaged"))
        #expect(form.model.storeDamage != nil)
        typeCache("Mine", into: form)
        form.press(.control("s"))
        #expect(form.fieldTexts.first == "Mine")
        #expect(try Data(contentsOf: form.storeURL).count == 4096)
    }

    @Test func reloadAfterACopyOverTheStoreOpensTheCopyAndTheNextAddGoesIntoIt() throws {
        let form = try FormHarness(caches: two)
        try copyStore(over: form, with: [.sample("Theirs")])
        typeCache("Mine", into: form)
        form.press(.control("s"), .function(5))
        #expect(form.status.contains("Reopened caches.sqlite"))
        #expect(form.screen.contains("Title:   Theirs"))
        form.press(.control("s"))
        #expect(try SQLiteStore(url: form.storeURL).loadCaches().map(\.title) == ["Theirs", "Mine"])
        #expect(try integrity(of: form) == "ok")
    }

    @Test("a draft held when the store was moved away and back is deleted by emptying the fields and quitting after F5")
    func aDraftHeldAcrossAReopenOfTheSameFileIsDeletedWhenEmptied() throws {
        let form = try FormHarness(caches: two, draft: [.title: "R1"])
        #expect(form.fieldTexts[0] == "R1")
        try moveAwayAndBackThenReopen(form)
        #expect(form.status.contains("Reopened caches.sqlite"), "\(form.status)")
        form.press(.control("u"))
        form.controller.finish()
        #expect(try SQLiteStore(url: form.storeURL).keptDrafts().isEmpty)
    }

    @Test("a draft held in a store replaced under the form is kept anew in the file there after F5, unchanged")
    func aDraftHeldInAReplacedStoreIsKeptAnewInTheNewOne() throws {
        let form = try FormHarness(caches: two, draft: [.title: "R1"])
        try replaceStore(of: form, with: [.sample("Theirs")])
        form.idle()
        form.press(.function(5))
        form.controller.finish()
        #expect(try SQLiteStore(url: form.storeURL).keptDrafts().map(\.fields) == [[.title: "R1"]])
    }

    @Test("F5 after the store was moved away and back shows the cache it showed, not the first")
    func reopeningTheSameFileKeepsTheCacheShown() throws {
        let form = try FormHarness(caches: two)
        form.press(.control("n"))
        try moveAwayAndBackThenReopen(form)
        #expect(form.status.hasPrefix(" Cache 2 of 2"), "\(form.status)")
        #expect(form.screen.contains("Title:   Two"), "\(form.screen)")
    }

    @Test func quittingAfterTheStoreWasDeletedReportsTheTypedText() throws {
        let form = try FormHarness(caches: two)
        try deleteStore(of: form)
        form.type("Kept somewhere")
        form.controller.finish()
        let problems = form.controller.finishProblems.joined(separator: "\n")
        #expect(problems.contains("could not keep the unsaved fields as a draft"))
        #expect(problems.contains("Title: Kept somewhere"))
    }
}
