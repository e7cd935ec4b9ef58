import NewsFeature

/// The list of sections as text or as JSON.
@MainActor
final class SectionsTerminalView: TerminalCommandView, SectionsView {

    func show(_ sections: SectionsViewData) {
        exitStatus = ExitStatus.ok
        if json {
            let items: [JSONValue] = sections.items.map {
                .object([("id", .int($0.id)), ("name", .string($0.name)), ("description", .string($0.description))])
            }
            output.out(
                JSONValue.object([
                    ("sections", .array(items)), ("origin", .string(sections.origin)), ("fetched_at", .string(sections.fetchedAt)),
                    ("stale", .bool(sections.staleReason != nil)), ("stale_reason", .optional(sections.staleReason)),
                ]).serialized() + "\n")
            return
        }
        let style = Style(enabled: terminal.useColor)
        var text = ""
        if sections.items.isEmpty { text += TerminalText.sanitize(sections.emptyMessage) + "\n" }
        let idWidth = sections.items.map { String($0.id).count }.max() ?? 0
        for item in sections.items {
            let id = String(item.id)
            let lead = String(repeating: " ", count: idWidth - id.count) + id + "  "
            var line = TerminalText.sanitize(item.name)
            if !item.description.isEmpty { line += " · " + TerminalText.sanitize(item.description) }
            text += lead + TerminalText.truncate(line, width: max(10, terminal.width - TerminalText.width(of: lead))) + "\n"
        }
        let status = TerminalText.sanitize(sections.status)
        text += "\n" + (sections.staleReason != nil ? style.yellow(status) : style.green(status)) + "\n"
        output.out(text)
    }
}

/// One column's stories as text (grouped by month, each with its date and id) or as JSON.
@MainActor
final class SectionStoriesTerminalView: TerminalCommandView, SectionStoriesView {

    func show(_ section: SectionStoriesViewData) {
        exitStatus = ExitStatus.ok
        if json {
            let stories: [JSONValue] = section.months.flatMap(\.stories).map {
                .object([
                    ("id", .int($0.id)), ("title", .string($0.title)), ("date", .string($0.dateKey)), ("image", .optional($0.imageURL)),
                    ("url", .string($0.url)),
                ])
            }
            output.out(
                JSONValue.object([
                    ("section", .object([("id", .int(section.id)), ("name", .string(section.name))])), ("stories", .array(stories)),
                    ("complete", .bool(section.isComplete)), ("pages_fetched", .int(Int64(section.pagesFetched))),
                    ("origin", .string(section.origin)), ("fetched_at", .string(section.fetchedAt)),
                    ("stale", .bool(section.staleReason != nil)), ("stale_reason", .optional(section.staleReason)),
                ]).serialized() + "\n")
            return
        }
        let style = Style(enabled: terminal.useColor)
        var text = style.bold(TerminalText.sanitize(section.title)) + "\n"
        if section.months.isEmpty { text += "  " + TerminalText.sanitize(section.emptyMessage) + "\n" }
        let stories = section.months.flatMap(\.stories)
        let idWidth = stories.map { String($0.id).count }.max() ?? 0
        let dateWidth = stories.map { TerminalText.width(of: $0.date) }.max() ?? 0
        for month in section.months {
            text += "\n" + TerminalText.sanitize(month.title) + "\n"
            for story in month.stories {
                let id = String(story.id)
                let lead =
                    "  " + story.date + String(repeating: " ", count: dateWidth - TerminalText.width(of: story.date)) + "  "
                    + String(repeating: " ", count: idWidth - id.count) + id + "  "
                text +=
                    style.dim(lead)
                    + TerminalText.truncate(
                        TerminalText.sanitize(story.title), width: max(10, terminal.width - TerminalText.width(of: lead))) + "\n"
            }
        }
        let status = TerminalText.sanitize(section.extent + " · " + section.status)
        text += "\n" + (section.staleReason != nil ? style.yellow(status) : style.green(status)) + "\n"
        output.out(text)
    }
}
