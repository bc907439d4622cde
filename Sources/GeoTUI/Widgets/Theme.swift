/// The styles the generic widgets draw with.
///
/// Every style is a colour request plus attributes. Colours are dropped on monochrome
/// terminals and under `NO_COLOR`, so anything that must stay visible (focus above all)
/// is carried by an attribute or a character: focused fields and button titles are in
/// reverse video, and a form marks its focused field with a bold `>`.
public struct Theme: Hashable, Sendable {
    /// Ordinary text: labels, the text of an unfocused field's surroundings.
    public var normal: Style
    /// An unfocused text field: underlined so its extent shows without colour.
    public var field: Style
    /// The focused text field.
    public var focusedField: Style
    /// Placeholder text in an empty field.
    public var placeholder: Style
    /// The markers that show a field's text goes on past its left or right edge.
    public var overflowMarker: Style
    /// A button's brackets, and its title while it is not focused.
    public var button: Style
    /// The title of the focused button.
    public var focusedButton: Style
    /// The border of a pane or dialog.
    public var border: Style
    /// The title set into a pane's or dialog's top border.
    public var title: Style
    /// The "more above / more below" markers in a pane's border.
    public var scrollMarker: Style
    /// Text that reports an error.
    public var error: Style
    /// A key label in the help bar.
    public var hintKey: Style
    /// The description next to a key label in the help bar, and a status bar's note.
    public var hint: Style
    /// A text field inside a ``Form`` or a ``StatusBar``, whose brackets or prompt
    /// already show its extent: plain by default, so a typed character is one plain
    /// cell on the wire.
    public var formField: Style
    /// The focused text field inside a ``Form`` or a ``StatusBar``: plain by default;
    /// the cursor and the form's focus marker show the focus.
    public var focusedFormField: Style
    /// A field's label in a ``Form``.
    public var formLabel: Style
    /// The marker in a ``Form``'s margin beside the focused field: bold, so focus shows
    /// without colour.
    public var formFocusMarker: Style
    /// The prompt before a ``StatusBar``'s field, such as "Find:".
    public var prompt: Style
    /// A bar across the screen that names it, such as an application's title bar.
    public var titleBar: Style

    /// Creates a theme from its styles; the form's styles default to plain fields and
    /// labels, a bold focus marker, a bold prompt and a bold reverse title bar.
    public init(normal: Style, field: Style, focusedField: Style, placeholder: Style,
                overflowMarker: Style, button: Style, focusedButton: Style, border: Style,
                title: Style, scrollMarker: Style, error: Style, hintKey: Style, hint: Style,
                formField: Style = .plain, focusedFormField: Style = .plain, formLabel: Style = .plain,
                formFocusMarker: Style = Style(attributes: .bold),
                prompt: Style = Style(attributes: .bold), titleBar: Style = Style(attributes: [.bold, .reverse])) {
        self.normal = normal
        self.field = field
        self.focusedField = focusedField
        self.placeholder = placeholder
        self.overflowMarker = overflowMarker
        self.button = button
        self.focusedButton = focusedButton
        self.border = border
        self.title = title
        self.scrollMarker = scrollMarker
        self.error = error
        self.hintKey = hintKey
        self.hint = hint
        self.formField = formField
        self.focusedFormField = focusedFormField
        self.formLabel = formLabel
        self.formFocusMarker = formFocusMarker
        self.prompt = prompt
        self.titleBar = titleBar
    }

    /// This theme for a text field inside a ``Form`` or a ``StatusBar``: its field
    /// styles are the form field styles.
    var forFormField: Theme {
        var theme = self
        theme.field = formField
        theme.focusedField = focusedFormField
        return theme
    }

    /// The default look: a little colour, with every distinction also made by attributes.
    public static let standard = Theme(
        normal: .plain,
        field: Style(attributes: .underline),
        focusedField: Style(foreground: .cyan, attributes: .reverse),
        placeholder: Style(attributes: [.underline, .dim]),
        overflowMarker: Style(foreground: .yellow, attributes: .bold),
        button: .plain,
        focusedButton: Style(attributes: .reverse),
        border: Style(foreground: .blue),
        title: Style(attributes: .bold),
        scrollMarker: Style(foreground: .yellow, attributes: .bold),
        error: Style(foreground: .red, attributes: .bold),
        hintKey: Style(foreground: .cyan, attributes: .bold),
        hint: .plain
    )

    /// The same distinctions with no colour at all.
    public static let monochrome = Theme(
        normal: .plain,
        field: Style(attributes: .underline),
        focusedField: Style(attributes: .reverse),
        placeholder: Style(attributes: [.underline, .dim]),
        overflowMarker: Style(attributes: .bold),
        button: .plain,
        focusedButton: Style(attributes: .reverse),
        border: .plain,
        title: Style(attributes: .bold),
        scrollMarker: Style(attributes: .bold),
        error: Style(attributes: .bold),
        hintKey: Style(attributes: .bold),
        hint: .plain
    )
}
