#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A ZIP file written by libzip with bounded memory: each entry's bytes go to a spool file beside
/// the ZIP as they are made, and libzip reads them back from it when the ZIP is written, so a book
/// of a year's pictures never sits in memory. The ZIP appears whole or not at all: libzip writes a
/// temporary file (`<path>.XXXXXX`, left behind only by a kill while it writes) and renames it over
/// `path`. Entries keep the order they were added in.
///
/// Not `Sendable`: one task makes one container.
final class ZipContainer {
    /// The ZIP could not be made: `path` is the file or folder, `reason` what the system said;
    /// or libzip could not be loaded (`path` is its soname).
    struct Failure: Error, Equatable {
        let path: String
        let reason: String
        var missingLibrary = false
        /// Not a failure of the ZIP: the task making it was cancelled.
        var cancelled = false
    }

    fileprivate struct Entry: Sendable {
        let name: String
        let offset: UInt64
        let length: UInt64
        let compressed: Bool
    }

    let path: String
    private let library: ZipLibrary
    private let spool: Int32
    /// Where libzip reads the spool: the open file itself where the system names it (the spool is
    /// unlinked at once, so a killed export leaves none behind), else the spool's own path.
    private let spoolPath: String
    private let unlinksAtEnd: Bool
    private var entries: [Entry] = []
    private var length: UInt64 = 0

    /// A container to be written at `path`; the spool is made in `path`'s folder, on the same disk.
    init(path: String) throws(Failure) {
        switch ZipLibrary.shared {
        case .success(let library): self.library = library
        case .failure(let error):
            throw Failure(path: ZipLibrary.defaultName, reason: "\(error.reason) (install \(ZipLibrary.package))", missingLibrary: true)
        }
        self.path = path
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        let name = folder + "/.newsctl-export-\(UInt64.random(in: 0...UInt64.max)).spool"
        let descriptor = openSpool(name)
        guard descriptor >= 0 else { throw Failure(path: folder, reason: String(cString: strerror(errno))) }
        spool = descriptor
        #if os(Linux)
            unlink(name)
            spoolPath = "/proc/self/fd/\(descriptor)"
            unlinksAtEnd = false
        #else
            spoolPath = name
            unlinksAtEnd = true
        #endif
    }

    deinit {
        closeSpool(spool)
        if unlinksAtEnd { unlink(spoolPath) }
    }

    /// Adds an entry named `name` holding `bytes` (never empty), deflated or `stored`.
    func add(_ name: String, _ bytes: [UInt8], compressed: Bool = true) throws(Failure) {
        guard !bytes.isEmpty else { throw Failure(path: name, reason: "empty entry") }
        if let error = appendAll(bytes, to: spool) { throw Failure(path: path, reason: String(cString: strerror(error))) }
        entries.append(Entry(name: name, offset: length, length: UInt64(bytes.count), compressed: compressed))
        length += UInt64(bytes.count)
    }

    /// What libzip needs to write the ZIP, to be written where the caller chooses (off its actor)
    /// while the container, which holds the spool open, lives.
    var plan: ZipPlan { ZipPlan(library: library, path: path, spoolPath: spoolPath, entries: entries) }
}

/// The ZIP a ``ZipContainer`` spooled, as libzip writes it: each entry read back from the spool.
struct ZipPlan: Sendable {
    fileprivate let library: ZipLibrary
    let path: String
    fileprivate let spoolPath: String
    fileprivate let entries: [ZipContainer.Entry]

    /// Writes the ZIP at `path` (replacing any file there), every entry dated `date`. The
    /// container it came from must be alive: its spool is read.
    func write(date: DOSDate) throws(ZipContainer.Failure) {
        var code: Int32 = 0
        guard let archive = library.open(path, ZipLibrary.create | ZipLibrary.truncate, &code) else {
            throw ZipContainer.Failure(path: path, reason: library.describe(code: code))
        }
        for entry in entries {
            guard let source = library.sourceFile(archive, spoolPath, entry.offset, Int64(entry.length)) else {
                throw abandon(archive)
            }
            let index = library.fileAdd(archive, entry.name, source, ZipLibrary.utf8Names)
            guard index >= 0 else {
                library.sourceFree(source)
                throw abandon(archive)
            }
            let method = entry.compressed ? ZipLibrary.deflated : ZipLibrary.stored
            // Every entry a plain file readable by all, whatever the spool's own mode or the umask.
            guard library.setCompression(archive, UInt64(index), method, 9) == 0,
                library.setDOSTime(archive, UInt64(index), date.time, date.date, 0) == 0,
                library.setAttributes(archive, UInt64(index), 0, ZipLibrary.unix, ZipLibrary.regularFile) == 0
            else { throw abandon(archive) }
        }
        guard library.close(archive) == 0 else { throw abandon(archive) }
    }

    /// The archive's error, once it is discarded (nothing is written).
    private func abandon(_ archive: OpaquePointer) -> ZipContainer.Failure {
        let reason = library.stringError(archive).map { String(cString: $0) } ?? "libzip failed"
        library.discard(archive)
        return ZipContainer.Failure(path: path, reason: reason)
    }
}

/// A date and time as a ZIP entry keeps it (MS-DOS's: local, to 2 seconds, from 1980).
struct DOSDate: Equatable, Sendable {
    let date: UInt16
    let time: UInt16

    /// `year`-`month`-`day` `hour`:`minute`:`second` (1980-2107).
    init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        date = UInt16((max(min(year, 2107), 1980) - 1980) << 9 | month << 5 | day)
        time = UInt16(hour << 11 | minute << 5 | second / 2)
    }
}

// The system calls, outside the class: its own `write` would hide the system's.

private func openSpool(_ path: String) -> Int32 {
    open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
}

private func closeSpool(_ descriptor: Int32) {
    close(descriptor)
}

/// Writes all of `bytes` to `descriptor`; the `errno` of a failure, or nil.
private func appendAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
    bytes.withUnsafeBytes { buffer in
        var written = 0
        while written < buffer.count {
            let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return count == 0 ? EIO : errno }
            written += count
        }
        return nil
    }
}
