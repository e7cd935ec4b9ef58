import NewsFeature

/// A query field and what the archive's index finds; over `SearchPresenter`.
@MainActor
final class SearchScreen: ReaderScreen, SearchView {
    private unowned let app: ReaderApp
    private var presenter: SearchPresenter?
    private var query = ""
    /// The field has focus: printable keys type.
    private var editing = true
    private var searching = false
    private var results: SearchViewData?
    private var error: ErrorViewData?
    private var cursor = SelectableList()
    private var width = 0

    init(app: ReaderApp) {
        self.app = app
    }

    var title: String { app.words.search }
    var isBusy: Bool { searching }
    var capturesText: Bool { editing }

    func start() {
        presenter = SearchPresenter(
            view: self, interactor: DefaultSearchInteractor(engine: app.engine), navigator: app,
            language: app.settings.language)
    }

    func willAppear() {}

    func close() {
        presenter = nil
    }

    // MARK: SearchView

    func show(_ results: SearchViewData) {
        searching = false
        error = nil
        self.results = results
        if !results.items.isEmpty { editing = false }
        width = 0
        app.setNeedsDisplay()
    }

    func showError(_ error: ErrorViewData) {
        searching = false
        self.error = error
        app.setNeedsDisplay()
    }

    // MARK: Drawing

    var status: ReaderStatus {
        let count = cursor.itemCount
        return ReaderStatus(text: "", position: count > 0 && !editing ? "\(cursor.selected + 1)/\(count)" : "")
    }

    var message: Row? {
        error.map { Row($0.message, .red) }
    }

    func body(columns: Int, rows: Int) -> [Row] {
        var field = Row(app.words.searchPrompt, .bold).appending(TerminalText.sanitize(query))
        if editing { field.append("_", .bold) }
        var head = [field, editing ? Row(app.words.searchHint, .dim) : Row()]
        guard let results else { return head }
        if results.items.isEmpty {
            head.append(Row("  " + results.emptyMessage, .dim))
            return head
        }
        if width != columns {
            width = columns
            cursor.replace(with: results.items.map { .item(id: $0.id, rows: rowsOf($0, width: columns)) })
        }
        return head + cursor.rows(height: rows - head.count, showsCursor: !editing)
    }

    private func rowsOf(_ item: SearchItemViewData, width: Int) -> [Row] {
        let date = item.dateText.isEmpty ? "" : "  " + item.dateText
        let title = TerminalText.truncate(TerminalText.sanitize(item.title), width: max(10, width - 2 - TerminalText.width(of: date)))
        var snippet = Row("    ")
        for part in item.snippet {
            if part.isMatch {
                // Reverse video with colour; unmarked without (brackets could be the story's own).
                snippet.append(part.text, .match)
            } else {
                snippet.append(part.text, .dim)
            }
        }
        return [Row("  ").appending(title, .bold).appending(date, .dim), snippet]
    }

    var selectedStoryID: Int64? { cursor.selectedID }
    var selectedStoryTitle: String? { results?.items.first { $0.id == cursor.selectedID }?.title }

    // MARK: Keys

    func handle(_ key: Key) -> Bool {
        guard let presenter else { return false }
        if editing {
            switch key {
            case .character(let character):
                query.append(character)
            case .backspace:
                if !query.isEmpty { query.removeLast() }
            case .control("u"):
                query = ""
            case .left, .right:
                break  // The field has no cursor to move; the arrows must not leave the screen.
            case .enter:
                guard !query.isEmpty else { return true }
                searching = true
                let query = query
                Task { await presenter.didSearch(query) }
            case .escape, .down:
                guard let results, !results.items.isEmpty else { return key == .down }
                editing = false
            default:
                return false
            }
            return true
        }
        if key == .up || key == .character("k"), cursor.selected == 0 {
            editing = true  // Up from the first result goes back to the field.
            return true
        }
        if cursor.navigate(key) { return true }
        switch key {
        case .enter, .character("l"), .right:
            if let id = cursor.selectedID { presenter.didSelectStory(id: id) }
        case .character("/"):
            editing = true
        default:
            return false
        }
        return true
    }
}
