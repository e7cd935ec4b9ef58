/// Pictures already drawn, kept for a whole reader session (every story screen shares one), so
/// that scrolling back, opening a story again or drawing the same frame again draws nothing:
/// each drawing is kept by the picture (`PictureIdentity`), how it is drawn (the renderer:
/// protocol, colours, cell size) and its width in columns. A new width is a new drawing.
///
/// Bounded by `limit` bytes of drawn escape text (a drawing that failed counts as
/// `failureCost`): past it, the least recently used drawings go first. The default, 32 MiB,
/// holds a session's worth of stories drawn in symbols, and a story or two in kitty's protocol,
/// whose drawings are far larger (bench/RESULTS.md has their sizes).
@MainActor
final class DrawnPictures {
    /// One drawing's place in the cache.
    struct Key: Hashable, Sendable {
        let picture: PictureIdentity
        let renderer: PictureRenderer
        let columns: Int
    }

    nonisolated static let defaultLimit = 32 * 1024 * 1024
    /// What a kept failure counts for: the error, not escape text.
    nonisolated static let failureCost = 256

    let limit: Int
    /// The bytes kept now: the drawings' escape text, and `failureCost` per failure.
    private(set) var bytes = 0
    private var entries: [Key: Entry] = [:]
    /// Stamps uses: the smallest stamp is the least recently used.
    private var clock = 0

    private struct Entry {
        let drawing: Result<RenderedPicture, PictureDrawingError>
        let cost: Int
        var used: Int
    }

    init(limit: Int = defaultLimit) {
        self.limit = limit
    }

    /// How many drawings are kept.
    var count: Int { entries.count }

    /// The drawing kept for `key`, now the most recently used; nil when there is none.
    func drawing(for key: Key) -> Result<RenderedPicture, PictureDrawingError>? {
        guard entries[key] != nil else { return nil }
        clock += 1
        entries[key]?.used = clock
        return entries[key]?.drawing
    }

    /// Keeps `drawing` for `key`, then lets the least recently used go until the kept bytes are
    /// within `limit` (a drawing larger than `limit` alone is not kept at all).
    func keep(_ drawing: Result<RenderedPicture, PictureDrawingError>, for key: Key) {
        let cost = Self.cost(of: drawing)
        if let old = entries.removeValue(forKey: key) { bytes -= old.cost }
        guard cost <= limit else { return }
        clock += 1
        entries[key] = Entry(drawing: drawing, cost: cost, used: clock)
        bytes += cost
        guard bytes > limit else { return }
        for (oldest, entry) in entries.sorted(by: { $0.value.used < $1.value.used }) {
            guard bytes > limit else { break }
            entries[oldest] = nil
            bytes -= entry.cost
        }
    }

    /// A drawing's bytes of escape text (UTF-8, as written to the terminal).
    static func cost(of drawing: Result<RenderedPicture, PictureDrawingError>) -> Int {
        guard case .success(let picture) = drawing else { return failureCost }
        return picture.text.reduce(0) { $0 + $1.utf8.count }
    }
}

/// Which picture a drawing is of: its address (a picture at an address never changes: the
/// archive keeps the one it fetched), and its byte count, so that other bytes under the same
/// address are not taken for it.
struct PictureIdentity: Hashable, Sendable {
    let url: String
    let byteCount: Int
}
