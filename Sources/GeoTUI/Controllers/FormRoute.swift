/// What limits the form beside its mode: the states that used to be gates before the
/// key table, now part of the one routing rule (``FormAction/route(_:in:under:)``).
struct FormConditions: Equatable {
    /// The store is still being opened: only quitting, repainting and suspending work
    /// now; everything else waits for the store.
    var opening = false
    /// A question closed by itself a moment ago (its reason): only quitting, repainting,
    /// suspending and a resize work; the rest is dropped, saying why.
    var questionJustClosed: String?
    /// A write asked for in this mode waits for another session's lock: Esc stops waiting
    /// (in a mode opened over it, Esc leaves that mode, and the write goes on waiting).
    var waitingForLock = false
    /// The terminal is too small to show the form: only what neither stores, changes nor
    /// deletes anything unseen works (``FormAction/worksWhileHidden``).
    var tooSmall = false
}

/// Where the one routing rule sends an event.
enum FormRoute: Equatable {
    /// Perform the action.
    case perform(FormAction)
    /// The key belongs to another mode: say the table's note.
    case refuse(note: String)
    /// The widget that has the keyboard in the mode takes it.
    case toWidget
    /// It waits until the store is open, then is handled in order.
    case keepForLater
    /// It is dropped, saying `note` when there is one.
    case drop(note: String?)
    /// Esc while a write waits for a lock: stop waiting (nothing is stored).
    case stopWaitingForLock
}

extension FormAction {
    /// The one routing rule: what `event` does in `mode` under `conditions`. A key is
    /// looked up once in ``keyMap``; the conditions then decide, in this order: a store
    /// still opening keeps all but the always-working actions for later; a question
    /// just closed by itself drops all but those (and a resize); Esc stops a wait for a
    /// lock; a terminal too small performs only the actions that work hidden
    /// (``worksWhileHidden``) and drops what would go to a widget. Otherwise the mode's
    /// binding is performed, a key of another mode refused with the table's note, and
    /// anything else goes to the widget. An Alt digit is looked up as its F-key (``Key/meant``).
    static func route(_ event: InputEvent, in mode: FormMode.Kind, under conditions: FormConditions) -> FormRoute {
        let key: Key? = if case .key(let key) = event { key.meant } else { nil }
        let resolution = key.map { keyMap.resolve($0, in: mode) } ?? .pass
        if case .perform(let action) = resolution, action.worksWhileOpening,
           conditions.opening || conditions.questionJustClosed != nil {
            return .perform(action)
        }
        if conditions.opening { return .keepForLater }
        if let reason = conditions.questionJustClosed {
            if case .resize = event { return route(resolution, under: conditions) }
            return .drop(note: FormText.keyDroppedAfterQuestion(reason))
        }
        if conditions.waitingForLock, key == .escape { return .stopWaitingForLock }
        return route(resolution, under: conditions)
    }

    /// The same rule for an action a widget asks for (a button, a retry after a lock):
    /// resolved in `mode` as a key would be, under the conditions that limit actions
    /// (a store still opening, a terminal too small).
    static func route(action: FormAction, in mode: FormMode.Kind, under conditions: FormConditions) -> FormRoute {
        let resolution = keyMap.resolve(action: action, in: mode)
        if conditions.opening {
            guard case .perform(let action) = resolution, action.worksWhileOpening else { return .drop(note: nil) }
            return .perform(action)
        }
        return route(resolution, under: conditions)
    }

    /// What the table's `resolution` comes to, a terminal too small limiting it.
    private static func route(_ resolution: KeyMap<FormAction, FormMode.Kind>.Resolution,
                              under conditions: FormConditions) -> FormRoute {
        switch resolution {
        case .perform(let action):
            if conditions.tooSmall, !action.worksWhileHidden { return .drop(note: nil) }
            return .perform(action)
        case .refuse(let note):
            return .refuse(note: note)
        case .pass:
            return conditions.tooSmall ? .drop(note: nil) : .toWidget
        }
    }
}
