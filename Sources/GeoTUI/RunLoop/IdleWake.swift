/// What wakes an idle run loop besides keys and signals.
public struct IdleWake: Equatable, Sendable {
    /// Descriptors that become readable when something the controller shows may have
    /// changed (a store's change notifications).
    public var descriptors: [Int32]
    /// Descriptors that wake the loop when they can be written to (a connection being
    /// made to a store's server: its TCP handshake is done).
    public var writableDescriptors: [Int32]
    /// How long to sleep at most; nil sleeps until a key, a signal or a descriptor.
    public var timeout: Duration?

    public init(descriptors: [Int32] = [], writableDescriptors: [Int32] = [], timeout: Duration? = nil) {
        self.descriptors = descriptors
        self.writableDescriptors = writableDescriptors
        self.timeout = timeout
    }
}
