import NewsFeature

/// A story as text for a terminal or a pipe: wrapped to the width, CJK-aware, sanitised.
@MainActor
final class TextDetailView: DetailView, CommandView {
    private let output: Output
    private let terminal: Terminal
    private let errorLine: ErrorLine
    private let progress: ProgressLine
    private(set) var exitStatus = ExitStatus.internalError

    init(output: Output, terminal: Terminal, errorLine: ErrorLine, loadingText: String) {
        self.output = output
        self.terminal = terminal
        self.errorLine = errorLine
        self.progress = ProgressLine(output: output, terminal: terminal, text: loadingText)
    }

    func showLoading() {
        progress.show()
    }

    func show(_ detail: DetailViewData) {
        progress.clear()
        var rows = StoryRows.detail(detail, width: terminal.width, wholeAddresses: true)
        rows.append(Row(detail.status.text, detail.status.isStale ? .yellow : .green))
        output.out(rows.map { $0.text(color: terminal.useColor) + "\n" }.joined())
        exitStatus = ExitStatus.ok
    }

    func showError(_ error: ErrorViewData) {
        progress.clear()
        errorLine.write(error)
        exitStatus = ExitStatus.forError(error.kind)
    }
}

/// A story as one JSON object on stdout.
@MainActor
final class JSONDetailView: DetailView, CommandView {
    private let output: Output
    private let errorLine: ErrorLine
    private(set) var exitStatus = ExitStatus.internalError

    init(output: Output, errorLine: ErrorLine) {
        self.output = output
        self.errorLine = errorLine
    }

    func showLoading() {}

    func show(_ detail: DetailViewData) {
        let extra: JSONValue =
            detail.counts.map { counts in
                .object([
                    ("popularity", .int(Int64(counts.popularity))),
                    ("comments", .int(Int64(counts.comments))),
                    ("long_comments", .int(Int64(counts.longComments))),
                    ("short_comments", .int(Int64(counts.shortComments))),
                ])
            } ?? .null
        output.out(
            JSONValue.object([
                ("id", .int(detail.id)),
                ("title", .string(detail.title)),
                ("body_text", .string(detail.bodyText)),
                ("image", .optional(detail.image)),
                ("image_source", .optional(detail.imageSource)),
                ("images", .array(detail.images.compactMap(Self.image))),
                ("share_url", .optional(detail.shareURL)),
                ("url", .string(detail.url)),
                ("publish_time", detail.published.map { .int($0.unixTime) } ?? .null),
                ("published_at", .optional(detail.published?.iso8601)),
                ("extra", extra),
                ("origin", .string(detail.source.origin)),
                ("fetched_at", .string(detail.source.fetchedAt)),
                ("favorite", .bool(detail.isFavorite)),
                ("read", .bool(detail.isRead)),
                ("off_site", .bool(detail.isOffSite)),
                ("stale", .bool(detail.source.isStale)),
                ("stale_reason", .optional(detail.source.staleReason)),
            ]).serialized() + "\n")
        exitStatus = ExitStatus.ok
    }

    /// A body image as `{"number", "url", "caption"}`; the headline image is `image` already.
    private static func image(_ image: ImageViewData) -> JSONValue? {
        guard let number = image.number else { return nil }
        return .object([("number", .int(Int64(number))), ("url", .string(image.url)), ("caption", .optional(image.caption))])
    }

    func showError(_ error: ErrorViewData) {
        errorLine.write(error)
        exitStatus = ExitStatus.forError(error.kind)
    }
}
