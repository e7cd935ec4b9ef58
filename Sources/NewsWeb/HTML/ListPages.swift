import NewsFeature
import Plot

/// The pages that list stories: home, a day, favourites, search, the columns, and the status.
enum ListPages {
    /// A story in a list: its link (`a.story`, which the browser check follows) and its hint; a
    /// story whose text the archive lacks links to `url` on the source (`a.original`), or is
    /// its title only.
    static func storyItem(id: Int64, title: String, hint: String, url: String? = nil, frame: PageFrame) -> Markup {
        let title: Markup =
            if !frame.storiesWithoutText.contains(id) {
                Tag.link(frame.root + "story/\(id).html", title, class: "story")
            } else if let address = url.flatMap(Tag.webAddress) {
                Tag.element("a", ["href": address, "rel": "noreferrer noopener", "class": "original"], text: title)
            } else {
                Tag.element("span", ["class": "title"], text: title)
            }
        var children: [Markup] = [title]
        if !hint.isEmpty { children.append(Tag.element("span", ["class": "hint"], text: hint)) }
        return Tag.element("li", [:], children)
    }

    /// Home, or one day: the banner (home only), each day's stories, the status line, and the
    /// links to the days around.
    static func days(
        _ list: NewsListViewData, frame: PageFrame, title: String, newer: String?, earlier: String?, message: String? = nil
    ) -> [UInt8] {
        var content: [Markup] = []
        if !list.topStories.isEmpty {
            content.append(
                Tag.element(
                    "section", ["class": "top"],
                    [Tag.element("h2", text: list.topStoriesTitle)]
                        + [
                            Tag.element(
                                "ul", ["class": "stories"],
                                list.topStories.map { storyItem(id: $0.id, title: $0.title, hint: $0.hint, url: $0.url, frame: frame) })
                        ]
                ))
        }
        for section in list.sections {
            content.append(
                storyGroup(
                    section.title, section.items.map { storyItem(id: $0.id, title: $0.title, hint: $0.hint, url: $0.url, frame: frame) }))
        }
        if let message { content.append(Tag.element("p", ["class": "empty"], text: message)) }
        // A static copy words no age: it would change every page at every export.
        if !frame.isStatic {
            content.append(Tag.element("p", ["class": list.status.isStale ? "status stale" : "status"], text: list.status.text))
        }
        var pager: [Markup] = []
        if let newer { pager.append(Tag.link(newer, frame.wording.later, class: "newer")) }
        if let earlier { pager.append(Tag.link(earlier, frame.wording.earlier, class: "earlier")) }
        if !pager.isEmpty { content.append(Tag.element("nav", ["class": "pager"], pager)) }
        return frame.render(title: title, content)
    }

    /// The favourites, newest first. Without `addedAt`: it is the JSON's UTC timestamp, not
    /// words for a reader, and the presenter words no other.
    static func favorites(_ favorites: FavoritesViewData, frame: PageFrame) -> [UInt8] {
        let items: [Markup] =
            favorites.items.isEmpty
            ? [Tag.element("p", ["class": "empty"], text: favorites.emptyMessage)]
            : [
                Tag.element(
                    "ul", ["class": "stories"],
                    favorites.items.map { storyItem(id: $0.id, title: $0.title, hint: "", frame: frame) })
            ]
        return frame.render(title: frame.wording.favorites, [Tag.element("h1", text: frame.wording.favorites)] + items)
    }

    /// The search form's answer, matches marked.
    static func search(_ results: SearchViewData?, query: String, frame: PageFrame) -> [UInt8] {
        var content: [Markup] = [Tag.element("h1", text: frame.wording.searchTitle(query))]
        guard let results else {
            content.append(Tag.element("p", ["class": "empty"], text: frame.wording.searchHint))
            return frame.render(title: frame.wording.search, content)
        }
        if results.items.isEmpty {
            content.append(Tag.element("p", ["class": "empty"], text: results.emptyMessage))
        } else {
            content.append(
                Tag.element(
                    "ul", ["class": "stories results"],
                    results.items.map { item in
                        let snippet = item.snippet.map { part -> Markup in
                            part.isMatch ? Tag.element("mark", text: part.text) : Tag.text(part.text)
                        }
                        return Tag.element(
                            "li", [:],
                            [
                                Tag.link(frame.root + "story/\(item.id).html", item.title, class: "story"),
                                Tag.element("span", ["class": "hint"], text: item.dateText),
                                Tag.element("p", ["class": "snippet"], snippet),
                            ])
                    }))
        }
        return frame.render(title: frame.wording.searchTitle(query), content)
    }

    /// The columns; with `linking`, only those columns link to their page (the others are named).
    static func sections(_ sections: SectionsViewData, linking: Set<Int64>? = nil, frame: PageFrame) -> [UInt8] {
        var content: [Markup] = [Tag.element("h1", text: frame.wording.sections)]
        if sections.items.isEmpty {
            content.append(Tag.element("p", ["class": "empty"], text: sections.emptyMessage))
        } else {
            content.append(
                Tag.element(
                    "ul", ["class": "sections"],
                    sections.items.map { item in
                        Tag.element(
                            "li", [:],
                            [
                                linking.map { $0.contains(item.id) } ?? true
                                    ? Tag.link(frame.root + "section/\(item.id).html", item.name, class: "section")
                                    : Tag.element("span", ["class": "section"], text: item.name),
                                Tag.element("span", ["class": "hint"], text: item.description),
                            ])
                    }))
        }
        content.append(Tag.element("p", ["class": "status"], text: sections.status))
        return frame.render(title: frame.wording.sections, content)
    }

    /// One column's stories by month.
    static func section(_ section: SectionStoriesViewData, frame: PageFrame) -> [UInt8] {
        var content: [Markup] = [
            Tag.element("h1", text: section.title), Tag.element("p", ["class": "hint"], text: section.extent),
            Tag.element("p", [:], [Tag.link("\(section.id)/feed.atom", frame.wording.feed)]),
        ]
        if section.months.isEmpty { content.append(Tag.element("p", ["class": "empty"], text: section.emptyMessage)) }
        for month in section.months {
            content.append(
                storyGroup(month.title, month.stories.map { storyItem(id: $0.id, title: $0.title, hint: $0.date, frame: frame) }))
        }
        content.append(Tag.element("p", ["class": "status"], text: section.status))
        return frame.render(title: section.title, content)
    }

    /// The archive's state, as `newsctl status` words it.
    static func status(_ status: ArchiveStatusViewData, frame: PageFrame) -> [UInt8] {
        frame.render(
            title: frame.wording.status,
            [
                Tag.element("h1", text: frame.wording.status),
                Tag.element("ul", ["class": "status-lines"], status.lines.map { Tag.element("li", text: $0) }),
            ])
    }

    /// A page that could not be shown: what the presenters say of the failure.
    static func error(_ error: ErrorViewData?, frame: PageFrame) -> [UInt8] {
        guard let error else {
            return frame.render(
                title: frame.wording.notFound,
                [Tag.element("h1", text: frame.wording.notFound), Tag.element("p", text: frame.wording.notFoundDetail)])
        }
        // Not `error.detail`: it is the engine's own words, in English, for --verbose.
        let content: [Markup] = [Tag.element("h1", text: frame.wording.failed), Tag.element("p", ["class": "error"], text: error.message)]
        return frame.render(title: frame.wording.failed, content)
    }

    /// A titled group of story links: a day of a list, a month of a column.
    private static func storyGroup(_ title: String, _ items: [Markup]) -> Markup {
        Tag.element("section", ["class": "day"], [Tag.element("h2", text: title), Tag.element("ul", ["class": "stories"], items)])
    }
}
