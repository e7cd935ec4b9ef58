/// Which stories a sync's detail, comment and picture phases ask about: those the days of a
/// span list, or those columns (栏目) list. The stores' questions (`ArchiveStore.missingDetails`,
/// `CommentStore.unread`, `PictureStore.references`) read either the same way.
enum StoryListing {
    case days(ClosedRange<Day>)
    case sections([Int64])

    /// The listing as SQL: a table aliased `ds` with `story_id` and `date`, the condition that
    /// picks its rows with their values, and the newest-first order of the rows.
    var sql: (table: String, condition: String, values: [SQLValue], order: String) {
        switch self {
        case .days(let range):
            return (
                "day_story ds", "ds.date BETWEEN ? AND ?", [.integer(range.lowerBound.key), .integer(range.upperBound.key)],
                "ds.date DESC, ds.position"
            )
        case .sections(let ids):
            // No ids: `IN (0)`, which no column has (ids are positive).
            let marks = Array(repeating: "?", count: max(1, ids.count)).joined(separator: ", ")
            return (
                "section_story ds", "ds.section_id IN (\(marks))", ids.isEmpty ? [.integer(0)] : ids.map(SQLValue.integer),
                "ds.date DESC, ds.story_id DESC"
            )
        }
    }
}
