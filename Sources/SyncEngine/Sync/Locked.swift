#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value behind a `pthread_mutex_t`: the `withLock` of `Synchronization.Mutex`, in a form
/// ThreadSanitizer can follow. The package's locks (its tests' too) are these.
///
/// On Linux `Mutex` hands a contended lock over inside the kernel (a priority-inheritance futex,
/// driven from the uninstrumented `libswiftSynchronization`), so ThreadSanitizer sees no
/// synchronisation between two holders and reports an access race in the closure whenever the
/// lock was contended (`scripts/sanitize thread`). It intercepts `pthread_mutex_lock`/`unlock`.
/// The lock is only ever held for a few instructions, so the mutex's cost does not matter here.
package final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Only read or written between `pthread_mutex_lock` and `pthread_mutex_unlock`.
    private var value: Value

    package init(_ initialValue: sending Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
        value = initialValue
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock.
    package func withLock<Result, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
