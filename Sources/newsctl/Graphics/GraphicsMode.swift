/// `--graphics`: how pictures are drawn, or `auto` to ask the terminal.
enum GraphicsMode: String, Sendable, CaseIterable {
    case auto, kitty, iterm, sixel, symbols, none

    /// What `auto` looks at: whether stdout is a terminal and what the environment says it is.
    struct Terminal: Equatable, Sendable {
        var isTerminal: Bool
        var term: String?
        var termProgram: String?
        var kittyWindowID: String?

        /// The process's own: `isatty(1)`, `TERM`, `TERM_PROGRAM`, `KITTY_WINDOW_ID`.
        static func current(_ environment: [String: String], isTerminal: Bool) -> Terminal {
            Terminal(
                isTerminal: isTerminal, term: environment["TERM"], termProgram: environment["TERM_PROGRAM"],
                kittyWindowID: environment["KITTY_WINDOW_ID"])
        }
    }

    /// The protocol to draw with, or nil to draw nothing (placeholders only). A mode named on the
    /// command line is obeyed as is; `auto` draws only on a terminal: kitty where `TERM` or
    /// `KITTY_WINDOW_ID` says kitty, iTerm2's protocol in iTerm2 and WezTerm, sixels when the
    /// terminal answers that it has them (`hasSixels`, asked only then), symbols otherwise.
    func resolve(_ terminal: Terminal, hasSixels: () -> Bool) -> PictureProtocol? {
        switch self {
        case .none: return nil
        case .kitty: return .kitty
        case .iterm: return .iterm
        case .sixel: return .sixel
        case .symbols: return .symbols
        case .auto:
            guard terminal.isTerminal else { return nil }
            if terminal.term?.contains("kitty") == true || !(terminal.kittyWindowID ?? "").isEmpty { return .kitty }
            if ["iTerm.app", "WezTerm"].contains(terminal.termProgram ?? "") { return .iterm }
            return hasSixels() ? .sixel : .symbols
        }
    }
}
