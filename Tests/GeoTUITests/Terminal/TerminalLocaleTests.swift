import Testing
@testable import GeoTUI

/// Which locale names ``TerminalLocale`` takes as UTF-8 (else it falls back to C.UTF-8).
@Suite struct TerminalLocaleTests {
    @Test("a locale name is UTF-8 when it names the codeset, in any case and with a modifier after it",
          arguments: ["en_US.UTF-8", "C.utf8", "de_DE.UTF-8@euro", "sv_SE.Utf-8", "C.UTF8"])
    func utf8Names(_ name: String) {
        #expect(TerminalLocale.isUTF8(name))
    }

    @Test("a locale name without a UTF-8 codeset is not", arguments: ["C", "POSIX", "en_US.ISO-8859-1", "utf", "", "de_DE@euro"])
    func otherNames(_ name: String) {
        #expect(!TerminalLocale.isUTF8(name))
    }
}
