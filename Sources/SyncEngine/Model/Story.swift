/// One story as the archive keeps it; the same shape for day lists and top stories.
public struct Story: Hashable, Sendable, Identifiable {
    /// The source's 64-bit story id.
    public let id: Int64
    /// The title as the source wrote it (it may contain `\r\n`).
    public let title: String
    /// `"作者 · 3 分钟阅读"`, `"VOL.3090"` or, for top stories, `"作者 / name"`; may be empty.
    public let hint: String
    /// The thumbnail (day lists) or banner (top stories) URL, when the source gave one.
    public let imageURL: String?
    /// The story's web page.
    public let url: String
    /// `"MMddHH"`; a string because of its leading zeros.
    public let gaPrefix: String
    /// `"0xRRGGBB"` or empty.
    public let imageHue: String
    /// 0 for ordinary stories.
    public let type: Int

    /// Each field as the source's lists give it: nothing is trimmed or checked.
    public init(
        id: Int64, title: String, hint: String, imageURL: String?, url: String,
        gaPrefix: String, imageHue: String, type: Int
    ) {
        self.id = id
        self.title = title
        self.hint = hint
        self.imageURL = imageURL
        self.url = url
        self.gaPrefix = gaPrefix
        self.imageHue = imageHue
        self.type = type
    }
}
