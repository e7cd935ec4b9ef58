import NewsFeature

/// The news list as text for a terminal or a pipe: width-aware, CJK-aware, sanitised.
@MainActor
final class TextNewsListView: NewsListView {
    private let output: Output
    private let terminal: Terminal
    private let style: Style
    private let errorLine: ErrorLine
    private let progress: ProgressLine
    /// The exit status the command ends with.
    private(set) var exitStatus = ExitStatus.internalError

    init(output: Output, terminal: Terminal, errorLine: ErrorLine, loadingText: String) {
        self.output = output
        self.terminal = terminal
        self.style = Style(enabled: terminal.useColor)
        self.errorLine = errorLine
        self.progress = ProgressLine(output: output, terminal: terminal, text: loadingText)
    }

    func showLoading() {
        progress.show()
    }

    func showLoadingMore() {
        showLoading()
    }

    func show(_ list: NewsListViewData) {
        progress.clear()
        var text = ""
        if !list.topStories.isEmpty {
            text += style.bold(TerminalText.sanitize(list.topStoriesTitle)) + "\n"
            for item in list.topStories { text += render(item, marker: "•") }
            text += "\n"
        }
        for section in list.sections {
            text += style.bold(TerminalText.sanitize(section.title)) + "\n"
            let numberWidth = String(section.items.count).count
            for (index, item) in section.items.enumerated() {
                let number = String(index + 1)
                text += render(item, marker: String(repeating: " ", count: numberWidth - number.count) + number + ".")
            }
            text += "\n"
        }
        text += statusLine(list.status) + "\n"
        output.out(text)
        exitStatus = ExitStatus.ok
        reportWarning(list.warning)
    }

    func showEmpty(_ empty: EmptyViewData) {
        progress.clear()
        var text = ""
        for section in empty.list.sections {
            text += style.bold(TerminalText.sanitize(section.title)) + "\n"
        }
        text += "  " + TerminalText.sanitize(empty.message) + "\n\n" + statusLine(empty.list.status) + "\n"
        output.out(text)
        exitStatus = ExitStatus.ok
        reportWarning(empty.list.warning)
    }

    func showError(_ error: ErrorViewData) {
        progress.clear()
        errorLine.write(error)
        exitStatus = ExitStatus.forError(error.kind)
    }

    func showLoadMoreError(_ error: ErrorViewData) {
        showError(error)
    }

    /// The list is shown, but the command still reports what went wrong in its exit status.
    private func reportWarning(_ warning: ErrorViewData?) {
        guard let warning else { return }
        errorLine.write(warning)
        exitStatus = ExitStatus.forError(warning.kind)
    }

    /// "  1. title wrapped under its indent" then the dimmed hint.
    private func render(_ item: StoryItemViewData, marker: String) -> String {
        let indent = String(repeating: " ", count: 2 + TerminalText.width(of: marker) + 1)
        let textWidth = terminal.width - TerminalText.width(of: indent)
        // Marks follow the title: ★ kept (收藏), ✓ read.
        let marks = (item.isFavorite ? " ★" : "") + (item.isRead ? " ✓" : "")
        let lines = TerminalText.wrap(TerminalText.sanitize(item.title) + marks, width: textWidth)
        var text = "  " + marker + " " + lines[0] + "\n"
        for line in lines.dropFirst() { text += indent + line + "\n" }
        let hint = TerminalText.sanitize(item.hint)
        if !hint.isEmpty {
            text += indent + style.dim(TerminalText.truncate(hint, width: textWidth)) + "\n"
        }
        return text
    }

    private func statusLine(_ status: StatusViewData) -> String {
        let text = TerminalText.sanitize(status.text)
        return status.isStale ? style.yellow(text) : style.green(text)
    }
}
