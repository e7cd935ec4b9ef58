/// One image of a story, worded for a list of them and for the links at the end of its text.
public struct ImageViewData: Equatable, Sendable {
    /// Its number in the text (`[图片 3]`); nil for the headline image, which the text does not show.
    public let number: Int?
    /// Where it is: an `http`/`https` URL for the body's images, the source's URL for the headline's.
    public let url: String
    /// Its caption, or for the headline image the credit as the source gives it.
    public let caption: String?
    /// "图片 3：三月的气压图", "图片 3", or "题图 · Yestone.com 版权图片库".
    public let label: String
    /// "[图片 3] https://…" or "[题图] https://…": its line after the text's links.
    public let reference: String

    /// Each field as given; `number` nil for the headline image.
    public init(number: Int?, url: String, caption: String?, label: String, reference: String) {
        self.number = number
        self.url = url
        self.caption = caption
        self.label = label
        self.reference = reference
    }
}

/// The image list screen: a story's images, the headline's first.
public struct ImageListViewData: Equatable, Sendable {
    /// The images in the order the list shows them.
    public let items: [ImageViewData]
    /// What an empty list says: "这篇文章没有图片".
    public let emptyMessage: String

    /// The images in order, the headline's first; `emptyMessage` for a story without images.
    public init(items: [ImageViewData], emptyMessage: String) {
        self.items = items
        self.emptyMessage = emptyMessage
    }
}

/// What came of choosing an image: opened, or (no opener, or the opener failed) only its
/// address to copy.
public struct ImageOpenedViewData: Equatable, Sendable {
    /// The image's URL.
    public let url: String
    /// An opener took it and did not fail; otherwise the address is all there is.
    public let isOpened: Bool
    /// "已打开：https://…", "图片地址（没有可用的打开程序）：https://…" or
    /// "无法打开（打开程序出错），图片地址：https://…".
    public let message: String

    /// The image's address, whether an opener took it, and the line that says so.
    public init(url: String, isOpened: Bool, message: String) {
        self.url = url
        self.isOpened = isOpened
        self.message = message
    }
}
