@testable import NewsFeature

/// Records every command the presenter sends, in order.
@MainActor
final class SpyNewsListView: NewsListView {
    enum Event: Equatable {
        case loading
        case loadingMore
        case show(NewsListViewData)
        case empty(EmptyViewData)
        case error(ErrorViewData)
        case loadMoreError(ErrorViewData)
        case actionError(ErrorViewData)
    }

    private(set) var events: [Event] = []

    func showLoading() { events.append(.loading) }
    func showLoadingMore() { events.append(.loadingMore) }
    func show(_ list: NewsListViewData) { events.append(.show(list)) }
    func showEmpty(_ empty: EmptyViewData) { events.append(.empty(empty)) }
    func showError(_ error: ErrorViewData) { events.append(.error(error)) }
    func showLoadMoreError(_ error: ErrorViewData) { events.append(.loadMoreError(error)) }
    func showActionError(_ error: ErrorViewData) { events.append(.actionError(error)) }

    var lastList: NewsListViewData? {
        for event in events.reversed() { if case .show(let list) = event { return list } }
        return nil
    }
}

@MainActor
final class SpyNavigator: Navigator {
    private(set) var shownStories: [Int64] = []
    private(set) var shownPreviews: [Int64: StoryPreview] = [:]
    private(set) var shownComments: [(storyID: Int64, count: Int?)] = []
    func showStory(id: Int64) { shownStories.append(id) }
    func showStory(id: Int64, preview: StoryPreview) {
        shownStories.append(id)
        shownPreviews[id] = preview
    }
    private(set) var shownImages: [(storyID: Int64, images: [ImageViewData])] = []
    func showComments(story: StoryContext) { shownComments.append((story.storyID, story.commentCount)) }
    func showImages(storyID: Int64, images: [ImageViewData]) { shownImages.append((storyID, images)) }
}
