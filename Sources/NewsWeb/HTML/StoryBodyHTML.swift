import NewsFeature
import Plot

/// A story's body rebuilt from the engine's readable blocks (never the source's HTML), with its
/// pictures in place: for the story page (relative addresses) and the feed (absolute ones).
struct StoryBodyHTML {
    /// The story as the detail presenter words it.
    let detail: DetailViewData
    /// Its pictures as the pictures presenter gave them (bytes only for those the archive holds).
    let pictures: [StoryPictureViewData]
    /// Where the site's own pictures are, before `picture/…`: "../" on a page, the base URL in a feed.
    let pictureRoot: String
    /// Whether a picture the archive lacks is linked to its source (online) or shown as its
    /// caption (offline).
    let linksMissingPictures: Bool

    /// The headline picture with its credit, or nothing.
    var headline: [Markup] {
        guard let picture = pictures.first(where: { $0.place == .headline }) else { return [] }
        return [figure(picture, class: "headline")]
    }

    /// The body's blocks in reading order.
    var blocks: [Markup] {
        detail.body.map { block in
            switch block {
            case .heading(let text): return Tag.element("h2", [:], Tag.emphasized(text))
            case .byline(let text): return Tag.element("p", ["class": "byline"], Tag.emphasized(text))
            case .paragraph(let text): return Tag.element("p", [:], Tag.emphasized(text))
            case .quote(let text): return Tag.element("blockquote", [:], [Tag.element("p", [:], Tag.emphasized(text))])
            case .listItem(let marker, let text):
                return Tag.element(
                    "p", ["class": "item"], [Tag.element("span", ["class": "marker"], text: marker + " ")] + Tag.emphasized(text))
            case .image(let number, let text):
                guard let number, let picture = pictures.first(where: { $0.place == .body(number) }) else {
                    return Tag.element("p", ["class": "picture-missing"], Tag.emphasized(text))
                }
                return figure(picture, class: "picture")
            case .rule: return Tag.void("hr", [:])
            case .link(let text, let url):
                guard let address = Tag.webAddress(url) else { return Tag.element("p", ["class": "link"], Tag.emphasized(text)) }
                return Tag.element(
                    "p", ["class": "link"], [Tag.element("a", ["href": address, "rel": "noreferrer noopener"], Tag.emphasized(text))])
            }
        }
    }

    /// A picture: from the archive, from its source, or its caption and why it is missing. A
    /// figcaption's marks (`*photo@163.com*`) are tags in the caption, and left out of `alt`.
    private func figure(_ picture: StoryPictureViewData, class className: String) -> Markup {
        let caption = Tag.element("figcaption", [:], Tag.emphasized(picture.caption))
        // Never empty: an empty value is written as a bare attribute, which XHTML (a book) rejects.
        let captionText = MarkedText(markup: picture.caption).plainText
        let alt = captionText.isEmpty ? MarkedText(markup: picture.placeholder).plainText : captionText
        if let bytes = picture.bytes, let format = try? PictureCheckCache.format(bytes),
            let path = PicturePath.path(url: picture.url, format: format)
        {
            return Tag.element(
                "figure", ["class": className], [Tag.void("img", ["src": pictureRoot + path, "alt": alt]), caption])
        }
        if linksMissingPictures, let source = Tag.imageSource(picture.url) {
            return Tag.element(
                "figure", ["class": className],
                [Tag.void("img", ["src": source, "alt": alt, "referrerpolicy": "no-referrer"]), caption])
        }
        return Tag.element("p", ["class": "picture-missing"], Tag.emphasized(picture.unavailable ?? picture.placeholder))
    }
}

import SyncEngine

/// The kept picture's format, read from its bytes by the engine's own check.
enum PictureCheckCache {
    static func format(_ bytes: [UInt8]) throws(PictureError) -> PictureFormat {
        try PictureCheck(maxBytes: Int.max, maxPixels: Int.max).check(bytes).format
    }
}
