/// One block of a story's body with what a front that links needs (HTML): the picture's number
/// and the link's address, beside the words `DetailBlockViewData` gives a text front.
public enum DetailBodyBlockViewData: Equatable, Sendable {
    /// A question title.
    case heading(String)
    /// "作者，简介".
    case byline(String)
    /// A paragraph, with `**strong**` and `*em*` kept (read them with `EmphasizedText` or `MarkedText`).
    case paragraph(String)
    /// A quoted paragraph.
    case quote(String)
    /// `marker` is "•" or "1.".
    case listItem(marker: String, text: String)
    /// The body's picture `number` (its `ImageViewData` in `DetailViewData.images`), or nil for
    /// one without an address; `text` is what stands in its place: "[图片 3：caption]".
    case image(number: Int?, text: String)
    /// A horizontal rule.
    case rule
    /// "查看知乎讨论" to `url` (the reference's address; empty when there is none).
    case link(text: String, url: String)
}

/// The column a story belongs to: its id, to link to, and its name as shown.
public struct SectionItemLinkViewData: Equatable, Sendable {
    /// The column's id.
    public let id: Int64
    /// "瞎扯", or "栏目 2" when the source gave no name.
    public let name: String

    /// The column's id and its name as shown.
    public init(id: Int64, name: String) {
        self.id = id
        self.name = name
    }
}
