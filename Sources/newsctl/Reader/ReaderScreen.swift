/// One screen of the reader: a passive view of its presenter that also turns keys into the
/// presenter's events. It draws only what the presenter gave it.
@MainActor
protocol ReaderScreen: AnyObject {
    /// The name in the top bar.
    var title: String { get }
    /// Words after the app's name in the top bar while this is the only screen: the home
    /// screen's day under the cursor.
    var subtitle: String? { get }
    /// Network or disk work of this screen is under way (the status line spins).
    var isBusy: Bool { get }
    /// The bottom line: where the page came from and how old it is, and where the cursor is.
    var status: ReaderStatus { get }
    /// A line above the status for an error (with its retry key) or a notice; nil for none.
    var message: Row? { get }
    /// Pushed: the first load starts.
    func start()
    /// Shown again after the screen above it was closed.
    func willAppear()
    /// Closed: background work stops.
    func close()
    /// The screen's rows for `columns` x `rows`.
    func body(columns: Int, rows: Int) -> [Row]
    /// Acts on a key; false when the key is not this screen's (the reader's global keys then apply).
    func handle(_ key: Key) -> Bool
    /// Whether the screen takes every printable key (a text field has focus).
    var capturesText: Bool { get }
    /// The story a list has selected, whose comments `c` opens; nil where there is none.
    var selectedStoryID: Int64? { get }
    /// That story's title as the list shows it, for the story's context that `c` opens the
    /// comments with; nil where unknown.
    var selectedStoryTitle: String? { get }
}

extension ReaderScreen {
    var subtitle: String? { nil }
    var capturesText: Bool { false }
    var selectedStoryID: Int64? { nil }
    var selectedStoryTitle: String? { nil }
}

/// The status line's parts.
struct ReaderStatus {
    var text = ""
    var isStale = false
    /// "3/20": the item or line the cursor is on.
    var position = ""
}
