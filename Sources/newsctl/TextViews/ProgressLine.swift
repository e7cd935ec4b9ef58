/// "加载中…" on stderr while a load runs, only when stderr is a terminal, erased before output.
@MainActor
final class ProgressLine {
    private let output: Output
    private let isTerminal: Bool
    private let text: String
    private var isShown = false

    init(output: Output, terminal: Terminal, text: String) {
        self.output = output
        self.isTerminal = terminal.stderrIsTerminal
        self.text = text
    }

    func show() {
        guard isTerminal else { return }
        output.err(text)
        isShown = true
    }

    func clear() {
        guard isShown else { return }
        output.err("\r\u{1B}[K")
        isShown = false
    }
}
