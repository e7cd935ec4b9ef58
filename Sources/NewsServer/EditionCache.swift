#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import NewsWeb
import ServiceLifecycle
import SyncEngine
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The books made for the catalog's downloads, as files in the run's folder (``EditionCaching``),
/// LRU within its bounds, all of one change token: a new token drops them. A book is made once
/// however many ask for it at the same time (the others wait for it), and is sent only once it is
/// whole: it is made under a path of its own that no one reads before it is done, and a file is
/// deleted only once no answer is still sending it (``Lease``).
final class EditionCache: Sendable {
    /// A book as kept: its file, size and entity tag.
    struct Book: Sendable {
        let path: String
        let size: Int
        let entityTag: String
    }

    /// A book being sent: its file stays until the lease is let go (when the answer is done with).
    final class Lease: Sendable {
        let book: Book
        private let cache: EditionCache

        fileprivate init(book: Book, cache: EditionCache) {
            self.book = book
            self.cache = cache
        }

        deinit { cache.release(book.path) }
    }

    /// What a download gets.
    enum Outcome: Sendable {
        case book(Lease)
        /// The archive holds no story of the edition.
        case absent
        /// The book could not be made: the export's words.
        case failed(String)
        /// The server is stopping: the making was cancelled.
        case stopping
    }

    /// What a making ends with, for those waiting on it.
    private enum Made: Sendable {
        case book
        case absent
        case failed(String)
        case stopping
    }

    private struct Entry {
        let book: Book
        var lastUse: UInt64
    }

    private struct State {
        var token: (any Hashable & Sendable)?
        var books: [Edition: Entry] = [:]
        var flights: [Edition: PendingAnswer<Made>] = [:]
        /// Answers sending each file.
        var readers: [String: Int] = [:]
        /// Files no longer kept, deleted once their last reader is done.
        var dropped: Set<String> = []
        var bytes = 0
        var uses: UInt64 = 0
        var made = 0
    }

    let caching: EditionCaching
    /// The run's folder.
    let folder: String
    private let lock: Int32
    private let state = Locked(State())

    /// The cache in a new folder of its own under `caching.folder` (made if need be), after
    /// removing the folders of runs that ended without removing theirs; nil when no folder can be
    /// made there.
    init?(_ caching: EditionCaching) {
        self.caching = caching
        guard let (folder, lock) = Self.makeRunFolder(in: caching.folder) else { return nil }
        self.folder = folder
        self.lock = lock
    }

    deinit { close(lock) }

    /// How many books are kept, and their bytes (for tests).
    var size: (entries: Int, bytes: Int) { state.withLock { ($0.books.count, $0.bytes) } }

    /// The book of `edition` under `token`: the kept one, the one another request is making, or
    /// one `make` writes at the path it is given.
    func book(
        _ edition: Edition, token: any Hashable & Sendable, make: @escaping @Sendable (String) async throws(EditionExport.Failure) -> Void
    ) async -> Outcome {
        // A waiter whose book was dropped before it could take it (a new token, the bounds) asks again.
        for _ in 0..<3 {
            enum Step {
                case kept(Book)
                case wait(PendingAnswer<Made>)
                case make(PendingAnswer<Made>, String)
            }
            let step = state.withLock { state -> Step in
                if !Self.same(state.token, token) { drop(all: &state, token: token) }
                if var entry = state.books[edition] {
                    state.uses &+= 1
                    entry.lastUse = state.uses
                    state.books[edition] = entry
                    state.readers[entry.book.path, default: 0] += 1
                    return .kept(entry.book)
                }
                if let flight = state.flights[edition] { return .wait(flight) }
                let pending = PendingAnswer<Made>()
                state.flights[edition] = pending
                state.made += 1
                return .make(pending, folder + "/\(state.made).epub")
            }
            switch step {
            case .kept(let book): return .book(Lease(book: book, cache: self))
            case .wait(let pending):
                switch await pending.value {
                case .book?: continue
                case .absent?: return .absent
                case .failed(let reason)?: return .failed(reason)
                case .stopping?: return .stopping
                case nil: return .failed("")
                }
            case .make(let pending, let path):
                return await self.make(edition, at: path, token: token, pending: pending, write: make)
            }
        }
        return .failed("")
    }

    private func make(
        _ edition: Edition, at path: String, token: any Hashable & Sendable, pending: PendingAnswer<Made>,
        write: @escaping @Sendable (String) async throws(EditionExport.Failure) -> Void
    ) async -> Outcome {
        let made: Made
        var book: Book?
        // In a task of its own: a client that goes away must not cut short a book others wait
        // for, or leave one made of what a cancelled read could not get.
        // A server stopping cancels it, so a stop never waits for a year's book.
        let written = await Task { () async -> Result<Void, EditionExport.Failure> in
            await cancelWhenGracefulShutdown { () async -> Result<Void, EditionExport.Failure> in
                do throws(EditionExport.Failure) {
                    try await write(path)
                    return .success(())
                } catch {
                    return .failure(error)
                }
            }
        }.value
        do throws(EditionExport.Failure) {
            try written.get()
            if let (size, tag) = Self.measure(path) {
                book = Book(path: path, size: size, entityTag: tag)
                made = .book
            } else {
                made = .failed(String(cString: strerror(errno)))
            }
        } catch {
            switch error {
            case .empty: made = .absent
            case .write(_, let reason), .noZipLibrary(let reason): made = .failed(reason)
            case .cancelled: made = .stopping
            }
        }
        state.withLock { state in
            if state.flights[edition] === pending { state.flights[edition] = nil }
            guard let book else { return }
            state.readers[book.path, default: 0] += 1
            if Self.same(state.token, token) {
                keep(book, for: edition, in: &state)
            } else {
                state.dropped.insert(book.path)
            }
        }
        pending.fulfil(made)
        switch made {
        case .book: return book.map { .book(Lease(book: $0, cache: self)) } ?? .failed("")
        case .absent: return .absent
        case .failed(let reason): return .failed(reason)
        case .stopping: return .stopping
        }
    }

    /// Keeps `book` within the bounds, dropping the least recently sent; a book larger than the
    /// bounds is sent and not kept.
    private func keep(_ book: Book, for edition: Edition, in state: inout State) {
        guard book.size <= caching.bytes, caching.entries > 0 else {
            state.dropped.insert(book.path)
            return
        }
        if let old = state.books.removeValue(forKey: edition) { drop(old.book, in: &state) }
        while !state.books.isEmpty, state.books.count >= caching.entries || state.bytes + book.size > caching.bytes {
            guard let oldest = state.books.min(by: { $0.value.lastUse < $1.value.lastUse }) else { break }
            state.books[oldest.key] = nil
            drop(oldest.value.book, in: &state)
        }
        state.uses &+= 1
        state.books[edition] = Entry(book: book, lastUse: state.uses)
        state.bytes += book.size
    }

    /// Drops every book: the archive has changed.
    private func drop(all state: inout State, token: any Hashable & Sendable) {
        for entry in state.books.values { drop(entry.book, in: &state) }
        state.books = [:]
        state.flights = [:]
        state.token = token
    }

    private func drop(_ book: Book, in state: inout State) {
        state.bytes -= book.size
        if state.readers[book.path, default: 0] > 0 {
            state.dropped.insert(book.path)
        } else {
            unlink(book.path)
        }
    }

    /// A lease of the file at `path` ended.
    fileprivate func release(_ path: String) {
        state.withLock { state in
            let left = state.readers[path, default: 1] - 1
            state.readers[path] = left > 0 ? left : nil
            if left <= 0, state.dropped.remove(path) != nil { unlink(path) }
        }
    }

    /// Deletes the run's folder and all it holds (the server stops).
    func removeAll() {
        state.withLock { state in
            state.books = [:]
            state.bytes = 0
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    private static func same(_ kept: (any Hashable & Sendable)?, _ token: any Hashable & Sendable) -> Bool {
        guard let kept else { return false }
        return AnyHashable(kept) == AnyHashable(token)
    }
}

extension EditionCache {
    /// The size and entity tag (``Validators/entityTag(of:)``'s form) of the file at `path`.
    fileprivate static func measure(_ path: String) -> (Int, String)? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var size = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            guard count > 0 else { break }
            for byte in buffer[0..<count] { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            size += count
        }
        guard ferror(file) == 0 else { return nil }
        return (size, "\"" + String(size, radix: 16) + "-" + String(hash, radix: 16) + "\"")
    }

    /// A new `run-XXXXXX` folder in `parent` (made with its parents if need be), locked for as
    /// long as the returned descriptor is open; first, the run folders whose lock no server holds
    /// (their server was killed) are removed.
    fileprivate static func makeRunFolder(in parent: String) -> (String, Int32)? {
        let manager = FileManager.default
        guard (try? manager.createDirectory(atPath: parent, withIntermediateDirectories: true)) != nil else { return nil }
        for name in (try? manager.contentsOfDirectory(atPath: parent)) ?? [] where name.hasPrefix("run-") {
            let other = parent + "/" + name
            let descriptor = open(other + "/lock", O_RDWR | O_CLOEXEC)
            // A folder without its lock yet is one a server is making: left alone.
            guard descriptor >= 0 else { continue }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { try? manager.removeItem(atPath: other) }
            close(descriptor)
        }
        var template = Array((parent + "/run-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else { return nil }
        let folder = String(cString: made)
        let lock = open(folder + "/lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0, flock(lock, LOCK_EX | LOCK_NB) == 0 else {
            if lock >= 0 { close(lock) }
            try? manager.removeItem(atPath: folder)
            return nil
        }
        return (folder, lock)
    }
}
