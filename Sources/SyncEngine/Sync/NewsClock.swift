#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The wall clock, injected so tests control time. Used for fetched-at times and ages only:
/// which day is "today" always comes from the source.
public protocol NewsClock: Sendable {
    /// The current wall-clock time.
    func now() -> Date
}

/// The system's wall clock.
public struct SystemClock: NewsClock {
    /// The system clock.
    public init() {}
    /// The system's current time.
    public func now() -> Date { Date.now }  // The one read of the real clock (SystemClock).
}
