/// Rows paged like `less`: which row is on top, how many fit, and the keys that move them.
/// Shared by the story and comments screens, so both scroll alike.
struct PagedRows {
    var lines: [Row] = []
    /// The index of the row on top.
    private(set) var top = 0
    private var height = 10

    /// The last row is on screen.
    var isAtEnd: Bool { top + height >= lines.count }

    /// "22/63": the last row shown of all; empty before there are rows.
    var position: String { lines.isEmpty ? "" : "\(min(lines.count, top + height))/\(lines.count)" }

    /// The rows that fit in `rows`, kept within the text.
    mutating func visible(rows: Int) -> [Row] {
        height = rows
        scroll(by: 0)
        return Array(lines.dropFirst(top).prefix(rows))
    }

    /// Moves for a paging key (arrows, j k, space b, g G, the wheel); false for any other key.
    mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .down, .character("j"), .enter: scroll(by: 1)
        case .up, .character("k"): scroll(by: -1)
        case .wheelDown: scroll(by: 3)
        case .wheelUp: scroll(by: -3)
        case .pageDown, .character(" "): scroll(by: max(1, height - 1))
        case .pageUp, .character("b"): scroll(by: -max(1, height - 1))
        case .home, .character("g"): top = 0
        case .end, .character("G"): scroll(by: lines.count)
        default: return false
        }
        return true
    }

    private mutating func scroll(by offset: Int) {
        top = max(0, min(top + offset, lines.count - height))
    }
}
