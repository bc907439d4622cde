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

    @Test func aFinalThatIsNoCoordinateIsTitledNotKept() throws {
        let form = try FormHarness(caches: [Self.oak])
        form.press(.alt("c"))
        form.type("nowhere")
        form.press(.enter)
        #expect(form.screen.contains("┌ Not kept"), "\(form.screen)")
    }

    @Test func coordinatesThatAreNoneOfTheKnownFormsAreTitledNotStored() throws {
        let form = try FormHarness(caches: [Self.oak])
        form.press(.control("g"), .control("u"))
        form.type("nowhere")
        form.press(.enter)
        #expect(form.screen.contains("┌ Not stored"), "\(form.screen)")
    }

    @Test func aFilterThatIsNoFilterIsTitledFilterUnchanged() throws {
        let form = try FormHarness(caches: [Self.oak])
        form.press(.alt("s"))
        form.type("colour blue")
        form.press(.enter)
        #expect(form.screen.contains("┌ Filter unchanged"), "\(form.screen)")
    }

    @Test func anAddOfEmptyFieldsIsTitledNotAdded() throws {
        let form = try FormHarness(caches: [Self.oak])
        form.press(.control("s"))
        #expect(form.screen.contains("┌ Not added"), "\(form.screen)")
    }

    @Test func aPromptWhoseCacheIsDeletedElsewhereSaysWhoseItIsAndKeepsTheText() throws {
        let form = try FormHarness(caches: [Self.oak, Self.ash])
        form.press(.alt("n"))
        form.type("under the root")
        let other = try SQLiteStore(url: form.storeURL)
        _ = try other.delete(try #require(try other.first()))
        form.idle()
        #expect(form.screen.contains("“Oak” (GC1OAK) was deleted in another session while the prompt was open"),
                "\(form.screen)")
        #expect(!form.screen.contains("Title:   Ash"))
        #expect(form.status.hasPrefix(" Note: under the root"))
    }

    @Test func enterAfterThePromptsCacheWasDeletedKeepsItForThatCodeAlone() throws {
        let form = try FormHarness(caches: [Self.oak, Self.ash])
        form.press(.alt("n"))
        form.type("under the root")
        let other = try SQLiteStore(url: form.storeURL)
        _ = try other.delete(try #require(try other.first()))
        form.idle()
        form.press(.enter)
        let book = try other.ownData()
        #expect(book.of(Self.oak).note == "under the root")
        #expect(book.of(Self.ash).note.isEmpty)
        #expect(form.screen.contains("Title:   Ash"))
    }

    @Test func escAfterThePromptsCacheWasDeletedKeepsNothingAndShowsTheNextCache() throws {
        let form = try FormHarness(caches: [Self.oak, Self.ash])
        form.press(.alt("l"))
        form.type("found it")
        let other = try SQLiteStore(url: form.storeURL)
        _ = try other.delete(try #require(try other.first()))
        form.idle()
        #expect(form.screen.contains("┌ Not logged"))
        form.press(.escape)
        #expect(try other.visits().isEmpty)
        #expect(form.screen.contains("Title:   Ash"))
    }
}
