import Testing
@testable import GeoTUI

/// ``TextFitting/clipped(_:width:)``: a text cut by characters, for a first word too
/// wide for ``TextFitting/fitted(_:width:)`` to show any of it.
@Suite struct TextClippingTests {
    @Test("a text that fits is kept whole")
    func aTextThatFitsIsKept() {
        #expect(TextFitting.clipped("GC1A2B3", width: 7) == "GC1A2B3")
    }

    @Test("a text too wide keeps its first characters that fit before …")
    func aTextTooWideIsCutWithAnEllipsis() {
        #expect(TextFitting.clipped("GC1A2B3 Old Oak", width: 5) == "GC1A…")
    }

    @Test("a wide character that would pass the width is left out whole")
    func aWideCharacterIsNeverSplit() {
        #expect(TextFitting.clipped("東京タワー", width: 6) == "東京…")
    }

    @Test("no space is left before the …")
    func noSpaceBeforeTheEllipsis() {
        #expect(TextFitting.clipped("GC1 Old", width: 5) == "GC1…")
    }
}
