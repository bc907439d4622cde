@testable import GeoTUI

// Key-press shorthands for test scripts: `field.handle(.left)` sends `.key(.left)`, so
// a script of keys reads as keys. Mouse events, pastes and resizes are written as the
// `InputEvent`s they are (`field.handle(.paste("text"))`).

extension Widget {
    /// Sends `key` as ``InputEvent/key(_:)``.
    func handle(_ key: Key) -> KeyResult { handle(.key(key)) }
}

extension FocusGroup {
    /// Sends `key` as ``InputEvent/key(_:)``.
    func handle(_ key: Key) -> KeyResult { handle(.key(key)) }
}
