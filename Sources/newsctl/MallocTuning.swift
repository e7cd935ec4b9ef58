#if canImport(Glibc)
    import Glibc
#endif

/// glibc's malloc set for a long sync's peak memory, before any thread but the main one starts.
///
/// By default glibc gives each thread that allocates while another holds the lock an arena of
/// its own (up to eight per core), and after a large block is freed it serves blocks up to 32 MB
/// from those arenas instead of mapping them. A sync's threads (the transfers, the engine, the
/// checkpoint, the cooperative pool) each leave memory in an arena the others cannot reuse: a
/// 10-year details sync had 8 arenas, now 2. Its peak RSS, 5-6 runs each on a loaded machine:
/// 38.0-40.1 MB (median 39.6) against 40.0-40.3 (median 40.1); the same CPU and instructions.
/// The rest of the peak is mostly not the heap: about 14 MB is anonymous memory, 11 MB the
/// binary's own code pages and 12 MB the shared libraries'.
enum MallocTuning {
    static let arenas: Int32 = 2
    static let mapThreshold: Int32 = 128 * 1024

    static func forSync() {
        #if os(Linux)
            // `mallopt` and its options live in <malloc.h>, which the Glibc module leaves out.
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            let arenaMax: Int32 = -8, mmapThreshold: Int32 = -3  // M_ARENA_MAX, M_MMAP_THRESHOLD
            guard let symbol = dlsym(nil, "mallopt") else { return }
            let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
            _ = mallopt(arenaMax, arenas)
            _ = mallopt(mmapThreshold, mapThreshold)
        #endif
    }
}
