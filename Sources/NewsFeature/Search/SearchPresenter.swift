import SyncEngine

/// The search screen's presentation logic: one-line titles and snippets, dates, wording.
@MainActor
public final class SearchPresenter {
    private weak var view: (any SearchView)?
    private let interactor: any SearchInteractor
    private let navigator: (any Navigator)?
    private let strings: Strings
    private let dates: DateFormatting
    private let errors: ErrorPresenter

    /// Composes the screen.
    ///
    /// - Parameters:
    ///   - view: the screen's view, held weakly.
    ///   - interactor: the screen's use cases.
    ///   - navigator: opens a story selected in the list; a front that only prints the
    ///     list has none.
    ///   - language: the language of the wording.
    public init(
        view: any SearchView, interactor: any SearchInteractor, navigator: (any Navigator)? = nil,
        language: Language = .zh
    ) {
        self.view = view
        self.interactor = interactor
        self.navigator = navigator
        self.strings = Strings(language: language)
        self.dates = DateFormatting(language: language)
        self.errors = ErrorPresenter(language: language)
    }

    /// Opens a story of the list.
    public func didSelectStory(id: Int64) {
        navigator?.showStory(id: id)
    }

    /// Searches the archive and shows the results (or none), or the error for an unusable query.
    public func didSearch(_ query: String, limit: Int = 20) async {
        do {
            let results = try await interactor.search(query, limit: limit)
            view?.show(
                SearchViewData(
                    query: query, items: results.map(item),
                    emptyMessage: strings.noSearchResults(NewsListPresenter.oneLine(query))))
        } catch {
            view?.showError(errors.viewData(for: error, subject: ""))
        }
    }

    private func item(_ result: SearchResult) -> SearchItemViewData {
        SearchItemViewData(
            id: result.id, title: NewsListPresenter.oneLine(result.title),
            dateText: result.day.map(dates.fullDate) ?? "", date: result.day?.description,
            snippet: Self.oneLine(result.snippet))
    }

    /// The snippet on one line: line breaks and runs of spaces become one space, across parts;
    /// the text's `**strong**` and `*em*` marks are left out (`MarkedText`), so that no asterisk
    /// in a snippet can be taken for a match's marking.
    static func oneLine(_ parts: [SearchResult.SnippetPart]) -> [SearchItemViewData.Part] {
        let characters = parts.flatMap { Array($0.text) }
        let isMark = MarkedText.marks(in: characters, isExcerpt: true)
        var offset = 0
        var result: [SearchItemViewData.Part] = []
        var lastWasSpace = true  // Leading space is dropped.
        for part in parts {
            var text = ""
            let start = offset
            offset += part.text.count
            for (index, character) in part.text.enumerated() where !isMark[start + index] {
                if character.isWhitespace {
                    if !lastWasSpace { text.append(" ") }
                    lastWasSpace = true
                } else {
                    text.append(character)
                    lastWasSpace = false
                }
            }
            guard !text.isEmpty else { continue }
            if let last = result.last, last.isMatch == part.isMatch {
                result[result.count - 1] = .init(text: last.text + text, isMatch: part.isMatch)
            } else {
                result.append(.init(text: text, isMatch: part.isMatch))
            }
        }
        if let last = result.last, last.text.hasSuffix(" ") {
            result[result.count - 1] = .init(text: String(last.text.dropLast()), isMatch: last.isMatch)
        }
        return result
    }
}
