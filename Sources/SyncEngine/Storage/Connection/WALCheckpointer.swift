import CSQLite

#if canImport(Glibc)
    import Glibc

    /// Copies the write-ahead log back into the archive from a thread and connection of its own
    /// while a sync writes, so the writer does not.
    ///
    /// SQLite's automatic checkpoint runs inside the commit that passes 1000 log pages: the writer
    /// itself copies the pages and waits for both `fsync`s, a share of the writer's time that a
    /// long sync notices. Here the writer only calls `request()` after a
    /// commit; a `PASSIVE` checkpoint on this connection, which never blocks a writer or a reader,
    /// copies what the log holds while the next batch is written.
    ///
    /// Each checkpoint leaves the log whole: SQLite starts it over only when a write begins after
    /// every page was copied, which a writer that is always busy rarely sees. So the writer keeps
    /// an automatic checkpoint of its own at `writerLimit` pages: past that it checkpoints the few
    /// pages left, and the next batch starts the log over (so a long sync's log stays bounded
    /// instead of growing to the archive's size).
    ///
    /// At most one checkpoint per `interval`, and one more when the sync stops: a checkpoint copies
    /// every page the log holds, and the pages a sync writes at every commit (the index's
    /// structure, the tables' last leaves and their parents) would be copied again at every
    /// batch's checkpoint. Fewer checkpoints copy fewer pages and call `fdatasync` less often
    /// (bench/RESULTS.md). A request may skip the wait (`request(promptly:)`): the days' few
    /// large batches have no such pages to spare, and a checkpoint held back past the last of
    /// them is one the sync then waits for at its end, with no transfer left to overlap.
    ///
    /// `@unchecked Sendable`: other threads only reach `requests` (behind its lock) and the
    /// semaphore, which is made for that; the connection is used on the checkpoint thread only,
    /// and `stop` joins that thread before anything else touches it.
    final class WALCheckpointer: @unchecked Sendable {
        /// The writer's own automatic checkpoint while this one runs (pages of the log).
        static let writerLimit: Int32 = 16_384
        /// The least time between two checkpoints while the sync writes.
        static let interval: Duration = .milliseconds(250)

        private struct Requests {
            var pending = false
            /// The pending request's checkpoint runs without waiting for `interval`.
            var promptly = false
            var isStopping = false
            var checkpoints = 0
        }

        private let database: Database
        private let interval: Duration
        private let requests = Locked(Requests())
        private let wakeUp: UnsafeMutablePointer<sem_t>
        private var thread = pthread_t()

        /// The checkpoints run so far.
        var checkpoints: Int { requests.withLock { $0.checkpoints } }

        /// A second connection to the archive at `path`, with its thread started, checkpointing at
        /// most once per `interval` (tests give another); nil when either cannot be made (the
        /// writer then checkpoints as usual).
        init?(path: String, interval: Duration = WALCheckpointer.interval) {
            guard let database = try? Database(path: path, allowReadOnly: false) else { return nil }
            self.interval = interval
            let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
            guard sem_init(semaphore, 0, 0) == 0 else {
                semaphore.deallocate()
                return nil  // Before every property is set: no deinit.
            }
            self.database = database
            wakeUp = semaphore
            // The thread holds the checkpointer until it returns; `stop` joins it.
            let context = Unmanaged.passRetained(self).toOpaque()
            let created = pthread_create(
                &thread, nil,
                { context in
                    guard let context else { return nil }
                    Unmanaged<WALCheckpointer>.fromOpaque(context).takeRetainedValue().run()
                    return nil
                }, context)
            guard created == 0 else {
                Unmanaged<WALCheckpointer>.fromOpaque(context).release()
                return nil  // deinit destroys the semaphore.
            }
        }

        deinit {
            sem_destroy(wakeUp)
            wakeUp.deallocate()
        }

        /// Asks for a checkpoint of what the log holds now (after a commit), at most one per
        /// `interval`, or at once when `promptly`; requests made while one is waiting are one
        /// (prompt if any of them is).
        func request(promptly: Bool = false) {
            let (wasPending, wasPromptly) = requests.withLock { requests in
                defer {
                    requests.pending = true
                    requests.promptly = requests.promptly || promptly
                }
                return (requests.pending, requests.promptly)
            }
            // A prompt one wakes a thread waiting out the interval for the one before.
            if !wasPending || (promptly && !wasPromptly) { sem_post(wakeUp) }
        }

        /// Ends the thread, after the checkpoint under way or asked for, and waits for it (the
        /// caller blocks for that one checkpoint at most). Call it once.
        func stop() {
            requests.withLock { $0.isStopping = true }
            sem_post(wakeUp)
            pthread_join(thread, nil)
        }

        private func run() {
            var last: timespec?
            while true {
                while sem_wait(wakeUp) != 0 {}  // EINTR: wait again.
                if let last { waitUntil(Self.adding(interval, to: last)) }
                let (pending, isStopping) = requests.withLock { requests in
                    defer { (requests.pending, requests.promptly) = (false, false) }
                    return (requests.pending, requests.isStopping)
                }
                if pending {
                    database.checkpointPassively()
                    requests.withLock { $0.checkpoints += 1 }
                    last = Self.now()
                }
                if isStopping { return }
            }
        }

        /// Waits until `deadline` (on the monotonic clock, so a stepped wall clock neither stalls nor
        /// skips the wait), or until `stop` is called or a prompt request comes. A post meanwhile
        /// is one of those, or a request's (whose checkpoint then waits for the deadline): either
        /// way, look again.
        private func waitUntil(_ deadline: timespec) {
            var deadline = deadline
            while !requests.withLock({ $0.isStopping || $0.promptly }) {
                if wait(until: &deadline) != 0 && errno != EINTR { return }  // ETIMEDOUT
            }
        }

        private func wait(until deadline: inout timespec) -> Int32 {
            if let clockWait = Self.clockWait { return clockWait(wakeUp, CLOCK_MONOTONIC, &deadline) }
            // An older glibc: the wall clock's wait, on the deadline moved to the wall clock now.
            let now = Self.now()
            let left = Duration.seconds(deadline.tv_sec - now.tv_sec) + .nanoseconds(deadline.tv_nsec - now.tv_nsec)
            var wall = timespec()
            clock_gettime(CLOCK_REALTIME, &wall)
            wall = Self.adding(max(left, .zero), to: wall)
            return sem_timedwait(wakeUp, &wall)
        }

        private static func now() -> timespec {
            var time = timespec()
            clock_gettime(CLOCK_MONOTONIC, &time)
            return time
        }

        /// glibc's `sem_clockwait` (2.30 and later), which Swift's Glibc module does not declare
        /// (a GNU extension), found at run time: `sem_timedwait` waits on the wall clock, and a
        /// wall clock stepped back would hold the checkpoints back by as much.
        private static let clockWait: (@convention(c) (UnsafeMutablePointer<sem_t>, clockid_t, UnsafePointer<timespec>) -> Int32)? = {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sem_clockwait") else { return nil }
            return unsafeBitCast(
                symbol, to: (@convention(c) (UnsafeMutablePointer<sem_t>, clockid_t, UnsafePointer<timespec>) -> Int32).self)
        }()

        private static func adding(_ duration: Duration, to time: timespec) -> timespec {
            let nanoseconds = Int(time.tv_nsec) + Int(duration.components.attoseconds / 1_000_000_000)
            return timespec(
                tv_sec: time.tv_sec + Int(duration.components.seconds) + nanoseconds / 1_000_000_000,
                tv_nsec: nanoseconds % 1_000_000_000)
        }
    }
#else
    /// Elsewhere (no unnamed POSIX semaphores on Apple platforms) the writer checkpoints as
    /// SQLite does by default.
    final class WALCheckpointer: Sendable {
        static let writerLimit: Int32 = 1_000
        static let interval: Duration = .milliseconds(250)
        var checkpoints: Int { 0 }
        init?(path: String, interval: Duration = WALCheckpointer.interval) { nil }
        func request(promptly: Bool = false) {}
        func stop() {}
    }
#endif
