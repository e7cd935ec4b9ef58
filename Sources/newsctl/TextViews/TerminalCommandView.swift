import NewsFeature

/// What a command's terminal view shares, whichever screen it shows: where it writes, whether as
/// one JSON object or as text for `terminal`, and the exit status the command ends with. Each
/// command's view is a subclass that adds its screen's `show…`.
@MainActor
class TerminalCommandView: CommandView {
    let output: Output
    let errorLine: ErrorLine
    /// One JSON object on stdout instead of text.
    let json: Bool
    let terminal: Terminal
    /// The exit status the command ends with; a failure until something is shown.
    var exitStatus = ExitStatus.internalError

    init(output: Output, errorLine: ErrorLine, json: Bool, terminal: Terminal) {
        self.output = output
        self.errorLine = errorLine
        self.json = json
        self.terminal = terminal
    }

    /// The error as the command's one line on stderr, and its exit status.
    func showError(_ error: ErrorViewData) {
        errorLine.write(error)
        exitStatus = ExitStatus.forError(error.kind)
    }
}
