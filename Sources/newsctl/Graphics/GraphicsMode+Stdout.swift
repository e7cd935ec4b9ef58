import Glibc

extension GraphicsMode {
    /// The protocol `show` and `read` draw with on stdout, or nil to draw nothing. `auto` draws
    /// only where colour is allowed on a terminal (`Terminal.useColor`): piped output stays the
    /// text it always was, and `--no-color`/`NO_COLOR` ask for no colour, which symbols are.
    func resolveForStdout(useColor: Bool) -> PictureProtocol? {
        if self == .auto, !useColor { return nil }
        let terminal = GraphicsMode.Terminal(
            isTerminal: isatty(STDOUT_FILENO) == 1, term: Environment.value("TERM"),
            termProgram: Environment.value("TERM_PROGRAM"), kittyWindowID: Environment.value("KITTY_WINDOW_ID"))
        return resolve(terminal, hasSixels: Self.askTerminalForSixels)
    }

    /// A renderer for stdout's terminal: its cell size if it reports one, truecolor symbols
    /// where `COLORTERM` says the terminal has them (else the 256-colour palette).
    static func renderer(for pictureProtocol: PictureProtocol) -> PictureRenderer {
        let colorTerm = Environment.value("COLORTERM") ?? ""
        return PictureRenderer(
            pictureProtocol: pictureProtocol, truecolor: colorTerm == "truecolor" || colorTerm == "24bit",
            cell: CellSize.reported(by: STDOUT_FILENO) ?? .fallback)
    }

    /// Asks the controlling terminal, which answers on its input, not on a redirected stdin.
    static func askTerminalForSixels() -> Bool {
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY)
        guard tty >= 0 else { return false }
        defer { close(tty) }
        return SixelQuery.terminalHasSixels(tty)
    }
}
