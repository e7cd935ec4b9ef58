#if canImport(Glibc)
    import Glibc
#endif

/// glibc's malloc set for a long sync's peak memory, before any thread but the main one starts.
///
/// By default glibc gives each thread that allocates while another holds the lock an arena of
/// its own (up to eight per core), and after a large block is freed it serves blocks up to 32 MB
/// from those arenas instead of mapping them. A sync's threads (the transfers, the engine, the
/// checkpoint, the cooperative pool) each leave memory in an arena the others cannot reuse.
/// `arenas` and `mapThreshold` lower a long details sync's peak a little at the same CPU
/// (bench/RESULTS.md); most of the rest of the peak is not the heap but anonymous memory and the
/// code pages of the binary and of the shared libraries.
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
