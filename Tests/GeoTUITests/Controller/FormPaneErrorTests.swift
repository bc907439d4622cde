import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// What the pane says when something did not happen: its title names what failed (set
/// where it failed, not guessed from the mode the form is in once a prompt has closed),
/// and a prompt whose cache another session deleted says whose the prompt is.
@Suite struct FormPaneErrorTests {
    static let oak: GeoCache = {
        var cache = GeoCache.sample("Oak")
        cache.code = "GC1OAK"
        return cache
    }()
    static let ash: GeoCache = {
        var cache = GeoCache.sample("Ash")
        cache.code = "GC2ASH"
        return cache
    }()

    /// A text a prompt refuses, entered: the pane's title names what did not happen,
    /// though the prompt is still open (or, for coordinates, closed).
    @Test(arguments: [
        ([Key.alt("c")], "nowhere", "Not kept"),
        ([Key.control("g"), .control("u")], "nowhere", "Not stored"),
        ([Key.alt("s")], "colour blue", "Filter unchanged"),
    ])
    func aRefusedPromptsPaneIsTitledByWhatDidNotHappen(_ opening: [Key], _ typed: String, _ title: String) throws {
        let form = try FormHarness(caches: [Self.oak])
        for key in opening { form.press(key) }
        form.type(typed)
        form.press(.enter)
        #expect(form.screen.contains("┌ \(title)"), "\(form.screen)")
    }

    /// A form showing Oak (then Ash), the prompt `key` opens open on Oak with `text`
    /// typed in it, after another session deleted Oak; and that session's store.
    private func promptWhoseCacheIsDeletedElsewhere(_ key: Key, typing text: String) throws -> (FormHarness, SQLiteStore) {
        let form = try FormHarness(caches: [Self.oak, Self.ash])
        form.press(key)
        form.type(text)
        let other = try SQLiteStore(url: form.storeURL)
        _ = try other.delete(try #require(try other.first()))
        form.idle()
        return (form, other)
    }

    @Test func anAddOfEmptyFieldsIsTitledNotAdded() throws {
        let form = try FormHarness(caches: [Self.oak])
        form.press(.control("s"))
        #expect(form.screen.contains("┌ Not added"), "\(form.screen)")
    }

    @Test func aPromptWhoseCacheIsDeletedElsewhereSaysWhoseItIsAndKeepsTheText() throws {
        let (form, other) = try promptWhoseCacheIsDeletedElsewhere(.alt("n"), typing: "under the root")
        #expect(form.screen.contains("“Oak” (GC1OAK) was deleted in another session while the prompt was open"),
                "\(form.screen)")
        #expect(!form.screen.contains("Title:   Ash"))
        #expect(form.status.hasPrefix(" Note: under the root"))
    }

    @Test func enterAfterThePromptsCacheWasDeletedKeepsItForThatCodeAlone() throws {
        let (form, other) = try promptWhoseCacheIsDeletedElsewhere(.alt("n"), typing: "under the root")
        form.press(.enter)
        let book = try other.ownData()
        #expect(book.of(Self.oak).note == "under the root")
        #expect(book.of(Self.ash).note.isEmpty)
        #expect(form.screen.contains("Title:   Ash"))
        #expect(form.status.hasSuffix("GC1OAK: Note kept"))
    }

    @Test func escAfterThePromptsCacheWasDeletedKeepsNothingAndShowsTheNextCache() throws {
        let (form, other) = try promptWhoseCacheIsDeletedElsewhere(.alt("l"), typing: "found it")
        #expect(form.screen.contains("┌ Not logged"))
        form.press(.escape)
        #expect(try other.visits().isEmpty)
        #expect(form.screen.contains("Title:   Ash"))
    }
}
