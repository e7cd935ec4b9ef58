import SyncEngine

/// A value one task is making and others wait for: each `value` returns once ``fulfil(_:)`` is
/// called (nil: the maker failed), at once when it was already.
final class PendingAnswer<Value: Sendable>: Sendable {
    private struct State {
        var done = false
        var value: Value?
        var waiters: [CheckedContinuation<Value?, Never>] = []
    }

    private let state = Locked(State())

    /// The value, once made; nil when its maker failed.
    var value: Value? {
        get async {
            await withCheckedContinuation { continuation in
                let made = state.withLock { state -> Value?? in
                    guard state.done else {
                        state.waiters.append(continuation)
                        return nil
                    }
                    return .some(state.value)
                }
                if let made { continuation.resume(returning: made) }
            }
        }
    }

    /// Gives `value` to those waiting and to those who will ask; only the first call counts.
    func fulfil(_ value: Value?) {
        let waiters = state.withLock { state -> [CheckedContinuation<Value?, Never>] in
            guard !state.done else { return [] }
            state.done = true
            state.value = value
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: value) }
    }
}
