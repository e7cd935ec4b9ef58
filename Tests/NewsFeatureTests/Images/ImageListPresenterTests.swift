import Testing
@testable import NewsFeature

@MainActor
final class SpyImageListView: ImageListView {
    enum Event: Equatable {
        case show(ImageListViewData)
        case opening(String)
        case opened(ImageOpenedViewData)
    }

    private(set) var events: [Event] = []

    func show(_ list: ImageListViewData) { events.append(.show(list)) }
    func showOpening(_ message: String) { events.append(.opening(message)) }
    func showOpened(_ opened: ImageOpenedViewData) { events.append(.opened(opened)) }
}

/// An opener that answers only when released, as xdg-open may take seconds to.
@MainActor
final class HeldLinkOpener: LinkOpener {
    private(set) var opened: [String] = []
    private var waiting: [CheckedContinuation<Void, Never>] = []
    var isHolding: Bool { !waiting.isEmpty }

    func open(_ url: String) async -> LinkOpening {
        opened.append(url)
        await withCheckedContinuation { waiting.append($0) }
        return .opened
    }

    /// Lets every open held so far answer.
    func release() {
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}

/// An opener that records what it was given and answers as told: opened, none here, or failed.
@MainActor
final class FakeLinkOpener: LinkOpener {
    private let answer: LinkOpening
    private(set) var opened: [String] = []

    init(canOpen: Bool) {
        self.answer = canOpen ? .opened : .noOpener
    }

    init(answer: LinkOpening) {
        self.answer = answer
    }

    func open(_ url: String) async -> LinkOpening {
        if answer != .noOpener { opened.append(url) }
        return answer
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

    @Test func choosingAnImage_opensItWhereThereIsAnOpener_andSaysSo() async {
        let opener = FakeLinkOpener(canOpen: true)
        let presenter = ImageListPresenter(images: images, view: view, opener: opener)
        presenter.viewDidLoad()
        await presenter.didSelectImage(at: 1)
        await presenter.didSelectImage(at: 0)
        #expect(opener.opened == ["https://pic1.zhimg.com/v2-wind.jpg", "https://pic1.zhimg.com/h.jpg"])
        #expect(
            view.events.dropFirst() == [
                .opening("正在打开：https://pic1.zhimg.com/v2-wind.jpg…"),
                .opened(
                    ImageOpenedViewData(
                        url: "https://pic1.zhimg.com/v2-wind.jpg", isOpened: true, message: "已打开：https://pic1.zhimg.com/v2-wind.jpg")),
                .opening("正在打开：https://pic1.zhimg.com/h.jpg…"),
                .opened(
                    ImageOpenedViewData(url: "https://pic1.zhimg.com/h.jpg", isOpened: true, message: "已打开：https://pic1.zhimg.com/h.jpg")),
            ])
    }

    @Test func withoutAnOpener_choosingAnImage_showsItsAddress() async {
        let presenter = ImageListPresenter(images: images, view: view, opener: FakeLinkOpener(canOpen: false), language: .en)
        await presenter.didSelectImage(at: 1)
        #expect(
            view.events == [
                .opening("Opening https://pic1.zhimg.com/v2-wind.jpg…"),
                .opened(
                    ImageOpenedViewData(
                        url: "https://pic1.zhimg.com/v2-wind.jpg", isOpened: false,
                        message: "Image address (nothing here opens it): https://pic1.zhimg.com/v2-wind.jpg")),
            ])
    }

    /// An opener that ran and failed (xdg-open with nothing configured exits non-zero) did not
    /// open it: never "opened", but the address, in both languages.
    @Test(arguments: [
        (Language.zh, "无法打开（打开程序出错），图片地址：https://pic1.zhimg.com/v2-wind.jpg"),
        (Language.en, "Could not open it (the opener failed); image address: https://pic1.zhimg.com/v2-wind.jpg"),
    ])
    func anOpenerThatFails_isNotSaidToHaveOpenedIt_theAddressIsShown(language: Language, message: String) async {
        let opener = FakeLinkOpener(answer: .failed)
        let presenter = ImageListPresenter(images: images, view: view, opener: opener, language: language)
        await presenter.didSelectImage(at: 1)
        #expect(opener.opened == ["https://pic1.zhimg.com/v2-wind.jpg"])
        #expect(
            view.events.last == .opened(ImageOpenedViewData(url: "https://pic1.zhimg.com/v2-wind.jpg", isOpened: false, message: message)))
        #expect(view.events.count == 2, "opening, then what came of it")
    }

    /// The opener may take seconds: the list says at once that it is opening, and a second
    /// choice meanwhile starts no second opener (nor a second answer to show).
    @Test func whileTheOpenerWorks_itSaysSo_andAnotherChoiceIsIgnored() async {
        let opener = HeldLinkOpener()
        let presenter = ImageListPresenter(images: images, view: view, opener: opener)
        let first = Task { await presenter.didSelectImage(at: 1) }
        while !opener.isHolding { await Task.yield() }
        #expect(view.events == [.opening("正在打开：https://pic1.zhimg.com/v2-wind.jpg…")])
        // In a task of its own, so that a second opener, were one started, is released below too.
        let second = Task { await presenter.didSelectImage(at: 0) }
        for _ in 0..<50 { await Task.yield() }
        #expect(opener.opened == ["https://pic1.zhimg.com/v2-wind.jpg"], "no second opener")
        opener.release()
        await first.value
        await second.value
        #expect(
            view.events == [
                .opening("正在打开：https://pic1.zhimg.com/v2-wind.jpg…"),
                .opened(
                    ImageOpenedViewData(
                        url: "https://pic1.zhimg.com/v2-wind.jpg", isOpened: true, message: "已打开：https://pic1.zhimg.com/v2-wind.jpg")),
            ])
        let again = Task { await presenter.didSelectImage(at: 0) }
        while !opener.isHolding { await Task.yield() }
        opener.release()
        await again.value
        #expect(
            opener.opened == ["https://pic1.zhimg.com/v2-wind.jpg", "https://pic1.zhimg.com/h.jpg"],
            "once it answered, a choice opens again")
    }

    @Test func aPlaceOutsideTheList_doesNothing() async {
        let opener = FakeLinkOpener(canOpen: true)
        let presenter = ImageListPresenter(images: images, view: view, opener: opener)
        await presenter.didSelectImage(at: 2)
        await presenter.didSelectImage(at: -1)
        #expect(opener.opened.isEmpty)
        #expect(view.events.isEmpty)
    }
}
