import SyncEngine

/// One picture of a story, ready to draw where the story shows it, or worded for why it cannot be.
public struct StoryPictureViewData: Equatable, Sendable {
    /// Where the story shows a picture.
    public enum Place: Equatable, Sendable {
        /// On top of the story (题图).
        case headline
        /// Where the text says `[图片 N]`, by its N.
        case body(Int)
    }

    /// Where the story shows it.
    public let place: Place
    /// Its address.
    public let url: String
    /// The text the story shows in its place without pictures: "[图片 3：三月的气压图]" (a body
    /// picture's block reads exactly this), "[题图]" for the headline picture.
    public let placeholder: String
    /// The line under the drawn picture: "图片 3：三月的气压图", or the credit "图片：Yestone.com 版权图片库".
    public let caption: String
    /// The picture's bytes (JPEG, PNG, GIF or WebP); nil when they could not be had (`unavailable`
    /// says why), or were not read yet (`kept`).
    public let bytes: [UInt8]?
    /// What the archive keeps of it while its bytes are not read (`bytes` nil): its size, to lay
    /// it out; the view has its bytes read to draw it (`StoryPicturesPresenter.loadBytes(of:)`).
    public let kept: KeptPicture?
    /// Why there are no bytes, after the placeholder: "[图片 3：三月的气压图]（未保存，离线）".
    public let unavailable: String?
    /// What stands in its place when the bytes cannot be drawn (broken, or no decoder):
    /// "[图片 3：三月的气压图]（无法显示）".
    public let notDrawn: String
    /// How many bytes it is, read or kept; nil when there are none to have.
    public var byteCount: Int? { bytes?.count ?? kept?.byteCount }

    /// Still on its way: its placeholder stands in its place until a later `showPicture` brings
    /// it (`StoryPicturesPresenter.load(_:firstWithin:givingUpAfter:)`).
    public let isPending: Bool

    /// Each field as given; `bytes` nil when they could not be had, `unavailable` saying why, or
    /// when not read yet, `kept` saying what there is; `isPending` defaults to false.
    public init(
        place: Place, url: String, placeholder: String, caption: String, bytes: [UInt8]?, unavailable: String?, notDrawn: String,
        isPending: Bool = false, kept: KeptPicture? = nil
    ) {
        self.isPending = isPending
        self.kept = kept
        self.place = place
        self.url = url
        self.placeholder = placeholder
        self.caption = caption
        self.bytes = bytes
        self.unavailable = unavailable
        self.notDrawn = notDrawn
    }
}

/// A view that draws a story's pictures, passive: it shows what the presenter tells it.
@MainActor
public protocol StoryPicturesView: AnyObject {
    /// The story's pictures, the headline's first, then the body's in their order.
    func showPictures(_ pictures: [StoryPictureViewData])
    /// One picture that was pending in `showPictures`, once it came or was given up on; or one
    /// that came without its bytes (`kept`), with them once read (`StoryPicturesPresenter.loadBytes(of:)`).
    func showPicture(_ picture: StoryPictureViewData)
}

extension StoryPicturesView {
    /// A view that is only ever given every picture at once has nothing to do here.
    public func showPicture(_ picture: StoryPictureViewData) {}
}
