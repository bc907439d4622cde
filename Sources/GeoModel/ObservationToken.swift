/// Keeps an observer registered for as long as the token lives.
///
/// Dropping the last reference to the token, or calling ``cancel()``, removes the
/// observer, much like Combine's `AnyCancellable`:
///
/// ```swift
/// var token: ObservationToken? = list.observe { change in redraw(change) }
/// token = nil   // no more calls
/// ```
public final class ObservationToken {
    private var onCancel: (() -> Void)?

    /// Creates a token that runs `onCancel` once, on ``cancel()`` or at deinit.
    public init(onCancel: @escaping () -> Void) {
        self.onCancel = onCancel
    }

    /// Stops the observation now; later calls do nothing.
    public func cancel() {
        let action = onCancel
        onCancel = nil
        action?()
    }

    deinit {
        cancel()
    }
}
