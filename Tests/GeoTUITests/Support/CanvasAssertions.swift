import Testing
@testable import GeoTUI

/// Draws `widgets` in order into a fresh canvas of `width` × `height` cells.
func render(_ widgets: any Widget..., width: Int, height: Int) -> Canvas {
    var canvas = Canvas(size: Size(width: width, height: height))
    for widget in widgets { widget.draw(into: &canvas) }
    return canvas
}

/// Expects `actual` (a ``Canvas/text`` or ``Canvas/mask(_:marker:)`` grid) to equal
/// `expected`; on a mismatch records both grids side by side, row by row, with the
/// differing rows flagged and a caret under the first differing column.
func expectGrid(_ actual: String, _ expected: String,
                sourceLocation: SourceLocation = #_sourceLocation) {
    guard actual != expected else { return }
    Issue.record(Comment(rawValue: gridDiff(actual: actual, expected: expected)),
                 sourceLocation: sourceLocation)
}

/// Expects the canvas's text to equal `expected`, printing a row-by-row diff otherwise.
func expectCanvas(_ canvas: Canvas, _ expected: String,
                  sourceLocation: SourceLocation = #_sourceLocation) {
    expectGrid(canvas.text, expected, sourceLocation: sourceLocation)
}

/// A readable comparison of two text grids.
func gridDiff(actual: String, expected: String) -> String {
    let want = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let got = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var report = ["Canvas differs (row: expected | actual):"]
    for row in 0..<max(want.count, got.count) {
        let w = row < want.count ? want[row] : "<no row>"
        let g = row < got.count ? got[row] : "<no row>"
        let flag = w == g ? " " : "!"
        report.append("\(flag) \(row): \"\(w)\"")
        if w != g {
            report.append("     \"\(g)\"")
            let first = zip(w, g).prefix { $0 == $1 }.count
            report.append(String(repeating: " ", count: 6 + first) + "^ character \(first)")
        }
    }
    return report.joined(separator: "\n")
}
