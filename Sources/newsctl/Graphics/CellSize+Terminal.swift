import Glibc

extension CellSize {
    /// The cell size the terminal on `descriptor` reports (its window's pixels over its cells),
    /// or nil when it reports no pixels (many do not, tmux among them).
    static func reported(by descriptor: Int32) -> CellSize? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
            size.ws_xpixel >= size.ws_col, size.ws_ypixel >= size.ws_row
        else { return nil }
        return CellSize(width: Int(size.ws_xpixel / size.ws_col), height: Int(size.ws_ypixel / size.ws_row))
    }
}
