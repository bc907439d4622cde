/// Where each part of the geocache form goes for a given terminal size.
///
/// A pure calculation, so the controller's layout can be tested without a screen:
///
/// ```
/// row 0        title bar
/// rows 2-5     Title, Details, Creator, Reward: label, then the field in brackets
/// row 6        the buttons
/// rows 8..     the bordered text pane, down to
/// row h-1-k    the status line (or the search field)
/// last k rows  the help bar (k is 1 or 2, as the hints need)
/// ```
struct FormLayout: Equatable {
    /// The smallest terminal the form is drawn in; below it the screen says so instead.
    static let minimumSize = Size(width: 40, height: 14)
    /// Columns given to the field labels ("Details" plus a space).
    static let labelWidth = 8
    /// The most rows the help bar may take.
    static let maximumHelpRows = 2

    let size: Size
    let titleBar: Rect
    /// One frame per field row, in form order; labels sit at the left of each row.
    let labels: [Rect]
    /// The editable part of each field, between its brackets.
    let fields: [Rect]
    /// The columns of the opening and closing brackets around every field.
    let bracketColumns: (open: Int, close: Int)
    /// The row the buttons share; the controller places them left to right inside it.
    let buttonRow: Rect
    let pane: Rect
    let status: Rect
    let help: Rect

    /// True when the terminal is too small for the form.
    var isTooSmall: Bool { size.width < Self.minimumSize.width || size.height < Self.minimumSize.height }

    init(size: Size, fieldCount: Int = 4, helpRows: Int = 1) {
        self.size = size
        let width = max(0, size.width)
        let height = max(0, size.height)
        let helpHeight = min(max(1, helpRows), Self.maximumHelpRows)
        titleBar = Rect(x: 0, y: 0, width: width, height: 1)
        let open = 1 + Self.labelWidth
        let fieldX = open + 1
        let close = max(fieldX, width - 2)
        bracketColumns = (open, close)
        labels = (0..<fieldCount).map { Rect(x: 1, y: 2 + $0, width: Self.labelWidth - 1, height: 1) }
        fields = (0..<fieldCount).map { Rect(x: fieldX, y: 2 + $0, width: max(0, close - fieldX), height: 1) }
        buttonRow = Rect(x: open, y: 2 + fieldCount, width: max(0, width - open - 1), height: 1)
        let paneTop = buttonRow.maxY + 1
        help = Rect(x: 0, y: max(0, height - helpHeight), width: width, height: helpHeight)
        status = Rect(x: 0, y: max(0, help.y - 1), width: width, height: 1)
        pane = Rect(x: 0, y: paneTop, width: width, height: max(0, status.y - paneTop))
    }

    static func == (lhs: FormLayout, rhs: FormLayout) -> Bool {
        lhs.size == rhs.size && lhs.help == rhs.help
    }
}
