import GeoModel
import Testing
@testable import GeoTUI

/// The status line, title bar and help bar at every width from 1 to 120 columns: each
/// text shows whole, or its first whole words and `…`, never part of a word, whatever
/// its characters' widths.
@Suite struct StatusLineFittingTests {
    /// Notes the form shows, the long ones first: a store truncated under the form (the
    /// message a damaged store gives), wide characters, combining marks, one long word.
    static let notes = [
        FormText.storeProblem(FormText.storeError, StoreError.corrupt(
            path: "/home/ana/.local/share/geocache-tui/caches.sqlite", reason: "database disk image is malformed")),
        "“東京タワー 🗼” was deleted in another session; nothing deleted",
        "Cafe\u{301} cre\u{300}me bru\u{302}le\u{301}e saved over the other version",
        "Store unreachable, retrying; nothing is stored meanwhile",
        "Added",
        "/a/path/without/any/space/at/all/caches.sqlite",
    ]

    /// What a cell range of the row shows, without the blanks around it.
    private func shown(_ canvas: Canvas, from x: Int, to end: Int) -> String {
        var text = ""
        for column in max(0, x)..<max(max(0, x), min(end, canvas.size.width)) {
            if let c = canvas[column, 0].character { text.append(c) }
        }
        return text.trimmingSpaces
    }

    /// Whether `part` is `whole`, or `…` alone, or the first whole words of `whole` and `…`.
    private func isWholeOrWordPrefix(_ part: String, of whole: String) -> Bool {
        if part == whole || part.isEmpty || part == "…" { return true }
        guard part.last == "…" else { return false }
        let words = String(part.dropLast())
        guard whole.hasPrefix(words), !words.isEmpty, words.last != " " else { return false }
        return whole[whole.index(whole.startIndex, offsetBy: words.count)] == " "
    }

    @Test("The status line's note shows whole words, ending in … when cut, at every width from 1 to 120")
    func theNoteFitsWholeWordsAtEveryWidth() {
        for width in 1...120 {
            for note in Self.notes {
                let bar = StatusBar(prompt: "Find:", frame: Rect(x: 0, y: 0, width: width, height: 1))
                bar.text = "Cache 12 of 340"
                bar.note = note
                let canvas = render(bar, width: width, height: 1)
                let text = shown(canvas, from: bar.textFrame.x, to: bar.textFrame.maxX)
                let noteShown = shown(canvas, from: bar.noteFrame.x, to: bar.noteFrame.maxX)
                #expect(isWholeOrWordPrefix(text, of: "Cache 12 of 340"), "width \(width): \(text)")
                #expect(isWholeOrWordPrefix(noteShown, of: note), "width \(width): \(noteShown)")
                #expect(noteShown.displayWidth <= max(0, bar.noteFrame.width))
            }
        }
    }

    @Test("Fitting never gives more columns than asked, and keeps a text that fits")
    func fittingStaysWithinTheWidth() {
        for width in 0...120 {
            for note in Self.notes {
                let fitted = TextFitting.fitted(note, width: width)
                #expect(fitted.displayWidth <= width)
                #expect(isWholeOrWordPrefix(fitted, of: note))
                if note.displayWidth <= width { #expect(fitted == note) }
            }
        }
    }

    @Test("A label that fits whole words does so at every width; the help bar drops whole hints")
    func titleAndHelpBarsNeverCutAWord() {
        let hints = [HelpItem(key: "^S", description: "Add"), HelpItem(key: "^N", description: "Next"),
                     HelpItem(key: "F8", description: "Delete"), HelpItem(key: "^Q", description: "Quit")]
        for width in 1...120 {
            let label = Label("GPS: 3D fix N 47° 22.123′ E 008° 32.456′ ±4 m", frame: Rect(x: 0, y: 0, width: width, height: 1))
            label.fitsWholeWords = true
            #expect(isWholeOrWordPrefix(shown(render(label, width: width, height: 1), from: 0, to: width), of: label.text))
            let bar = HelpBar(items: hints, frame: Rect(x: 0, y: 0, width: width, height: 1))
            let drawn = shown(render(bar, width: width, height: 1), from: 0, to: width)
            let whole = bar.visibleItems.map { "\($0.key) \($0.description)" }.joined(separator: "  ")
            #expect(drawn == whole)
        }
    }
}

private extension String {
    /// Without the spaces at either end.
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
