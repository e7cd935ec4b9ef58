import NewsFeature

/// The HTML front's views: each keeps what its presenter showed last, for a page to render once
/// the presenter is done. A page is one request, so nothing is drawn in between.
@MainActor
final class PageRecorder<Shown> {
    private(set) var shown: Shown?
    private(set) var error: ErrorViewData?

    func record(_ shown: Shown) {
        self.shown = shown
        error = nil
    }

    func fail(_ error: ErrorViewData) { self.error = error }
}

/// Home and the day pages.
@MainActor
final class NewsListPage: NewsListView {
    let recorder = PageRecorder<NewsListViewData>()
    private(set) var emptyMessage: String?

    func showLoading() {}
    func showLoadingMore() {}
    func show(_ list: NewsListViewData) { recorder.record(list) }
    func showEmpty(_ empty: EmptyViewData) {
        recorder.record(empty.list)
        emptyMessage = empty.message
    }
    func showError(_ error: ErrorViewData) { recorder.fail(error) }
    func showLoadMoreError(_ error: ErrorViewData) {}
    func showActionError(_ error: ErrorViewData) { recorder.fail(error) }
}

/// A story and its pictures.
@MainActor
final class StoryPage: DetailView, StoryPicturesView {
    let recorder = PageRecorder<DetailViewData>()
    private(set) var pictures: [StoryPictureViewData] = []

    func showLoading() {}
    func show(_ detail: DetailViewData) { recorder.record(detail) }
    func showError(_ error: ErrorViewData) { recorder.fail(error) }
    func showPictures(_ pictures: [StoryPictureViewData]) { self.pictures = pictures }
}

/// A story's comments.
@MainActor
final class CommentsPage: CommentsView {
    let recorder = PageRecorder<CommentsViewData>()

    func showLoading() {}
    func show(_ comments: CommentsViewData) { recorder.record(comments) }
    func showError(_ error: ErrorViewData) { recorder.fail(error) }
}

/// Search results.
@MainActor
final class SearchPage: SearchView {
    let recorder = PageRecorder<SearchViewData>()

    func show(_ results: SearchViewData) { recorder.record(results) }
    func showError(_ error: ErrorViewData) { recorder.fail(error) }
}

/// The favourites.
@MainActor
final class FavoritesPage: FavoritesView {
    let recorder = PageRecorder<FavoritesViewData>()

    func show(_ favorites: FavoritesViewData) { recorder.record(favorites) }
    func showChange(_ change: FavoriteChangeViewData) {}
    func showError(_ error: ErrorViewData) { recorder.fail(error) }
}

/// The columns, and one column.
@MainActor
final class SectionsPage: SectionsView, SectionStoriesView {
    let list = PageRecorder<SectionsViewData>()
    let stories = PageRecorder<SectionStoriesViewData>()

    func show(_ sections: SectionsViewData) { list.record(sections) }
    func show(_ section: SectionStoriesViewData) { stories.record(section) }
    func showError(_ error: ErrorViewData) {
        list.fail(error)
        stories.fail(error)
    }
}

/// The archive's state.
@MainActor
final class StatusPage: ArchiveStatusView {
    let recorder = PageRecorder<ArchiveStatusViewData>()

    func showStatus(_ status: ArchiveStatusViewData) { recorder.record(status) }
    func showError(_ error: ErrorViewData) { recorder.fail(error) }
}

/// A site has no screens to open: its links do the navigation.
@MainActor
final class LinkNavigator: Navigator {
    func showStory(id: Int64) {}
}
