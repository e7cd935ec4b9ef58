import NewsFeature

/// The news list as one JSON object on stdout, in the shape DESIGN.md fixes.
@MainActor
final class JSONNewsListView: NewsListView {
    private let output: Output
    private let errorLine: ErrorLine
    private let includesTopStories: Bool
    private(set) var exitStatus = ExitStatus.internalError

    /// - Parameter includesTopStories: `latest` prints `top_stories`; a past day does not.
    init(output: Output, errorLine: ErrorLine, includesTopStories: Bool) {
        self.output = output
        self.errorLine = errorLine
        self.includesTopStories = includesTopStories
    }

    func showLoading() {}

    func showLoadingMore() {}

    func show(_ list: NewsListViewData) {
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

    func showEmpty(_ empty: EmptyViewData) {
        show(empty.list)
    }

    func showError(_ error: ErrorViewData) {
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
}
