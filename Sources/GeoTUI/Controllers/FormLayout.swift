/// Where each part of the geocache form goes for a given terminal size.
///
/// A pure calculation, so the controller's layout can be tested without a screen:
///
/// ```
/// row 0        title bar
/// rows 1-5     the form: Title, Details, Creator, Reward, then the buttons
/// rows 6..     the bordered text pane, down to
/// row h-1-k    the status bar (with the search field while searching)
/// last k rows  the help bar (k is 1 or 2, as the hints need)
/// ```
///
/// The ``Form`` lays out its own labels, brackets and buttons inside ``form``, and the
/// ``StatusBar`` its texts inside ``status``.
struct FormLayout {
    /// The smallest terminal the form is drawn in; below it the screen says so instead.
    static let minimumSize = Size(width: 40, height: 14)
    /// The most rows the help bar may take.
    static let maximumHelpRows = 2

    let size: Size
    let titleBar: Rect
    /// The fields and the button row.
    let form: Rect
    let pane: Rect
    let status: Rect
    let help: Rect

    /// True when the terminal is too small for the form.
    var isTooSmall: Bool { size.width < Self.minimumSize.width || size.height < Self.minimumSize.height }

    init(size: Size, formRows: Int = 5, helpRows: Int = 1) {
        self.size = size
        let width = max(0, size.width)
        let height = max(0, size.height)
        let helpHeight = min(max(1, helpRows), Self.maximumHelpRows)
        titleBar = Rect(x: 0, y: 0, width: width, height: 1)
        form = Rect(x: 0, y: 1, width: width, height: formRows)
        let paneTop = form.maxY
        help = Rect(x: 0, y: max(0, height - helpHeight), width: width, height: helpHeight)
        status = Rect(x: 0, y: max(0, help.y - 1), width: width, height: 1)
        pane = Rect(x: 0, y: paneTop, width: width, height: max(0, status.y - paneTop))
    }
}
