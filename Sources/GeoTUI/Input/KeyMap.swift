/// Key bindings as data: which keys trigger which action, in which modes, and the help
/// text for each.
///
/// The same table answers "what does this key do now?", "does this action work now?"
/// and "what goes in the help bar now?", so the three cannot drift apart (the key
/// bindings of charmbracelet/bubbles, whose help shows only enabled bindings). Each
/// binding names the modes it is enabled in, or none to work in every mode. Bindings
/// are kept in order: when two bindings enabled in the same mode share a key the first
/// one wins, and help items come out in binding order (put the most important first; a
/// ``HelpBar`` drops hints from the end when short of room).
///
/// ```swift
/// enum Action { case quit, add, save, next }
/// enum Mode { case browsing, editing }
/// let keys = KeyMap<Action, Mode>([
///     .init(keys: [.control("q"), .function(10)], action: .quit, help: "Quit"),
///     .init(keys: [.function(2)], action: .add, help: "Add", modes: [.browsing]),
///     .init(keys: [.function(2)], action: .save, help: "Save", modes: [.editing]),
///     .init(keys: [.function(3)], action: .next, help: "Next", modes: [.browsing]),
/// ])
/// keys.action(for: .function(2), in: .editing)   // .save
/// keys.isEnabled(.next, in: .editing)             // false
/// keys.helpItems(in: .editing)                    // ^Q Quit, F2 Save
/// ```
///
/// A mode may also have a refusal note: there, a key bound only in other modes is
/// refused with the note instead of being passed on (an edit that must be finished
/// before the moves work). ``resolve(_:in:)`` answers a key, and ``resolve(action:in:)``
/// answers an action asked for another way (a button).
///
/// The type asks nothing of `Action` and `Mode`, and keeps its bindings, modes and notes
/// in arrays that are searched in order (a form has a few dozen bindings; a key press
/// compares a few dozen keys): the operations that compare actions or modes ask them
/// to be `Equatable` in a constrained extension, whose witness tables the caller
/// passes. A requirement on the type itself (`Action: Hashable`), or a `Set` or a
/// `Dictionary` keyed by the caller's types, makes the runtime check each conformance
/// when it builds the type's metadata from its mangled name, and each first check
/// searches all of a program's conformance records (over 6,000 with Foundation linked
/// in statically): 385,000 instructions apiece on the way to a first frame.
public struct KeyMap<Action, Mode> {
    /// What a key or an action comes to in a mode.
    public enum Resolution {
        /// The action is enabled in the mode: perform it.
        case perform(Action)
        /// The key or action works only in other modes, and this mode refuses those
        /// with the note.
        case refuse(note: String)
        /// The table has nothing to say: the key goes on to whatever has the keyboard
        /// (an action is ignored).
        case pass
    }

    /// One entry of the table: keys, the action they trigger, optional help text, and
    /// the modes it is enabled in.
    public struct Binding {
        /// The keys that trigger the action; the first one is the one the help shows.
        public var keys: [Key]
        /// What the keys mean to the owner.
        public var action: Action
        /// The description shown in the help bar, or nil to keep the binding out of it.
        public var help: String?
        /// The modes the binding is enabled in, or nil for every mode.
        public var modes: [Mode]?
        /// What the keys do, in a sentence for a help screen; the help text when nil.
        public var description: String?

        /// Creates a binding, enabled in `modes` (every mode when nil).
        public init(keys: [Key], action: Action, help: String? = nil, description: String? = nil,
                    modes: [Mode]? = nil) {
            self.keys = keys
            self.action = action
            self.help = help
            self.description = description
            self.modes = modes
        }
    }

    /// The modes that refuse what only other modes allow, each with the note it gives:
    /// `refusalNotes[.editing] = "Save or cancel first"`.
    public struct RefusalNotes {
        fileprivate var notes: [(mode: Mode, note: String)] = []
    }

    /// The bindings, in order.
    public private(set) var bindings: [Binding]
    /// The modes that refuse what only other modes allow, with the note they give.
    public var refusalNotes = RefusalNotes()

    /// Creates a key map from `bindings`, in order.
    public init(_ bindings: [Binding] = []) {
        self.bindings = bindings
    }

    /// Adds `binding` after the others; where it shares a key with an earlier binding
    /// enabled in the same mode, the earlier one keeps the key in that mode.
    public mutating func append(_ binding: Binding) {
        bindings.append(binding)
    }

    /// The hints of every binding with help text, whatever its modes, labelled with its
    /// first key, in binding order.
    public var helpItems: [HelpItem] {
        bindings.compactMap(\.helpItem)
    }
}

extension KeyMap.Resolution: Equatable where Action: Equatable {}

extension KeyMap.Binding where Mode: Equatable {
    /// Whether the binding works in `mode`.
    public func isEnabled(in mode: Mode) -> Bool { modes?.contains(mode) ?? true }
}

extension KeyMap.RefusalNotes where Mode: Equatable {
    /// The note `mode` refuses with, or nil when it refuses nothing; setting nil ends
    /// the refusal.
    public subscript(mode: Mode) -> String? {
        get { notes.first { $0.mode == mode }?.note }
        set {
            notes.removeAll { $0.mode == mode }
            if let newValue { notes.append((mode: mode, note: newValue)) }
        }
    }
}

extension KeyMap where Action: Equatable, Mode: Equatable {
    /// What `key` comes to in `mode`: the action of its first binding enabled there;
    /// else, when another mode binds it and `mode` has a refusal note, that note;
    /// else nothing.
    public func resolve(_ key: Key, in mode: Mode) -> Resolution {
        guard bindings.contains(where: { $0.keys.contains(key) }) else { return .pass }
        if let index = firstIndex(of: key, in: mode) { return .perform(bindings[index].action) }
        return refusalNotes[mode].map { .refuse(note: $0) } ?? .pass
    }

    /// What asking for `action` in `mode` comes to, by the same rule as a key of it.
    public func resolve(action: Action, in mode: Mode) -> Resolution {
        if isEnabled(action, in: mode) { return .perform(action) }
        return refusalNotes[mode].map { .refuse(note: $0) } ?? .pass
    }

    /// The action of the first binding of `key`, whatever the modes it is enabled in:
    /// what the key would do in some mode.
    public func action(for key: Key) -> Action? {
        bindings.first { $0.keys.contains(key) }?.action
    }

    /// The action of the first binding of `key` enabled in `mode`, if any.
    public func action(for key: Key, in mode: Mode) -> Action? {
        firstIndex(of: key, in: mode).map { bindings[$0].action }
    }

    /// Whether some binding of `action` is enabled in `mode`.
    public func isEnabled(_ action: Action, in mode: Mode) -> Bool {
        bindings.contains { $0.action == action && $0.isEnabled(in: mode) }
    }

    /// How the first key bound to `action` is written ("^S"), or "" when none is.
    public func label(of action: Action) -> String {
        bindings.first { $0.action == action && !$0.keys.isEmpty }?.keys[0].label ?? ""
    }

    /// The keys bound to `action`, in binding order, each once.
    public func keys(for action: Action) -> [Key] {
        var keys: [Key] = []
        for binding in bindings where binding.action == action {
            for key in binding.keys where !keys.contains(key) { keys.append(key) }
        }
        return keys
    }

    /// The help bar's hints in `mode`: one for each binding with help text that is
    /// enabled in `mode`, labelled with its first key, in binding order, less the
    /// bindings of the actions `left`.
    public func helpItems(in mode: Mode, leavingOut left: [Action] = []) -> [HelpItem] {
        bindings.filter { $0.isEnabled(in: mode) && !left.contains($0.action) }.compactMap(\.helpItem)
    }

    /// A help screen's lines in `mode`: every binding enabled there with a description
    /// or help text, but those of the actions `left` out, with all its keys that it (not
    /// an earlier binding) has in `mode`.
    public func helpEntries(in mode: Mode, leavingOut left: [Action] = []) -> [HelpEntry] {
        bindings.indices.compactMap { index in
            let binding = bindings[index]
            guard binding.isEnabled(in: mode), !left.contains(binding.action),
                  let text = binding.description ?? binding.help else { return nil }
            let keys = binding.keys.filter { firstIndex(of: $0, in: mode) == index }
            guard !keys.isEmpty else { return nil }
            return HelpEntry(keys: keys.map(\.label).joined(separator: ", "), description: text)
        }
    }

    /// The index of the first binding of `key` enabled in `mode`.
    private func firstIndex(of key: Key, in mode: Mode) -> Int? {
        bindings.firstIndex { $0.keys.contains(key) && $0.isEnabled(in: mode) }
    }
}

extension KeyMap.Binding {
    /// The binding's hint, when it has help text.
    fileprivate var helpItem: HelpItem? {
        guard let help, let key = keys.first else { return nil }
        return HelpItem(key: key.label, description: help)
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
        }
    }
}

extension KeyMap: Sendable where Action: Sendable, Mode: Sendable {}
extension KeyMap.Binding: Sendable where Action: Sendable, Mode: Sendable {}
extension KeyMap.RefusalNotes: Sendable where Mode: Sendable {}
