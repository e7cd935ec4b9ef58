#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A serial executor that runs its jobs one at a time, in order, on a thread of its own.
///
/// The engine's SQLite work runs here, not on Swift's cooperative pool (one thread per core):
/// waiting inside `sqlite3_step` for another process's write lock (the busy handler sleeps up
/// to 5 s) then blocks this thread only, and the app's tasks go on.
///
/// The thread runs until `stop()`, then finishes the jobs already enqueued and ends. It holds
/// the executor until then, so a job never runs on an executor already gone.
///
/// `@unchecked Sendable`: `pending` and `isStopping` are only touched between
/// `pthread_mutex_lock` and `pthread_mutex_unlock`; the mutex and condition are made for use
/// from any thread; `running` is touched on the executor's thread only.
final class ThreadExecutor: SerialExecutor, @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let wakeUp: UnsafeMutablePointer<pthread_cond_t>
    private var pending: [UnownedJob] = []
    private var isStopping = false
    /// The jobs taken from `pending` at one wake-up, run without holding the lock.
    private var running: [UnownedJob] = []

    /// Starts the thread; nil when the system cannot start one.
    init?() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        wakeUp = .allocate(capacity: 1)
        wakeUp.initialize(to: pthread_cond_t())
        guard pthread_mutex_init(mutex, nil) == 0, pthread_cond_init(wakeUp, nil) == 0 else { return nil }
        // Nobody joins the thread: `stop()` may be called on the thread itself (the engine's last
        // reference dropped by a job), and the thread ends on its own.
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        // The thread holds the executor until its loop returns.
        let context = Unmanaged.passRetained(self).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        guard pthread_create(&thread, &attributes, { ThreadExecutor.start($0) }, context) == 0 else {
            Unmanaged<ThreadExecutor>.fromOpaque(context).release()
            return nil
        }
    }

    /// The new thread's entry: runs the loop of the executor `init` handed over.
    private static func start(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        guard let context else { return nil }
        Unmanaged<ThreadExecutor>.fromOpaque(context).takeRetainedValue().run()
        return nil
    }

    deinit {
        pthread_cond_destroy(wakeUp)
        pthread_mutex_destroy(mutex)
        wakeUp.deallocate()
        mutex.deallocate()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        pthread_mutex_lock(mutex)
        pending.append(job)
        pthread_cond_signal(wakeUp)
        pthread_mutex_unlock(mutex)
    }

    /// Lets the thread end once the jobs already enqueued have run. Its owner calls it when
    /// nothing can enqueue a job any more (the engine's `deinit`): a later job would never run.
    func stop() {
        pthread_mutex_lock(mutex)
        isStopping = true
        pthread_cond_signal(wakeUp)
        pthread_mutex_unlock(mutex)
    }

    private func run() {
        let executor = asUnownedSerialExecutor()
        pthread_mutex_lock(mutex)
        while true {
            while pending.isEmpty && !isStopping { pthread_cond_wait(wakeUp, mutex) }
            if pending.isEmpty { break }  // Stopping, and nothing is left to run.
            swap(&pending, &running)
            pthread_mutex_unlock(mutex)
            for job in running { job.runSynchronously(on: executor) }
            running.removeAll(keepingCapacity: true)
            pthread_mutex_lock(mutex)
        }
        pthread_mutex_unlock(mutex)
    }
}
