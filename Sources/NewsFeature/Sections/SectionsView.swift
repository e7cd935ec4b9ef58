/// The list of sections (栏目), passive.
@MainActor
public protocol SectionsView: AnyObject {
    /// The columns (possibly none).
    func show(_ sections: SectionsViewData)
    /// Loading failed.
    func showError(_ error: ErrorViewData)
}

/// One column's stories, passive.
@MainActor
public protocol SectionStoriesView: AnyObject {
    /// The column's stories as held, grouped by month.
    func show(_ section: SectionStoriesViewData)
    /// Loading failed.
    func showError(_ error: ErrorViewData)
}
