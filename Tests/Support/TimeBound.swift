/// Upper bounds for timed assertions on a shared, loaded or sanitized machine.
///
/// A timed test checks that a deadline is kept, not how fast the machine is. So its bound is at
/// least twice the deadline plus fixed slack (a machine several times slower than usual still
/// passes, a deadline not kept at all still fails), and what the user sees (the error kind, the
/// exit code, that nothing was written) is asserted beside it. Where a test proves that something
/// does *not* wait (cancelling, failing at once), the thing it must not wait for is made long
/// (20 s or more) and the bound sits well below it: `wellBefore`.
public enum TimeBound {
    /// Room for scheduling, loopback servers, curl's timers and a sanitizer's overhead (a 700 ms
    /// connect deadline was once seen to end after 3.9 s on a machine with four builds running,
    /// and, in the suite's first seconds, when hundreds of tests start at once on a pool of one
    /// thread per core, a 500 ms one after 6.4 s and an 800 ms one after 7.4 s).
    public static let slack: Duration = .seconds(10)
    /// Room for starting the built `newsctl` (and its runtime) on a loaded machine.
    public static let processStart: Duration = .seconds(3)
    /// The network deadline of a test that is not about deadlines: loopback answers in
    /// milliseconds, but in the suite's first seconds hundreds of tests start at once and an
    /// answer waits for the cooperative pool; 3 s once ran out for 8 tests in CI (stop 27).
    public static let requestBudget: Duration = .seconds(30)

    /// The latest an operation bounded by `deadline` may end.
    public static func within(_ deadline: Duration) -> Duration {
        deadline * 2 + slack
    }

    /// The latest a run of the built binary whose network work is bounded by `deadline` may end.
    public static func process(_ deadline: Duration) -> Duration {
        within(deadline) + processStart
    }

    /// The latest an operation that must not wait for `wait` (a deadline or a server's delay of
    /// 20 s or more) may end: half of it, still ten seconds or more of room.
    public static func wellBefore(_ wait: Duration) -> Duration {
        wait / 2
    }
}
