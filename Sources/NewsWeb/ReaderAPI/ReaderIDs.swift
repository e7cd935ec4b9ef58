import SyncEngine

/// An item's id in the Google Reader API: the story's id, stable for ever, written the long way
/// (`tag:google.com,2005:reader/item/` and 16 lowercase hex digits of its 64 bits) or as its
/// signed decimal (`stream/items/ids` gives that form). Both are taken wherever an id is.
enum ReaderItemID {
    static let prefix = "tag:google.com,2005:reader/item/"

    /// The long form of story `id`.
    static func long(_ id: Int64) -> String {
        let hex = String(UInt64(bitPattern: id), radix: 16)
        return prefix + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The story id either form names; nil when `text` is neither.
    static func parse(_ text: String) -> Int64? {
        if text.hasPrefix(prefix) {
            let hex = text.dropFirst(prefix.count)
            guard hex.count == 16, hex.allSatisfy(\.isHexDigit), let bits = UInt64(hex, radix: 16) else { return nil }
            return Int64(bitPattern: bits)
        }
        guard !text.isEmpty, text.count <= 20, text.dropFirst(text.hasPrefix("-") ? 1 : 0).allSatisfy({ $0.isASCII && $0.isNumber })
        else { return nil }
        return Int64(text)
    }
}

/// A stream's id in the Google Reader API, and the archive's stream it names.
enum ReaderStreamID {
    /// The 知乎日报 feed: every day the archive holds.
    static let daily = "feed/zhihu-daily"
    /// Every item: the stream apps read first.
    static let readingList = "user/-/state/com.google/reading-list"
    static let starred = "user/-/state/com.google/starred"
    static let read = "user/-/state/com.google/read"

    /// The label (an app's folder) every feed is in: "user/-/label/知乎日报".
    static func label(_ name: String) -> String { "user/-/label/" + name }

    /// A section's feed: `feed/zhihu-daily/section/<id>`.
    static func section(_ id: Int64) -> String { daily + "/section/\(id)" }

    /// The feed id of a stream: `daily` or a section's.
    static func feed(_ stream: ItemStream) -> String {
        if case .section(let id) = stream { return section(id) }
        return daily
    }

    /// The stream `id` names (a feed, a state of any user's, the folder); nil when it names none.
    static func stream(_ id: String, folder: String) -> ItemStream? {
        if id == daily { return .daily }
        if id.hasPrefix(daily + "/section/"), let section = Int64(id.dropFirst(daily.count + 9)), section >= 0,
            id.dropFirst(daily.count + 9).allSatisfy(\.isNumber)
        {
            return .section(section)
        }
        switch state(id) {
        case "reading-list": return .all
        case "starred": return .starred
        case "read": return .read
        default: break
        }
        if id == label(folder) || id.hasPrefix("user/") && id.hasSuffix("/label/" + folder) { return .all }
        return nil
    }

    /// The name of a label `user/<anyone>/label/<name>`; nil when `id` is no label.
    static func labelName(_ id: String) -> String? {
        let parts = id.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "user", !parts[1].isEmpty, parts[2] == "label", !parts[3].isEmpty else { return nil }
        return String(parts[3])
    }

    /// The state `user/<anyone>/state/com.google/<state>` names: "read", "starred"…; nil when
    /// `id` is not a state.
    static func state(_ id: String) -> String? {
        let parts = id.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0] == "user", !parts[1].isEmpty, parts[2] == "state", parts[3] == "com.google" else { return nil }
        return String(parts[4])
    }
}
