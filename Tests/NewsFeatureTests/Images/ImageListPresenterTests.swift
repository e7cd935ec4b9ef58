import Testing
@testable import NewsFeature

@MainActor
final class SpyImageListView: ImageListView {
    enum Event: Equatable {
        case show(ImageListViewData)
        case opened(ImageOpenedViewData)
    }

    private(set) var events: [Event] = []

    func show(_ list: ImageListViewData) { events.append(.show(list)) }
    func showOpened(_ opened: ImageOpenedViewData) { events.append(.opened(opened)) }
}

/// An opener that records what it was given and answers whether it "has" a program.
@MainActor
final class FakeLinkOpener: LinkOpener {
    private let canOpen: Bool
    private(set) var opened: [String] = []

    init(canOpen: Bool) {
        self.canOpen = canOpen
    }

    func open(_ url: String) -> Bool {
        guard canOpen else { return false }
        opened.append(url)
        return true
    }
}

@MainActor
@Suite struct ImageListPresenterTests {
    private let view = SpyImageListView()
    private let images = [
        ImageViewData(
            number: nil, url: "https://pic1.zhimg.com/h.jpg", caption: "Yestone.com 版权图片库", label: "题图 · Yestone.com 版权图片库",
            reference: "[题图] https://pic1.zhimg.com/h.jpg"),
        ImageViewData(
            number: 1, url: "https://pic1.zhimg.com/v2-wind.jpg", caption: "三月的气压图", label: "图片 1：三月的气压图",
            reference: "[图片 1] https://pic1.zhimg.com/v2-wind.jpg"),
    ]

    @Test func viewDidLoad_showsTheImagesInTheirOrder() {
        let presenter = ImageListPresenter(images: images, view: view, opener: FakeLinkOpener(canOpen: true))
        presenter.viewDidLoad()
        #expect(view.events == [.show(ImageListViewData(items: images, emptyMessage: "这篇文章没有图片"))])
    }

    @Test func aStoryWithoutImages_saysSo() {
        ImageListPresenter(images: [], view: view, opener: FakeLinkOpener(canOpen: true), language: .en).viewDidLoad()
        #expect(view.events == [.show(ImageListViewData(items: [], emptyMessage: "This story has no images"))])
    }

    @Test func choosingAnImage_opensItWhereThereIsAnOpener_andSaysSo() {
        let opener = FakeLinkOpener(canOpen: true)
        let presenter = ImageListPresenter(images: images, view: view, opener: opener)
        presenter.viewDidLoad()
        presenter.didSelectImage(at: 1)
        presenter.didSelectImage(at: 0)
        #expect(opener.opened == ["https://pic1.zhimg.com/v2-wind.jpg", "https://pic1.zhimg.com/h.jpg"])
        #expect(
            view.events.dropFirst() == [
                .opened(
                    ImageOpenedViewData(
                        url: "https://pic1.zhimg.com/v2-wind.jpg", isOpened: true, message: "已打开：https://pic1.zhimg.com/v2-wind.jpg")),
                .opened(
                    ImageOpenedViewData(url: "https://pic1.zhimg.com/h.jpg", isOpened: true, message: "已打开：https://pic1.zhimg.com/h.jpg")),
            ])
    }

    @Test func withoutAnOpener_choosingAnImage_showsItsAddress() {
        let presenter = ImageListPresenter(images: images, view: view, opener: FakeLinkOpener(canOpen: false), language: .en)
        presenter.didSelectImage(at: 1)
        #expect(
            view.events == [
                .opened(
                    ImageOpenedViewData(
                        url: "https://pic1.zhimg.com/v2-wind.jpg", isOpened: false,
                        message: "Image address (nothing here opens it): https://pic1.zhimg.com/v2-wind.jpg"))
            ])
    }

    @Test func aPlaceOutsideTheList_doesNothing() {
        let opener = FakeLinkOpener(canOpen: true)
        let presenter = ImageListPresenter(images: images, view: view, opener: opener)
        presenter.didSelectImage(at: 2)
        presenter.didSelectImage(at: -1)
        #expect(opener.opened.isEmpty)
        #expect(view.events.isEmpty)
    }
}
