import NewsFeature

/// The news list as text for a terminal or a pipe (width-aware, CJK-aware, sanitised), or as one
/// JSON object on stdout in the shape DESIGN.md fixes.
@MainActor
final class NewsListTerminalView: NewsListView, CommandView {
    private let output: Output
    private let terminal: Terminal
    private let style: Style
    private let errorLine: ErrorLine
    private let progress: ProgressLine
    private let json: Bool
    private let includesTopStories: Bool
    /// The exit status the command ends with.
    private(set) var exitStatus = ExitStatus.internalError

    /// - Parameters:
    ///   - json: one JSON object instead of text, and no loading line.
    ///   - includesTopStories: the JSON of `latest` has `top_stories`; a past day's has not.
    init(
        output: Output, terminal: Terminal, errorLine: ErrorLine, loadingText: String, json: Bool = false,
        includesTopStories: Bool = true
    ) {
        self.output = output
        self.terminal = terminal
        self.style = Style(enabled: terminal.useColor)
        self.errorLine = errorLine
        self.progress = ProgressLine(output: output, terminal: terminal, text: loadingText)
        self.json = json
        self.includesTopStories = includesTopStories
    }

    func showLoading() {
        guard !json else { return }
        progress.show()
    }

    func showLoadingMore() {
        showLoading()
    }

    func show(_ list: NewsListViewData) {
        guard !json else { return showJSON(list) }
        progress.clear()
        var text = ""
        if !list.topStories.isEmpty {
            text += style.bold(TerminalText.sanitize(list.topStoriesTitle)) + "\n"
            for item in list.topStories { text += render(item, marker: "•") }
            text += "\n"
        }
        for section in list.sections {
            text += heading(section.title)
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
        guard !json else { return showJSON(empty.list) }
        progress.clear()
        var text = ""
        for section in empty.list.sections {
            text += heading(section.title)
        }
        text += "  " + TerminalText.sanitize(empty.message) + "\n\n" + statusLine(empty.list.status) + "\n"
        output.out(text)
        exitStatus = ExitStatus.ok
        reportWarning(empty.list.warning)
    }

    /// A section's heading, wrapped to the width ("今日热闻 · 2023年3月14日 星期二" is 31 columns).
    private func heading(_ title: String) -> String {
        Self.lines(TerminalText.wrap(TerminalText.sanitize(title), width: terminal.width).map(style.bold))
    }

    func showError(_ error: ErrorViewData) {
        progress.clear()
        errorLine.write(error)
        exitStatus = ExitStatus.forError(error.kind)
    }

    func showLoadMoreError(_ error: ErrorViewData) {
        showError(error)
    }

    func showActionError(_ error: ErrorViewData) {
        showError(error)
    }

    /// The list is shown, but the command still reports what went wrong in its exit status.
    private func reportWarning(_ warning: ErrorViewData?) {
        guard let warning else { return }
        errorLine.write(warning)
        exitStatus = ExitStatus.forError(warning.kind)
    }

    /// "  1. title wrapped under its indent" then the dimmed hint and id.
    private func render(_ item: StoryItemViewData, marker: String) -> String {
        Self.lines(StoryRows.item(item, marker: marker, width: terminal.width).map { $0.text(color: style.enabled) })
    }

    /// Each of `lines` ended by a line break, one after the other.
    private static func lines(_ lines: [String]) -> String {
        lines.map { $0 + "\n" }.joined()
    }

    private func showJSON(_ list: NewsListViewData) {
        guard let section = list.sections.first else { return }
        var members: [(String, JSONValue)] = [
            ("date", .string(section.date)),
            ("stories", .array(section.items.map(Self.item))),
        ]
        if includesTopStories {
            members.append(("top_stories", .array(list.topStories.map(Self.item))))
        }
        let source = section.source
        members += [
            ("origin", .string(source.origin)),
            ("fetched_at", .string(source.fetchedAt)),
            ("final", .bool(source.isFinal)),
            ("stale", .bool(source.isStale)),
            ("stale_reason", .optional(source.staleReason)),
        ]
        output.out(JSONValue.object(members).serialized() + "\n")
        exitStatus = ExitStatus.ok
        reportWarning(list.warning)
    }

    private static func item(_ item: StoryItemViewData) -> JSONValue {
        .object([
            ("id", .int(item.id)),
            ("title", .string(item.title)),
            ("hint", .string(item.hint)),
            ("image", .optional(item.image)),
            ("url", .string(item.url)),
            ("read", .bool(item.isRead)),
            ("favorite", .bool(item.isFavorite)),
        ])
    }

    private func statusLine(_ status: StatusViewData) -> String {
        let text = TerminalText.sanitize(status.text)
        return status.isStale ? style.yellow(text) : style.green(text)
    }
}
