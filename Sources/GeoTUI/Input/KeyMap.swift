/// Key bindings as data: which keys trigger which action, and the help text for each.
///
/// The same table answers both "what does this key do?" and "what goes in the help
/// bar?", so the two cannot drift apart. Bindings are kept in order: when two bindings
/// share a key the first one wins, and help items come out in binding order (put the
/// most important first; a ``HelpBar`` drops hints from the end when short of room).
///
/// ```swift
/// enum FormAction { case quit, add, next }
/// let keys = KeyMap<FormAction>([
///     .init(keys: [.control("q"), .function(10), .control("c")], action: .quit, help: "Quit"),
///     .init(keys: [.function(2)], action: .add, help: "Add"),
///     .init(keys: [.function(3)], action: .next, help: "Next"),
/// ])
/// keys.action(for: .function(10))   // .quit
/// keys.helpItems                     // ^Q Quit, F2 Add, F3 Next
/// ```
public struct KeyMap<Action: Hashable> {
    /// One entry of the table: keys, the action they trigger, and optional help text.
    public struct Binding {
        /// The keys that trigger the action; the first one is the one the help shows.
        public var keys: [Key]
        /// What the keys mean to the owner.
        public var action: Action
        /// The description shown in the help bar, or nil to keep the binding out of it.
        public var help: String?

        /// Creates a binding.
        public init(keys: [Key], action: Action, help: String? = nil) {
            self.keys = keys
            self.action = action
            self.help = help
        }
    }

    /// The bindings, in order.
    public private(set) var bindings: [Binding]
    private var actions: [Key: Action] = [:]

    /// Creates a key map from `bindings`, in order.
    public init(_ bindings: [Binding] = []) {
        self.bindings = []
        for binding in bindings { append(binding) }
    }

    /// Adds `binding` after the others; keys already bound keep their first action.
    public mutating func append(_ binding: Binding) {
        bindings.append(binding)
        for key in binding.keys where actions[key] == nil { actions[key] = binding.action }
    }

    /// The action bound to `key`, if any.
    public func action(for key: Key) -> Action? { actions[key] }

    /// The keys bound to `action`, in binding order.
    public func keys(for action: Action) -> [Key] {
        bindings.filter { $0.action == action }.flatMap(\.keys)
    }

    /// The help bar's hints: one for each binding with help text, labelled with its
    /// first key, in binding order.
    public var helpItems: [HelpItem] {
        bindings.compactMap { binding in
            guard let help = binding.help, let key = binding.keys.first else { return nil }
            return HelpItem(key: key.label, description: help)
        }
    }
}

extension Key {
    /// How the key is written in help text: "^Q", "M-b", "F10", "Tab", "S-Tab", "↑", "PgUp".
    public var label: String {
        switch self {
        case .character(" "): "Space"
        case .character(let c): String(c)
        case .control(let c): "^" + c.uppercased()
        case .alt(let c): "M-" + String(c)
        case .enter: "Enter"
        case .tab: "Tab"
        case .backTab: "S-Tab"
        case .backspace: "Bksp"
        case .delete: "Del"
        case .escape: "Esc"
        case .insert: "Ins"
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .wordLeft: "^←"
        case .wordRight: "^→"
        case .function(let n): "F\(n)"
        case .mouse: "Mouse"
        case .paste: "Paste"
        case .resize: "Resize"
        }
    }
}

extension KeyMap: Sendable where Action: Sendable {}
extension KeyMap.Binding: Sendable where Action: Sendable {}
