import NewsFeature
import Plot

/// A story and its comments.
enum StoryPages {
    /// The story at `story/<id>.html`: headline picture and credit, publish time, counts and the
    /// link to the comments (`a.comments`), the favourite toggle (served only), the text with its
    /// pictures in place, and its links. A static copy links its comments and its column only when
    /// it has their pages (`linksComments`, `linksSection`).
    static func story(
        _ detail: DetailViewData, pictures: [StoryPictureViewData], frame: PageFrame, offline: Bool, linksComments: Bool = true,
        linksSection: Bool = true
    ) -> [UInt8] {
        let body = StoryBodyHTML(detail: detail, pictures: pictures, pictureRoot: frame.root, linksMissingPictures: !offline)
        var meta: [Markup] = []
        if let published = detail.published {
            meta.append(Tag.element("time", ["datetime": published.iso8601], text: published.text))
        }
        if let section = detail.section {
            meta.append(
                linksSection
                    ? Tag.link("../section/\(section.id).html", section.name, class: "section")
                    : Tag.element("span", ["class": "section"], text: section.name))
        }
        if linksComments {
            meta.append(Tag.link("\(detail.id)/comments.html", detail.counts?.text ?? frame.wording.comments, class: "comments"))
        } else if let counts = detail.counts?.text {
            meta.append(Tag.element("span", ["class": "comments"], text: counts))
        }
        if let original = Tag.webAddress(detail.url) {
            meta.append(
                Tag.element("a", ["href": original, "rel": "noreferrer noopener", "class": "original"], text: frame.wording.original))
        }
        var article: [Markup] = [Tag.element("h1", text: detail.title)] + body.headline
        article.append(Tag.element("p", ["class": "meta"], meta))
        if !frame.isStatic {
            article.append(
                Tag.element(
                    "form", ["class": "favorite", "method": "post", "action": "\(detail.id)/favorite"],
                    [
                        Tag.element(
                            "button", ["type": "submit"], text: detail.isFavorite ? frame.wording.removeFavorite : frame.wording.addFavorite
                        )
                    ]))
        }
        if detail.isOffSite {
            article.append(Tag.element("p", ["class": "offsite"], text: detail.bodyText))
        } else {
            article.append(contentsOf: body.blocks)
        }
        // The numbered links, `[1]` in the text being the first; only web addresses are links.
        if !detail.referenceURLs.isEmpty {
            article.append(Tag.element("h2", ["class": "links"], text: frame.wording.links))
            article.append(
                Tag.element(
                    "ol", ["class": "links"],
                    detail.referenceURLs.map { url in
                        guard let address = Tag.webAddress(url) else { return Tag.element("li", text: url) }
                        return Tag.element("li", [:], [Tag.element("a", ["href": address, "rel": "noreferrer noopener"], text: address)])
                    }))
        }
        if !frame.isStatic {
            article.append(Tag.element("p", ["class": detail.status.isStale ? "status stale" : "status"], text: detail.status.text))
        }
        return frame.render(title: detail.title, [Tag.element("article", ["class": "story"], article)])
    }

    /// The comments at `story/<id>/comments.html`, long then short; `more` links to older ones.
    static func comments(_ comments: CommentsViewData, frame: PageFrame, more: String?) -> [UInt8] {
        var content: [Markup] = [
            Tag.element("p", [:], [Tag.link("../\(comments.storyID).html", frame.wording.backToStory, class: "back")]),
            Tag.element("h1", text: comments.title),
        ]
        if let missing = comments.missingText { content.append(Tag.element("p", ["class": "error"], text: missing)) }
        if let empty = comments.emptyText { content.append(Tag.element("p", ["class": "empty"], text: empty)) }
        for section in comments.sections {
            content.append(
                Tag.element(
                    "section", ["class": "comments"],
                    [Tag.element("h2", text: section.title)]
                        + [Tag.element("ol", ["class": "comments"], section.comments.map { comment($0, frame: frame) })]))
        }
        switch comments.footer {
        case .noMore(let text), .failed(let text, _): content.append(Tag.element("p", ["class": "hint"], text: text))
        case .loadMore, .loadingMore:
            if let more { content.append(Tag.element("p", [:], [Tag.link(more, frame.wording.moreComments, class: "more")])) }
        case .none: break
        }
        if !frame.isStatic {
            content.append(Tag.element("p", ["class": comments.status.isStale ? "status stale" : "status"], text: comments.status.text))
        }
        return frame.render(title: comments.title, content)
    }

    static func comment(_ comment: CommentViewData, frame: PageFrame) -> Markup {
        var header: [Markup] = [Tag.element("strong", text: comment.author), Tag.text(" · " + comment.likesText)]
        // A static copy is read long after it was written: its "5 分钟前" would be wrong by then,
        // and would change the page at every export, so it gives the time in Beijing.
        let time =
            frame.isStatic
            ? comment.unixTime.map { DateFormatting(language: frame.wording.language).beijingDateTime(unixTime: $0) } ?? comment.timeText
            : comment.timeText
        if !time.isEmpty {
            header.append(Tag.text(" · "))
            header.append(
                comment.iso8601.map { Tag.element("time", ["datetime": $0], text: time) } ?? Tag.element("time", text: time))
        }
        var children: [Markup] = [Tag.element("p", ["class": "who"], header)]
        children += comment.content.split(separator: "\n", omittingEmptySubsequences: true).map { Tag.element("p", text: String($0)) }
        if let reply = comment.reply { children.append(Tag.element("blockquote", [:], [Tag.element("p", text: reply)])) }
        return Tag.element("li", ["id": "c\(comment.id)"], children)
    }
}
