import Foundation

/// Runs seconds of blocking work on a thread of its own and waits for it without holding a
/// thread of Swift's cooperative pool: with 2 cores the pool has 2 threads, and a test that
/// computed on one for seconds stalled every timed test beside it (10 s, at stop 37).
public func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
