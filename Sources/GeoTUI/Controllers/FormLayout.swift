/// Where each part of the geocache form goes for a given terminal size.
///
/// A pure calculation, so the controller's layout can be tested without a screen:
///
/// ```
/// row 0      title bar
/// rows 2-5   Title, Details, Creator, Reward: label, then the field
/// row 6      the buttons
/// rows 7..   the bordered text pane, down to
/// row h-2    the status line
/// row h-1    the help bar
/// ```
struct FormLayout: Equatable {
    /// The smallest terminal the form is drawn in; below it the screen says so instead.
    static let minimumSize = Size(width: 40, height: 14)
    /// Columns given to the field labels ("Details" plus a space and a gap).
    static let labelWidth = 9

    let size: Size
    let titleBar: Rect
    /// One frame per field row, in form order; labels sit at the left of each row.
    let labels: [Rect]
    let fields: [Rect]
    /// The row the buttons share; the controller places them left to right inside it.
    let buttonRow: Rect
    let pane: Rect
    let status: Rect
    let help: Rect

    /// True when the terminal is too small for the form.
    var isTooSmall: Bool { size.width < Self.minimumSize.width || size.height < Self.minimumSize.height }

    init(size: Size, fieldCount: Int = 4) {
        self.size = size
        let width = max(0, size.width)
        let height = max(0, size.height)
        titleBar = Rect(x: 0, y: 0, width: width, height: 1)
        let fieldX = 1 + Self.labelWidth
        let fieldWidth = max(0, width - fieldX - 1)
        labels = (0..<fieldCount).map { Rect(x: 1, y: 2 + $0, width: Self.labelWidth - 1, height: 1) }
        fields = (0..<fieldCount).map { Rect(x: fieldX, y: 2 + $0, width: fieldWidth, height: 1) }
        buttonRow = Rect(x: fieldX, y: 2 + fieldCount, width: fieldWidth, height: 1)
        let paneTop = buttonRow.maxY + 1
        pane = Rect(x: 0, y: paneTop, width: width, height: max(0, height - 2 - paneTop))
        status = Rect(x: 0, y: max(0, height - 2), width: width, height: 1)
        help = Rect(x: 0, y: max(0, height - 1), width: width, height: 1)
    }
}
