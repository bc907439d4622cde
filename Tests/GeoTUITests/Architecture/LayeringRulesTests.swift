import Testing

/// The checks behind ``ArchitectureRulesTests``, run on small sources that break the
/// rules (or only seem to), so a check that stopped finding anything would fail here.
@Suite struct LayeringRulesTests {
    private func widget(_ text: String) -> [SourceFile] {
        [SourceFile(path: "Sources/GeoTUI/Widgets/Fixture.swift", text: text)]
    }

    @Test func anImportOfTheModelIsFound() {
        let files = widget("import Foundation\nimport GeoModel\n\nstruct Card {}\n")
        #expect(LayeringRules.imports(of: "GeoModel", in: files)
            == [RuleViolation(path: "Sources/GeoTUI/Widgets/Fixture.swift", line: 2, what: "imports GeoModel")])
    }

    @Test func importsWithAttributesOrKindsAreFound() {
        let files = widget("""
            @preconcurrency import CNcurses
            @testable import GeoModel
            import struct GeoModel.GeoCache
            import func CNcurses.doupdate
            """)
        #expect(LayeringRules.imports(of: "CNcurses", in: files).map(\.line) == [1, 4])
        #expect(LayeringRules.imports(of: "GeoModel", in: files).map(\.line) == [2, 3])
    }

    @Test func importsInCommentsAndStringsAreIgnored() {
        let files = widget("""
            // import GeoModel
            /* import GeoModel
               /* nested */ import GeoModel */
            let note = "import GeoModel"
            let block = \"""
                import GeoModel
                \"""
            """)
        #expect(LayeringRules.imports(of: "GeoModel", in: files) == [])
    }

    @Test func aReexportIsFound() {
        let files = widget("@_exported import CNcurses\nimport CNcurses\n")
        #expect(LayeringRules.reexports(of: "CNcurses", in: files).map(\.line) == [1])
    }

    @Test func ncursesCallsTypesAndShimHelpersAreFound() {
        let files = widget("""
            func draw(_ pad: UnsafeMutablePointer<WINDOW>) {
                wrefresh(pad)
                let screen = cn_stdscr()
                if code == KEY_RESIZE { doupdate () }
            }
            """)
        #expect(LayeringRules.ncursesUses(in: files).map(\.what) == [
            "uses ncurses: WINDOW", "uses ncurses: wrefresh", "uses ncurses: cn_stdscr",
            "uses ncurses: KEY_RESIZE", "uses ncurses: doupdate",
        ])
        #expect(LayeringRules.ncursesUses(in: files).map(\.line) == [1, 2, 3, 4, 4])
    }

    @Test func namesLikeNcursesThatAreNotCallsOfItAreIgnored() {
        let files = widget(#"""
            // doupdate() is the terminal's business; so are WINDOW and cn_stdscr().
            let message = "newterm(\(name)) failed"
            let raw = #"wrefresh("x")"#
            pad.wmove(1, 2)
            let keypad = rawValue
            """#)
        #expect(LayeringRules.ncursesUses(in: files) == [])
    }

    @Test func aTerminalTypeNamedInAViewIsFound() {
        let files = widget("""
            /// Drawn by the Terminal.
            struct Badge { var event: TerminalEvent?; var terminalName = "Terminal" }
            """)
        #expect(LayeringRules.uses(of: ["Terminal", "TerminalEvent"], in: files).map(\.what)
            == ["uses TerminalEvent"])
    }

    @Test func onlyTopLevelTypesAreCollected() {
        let file = SourceFile(path: "Sources/GeoTUI/Terminal/Fixture.swift", text: """
            public final class Terminal {
                struct Cell {}
            }
            enum EventWait {}
            struct ColorPairTable: Hashable {}
            @frozen public enum Mode<Value> {}
            extension Canvas {}
            """)
        #expect(SourceScanner.topLevelTypeNames(in: file) == ["Terminal", "EventWait", "ColorPairTable", "Mode"])
    }
}
