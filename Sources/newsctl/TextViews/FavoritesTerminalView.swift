import NewsFeature

/// Favourites as text or as JSON.
@MainActor
final class FavoritesTerminalView: TerminalCommandView, FavoritesView {

    func show(_ favorites: FavoritesViewData) {
        exitStatus = ExitStatus.ok
        if json {
            let items: [JSONValue] = favorites.items.map { item in
                .object([
                    ("id", .int(item.id)), ("title", .string(item.title)), ("added_at", .string(item.addedAt)),
                    ("read", .bool(item.isRead)), ("offline", .bool(item.isAvailableOffline)),
                ])
            }
            output.out(JSONValue.object([("favorites", .array(items))]).serialized() + "\n")
            return
        }
        guard !favorites.items.isEmpty else {
            output.out(TerminalText.sanitize(favorites.emptyMessage) + "\n")
            return
        }
        let style = Style(enabled: terminal.useColor)
        let idWidth = favorites.items.map { String($0.id).count }.max() ?? 0
        var text = ""
        for item in favorites.items {
            let id = String(item.id)
            let lead = "★ " + String(repeating: " ", count: idWidth - id.count) + id + "  "
            let title = TerminalText.truncate(
                TerminalText.sanitize(item.title), width: max(10, terminal.width - TerminalText.width(of: lead)))
            text += lead + (item.isRead ? style.dim(title) : title) + "\n"
        }
        output.out(text)
    }

    func showChange(_ change: FavoriteChangeViewData) {
        exitStatus = ExitStatus.ok
        if json {
            output.out(
                JSONValue.object([
                    ("id", .int(change.id)), ("favorite", .bool(change.isFavorite)), ("changed", .bool(change.changed)),
                    ("offline", .bool(change.isAvailableOffline)),
                ]).serialized() + "\n")
        } else {
            output.out(TerminalText.sanitize(change.message) + "\n")
        }
    }
}
