/// `story/ID/long-comments`, `story/ID/short-comments(/before/ID)`: `{"comments":[Comment]}`.
///
/// Only `id` and `content` are required of a comment; one without them (or with them in the wrong
/// type) is skipped with its reason, never the whole page.
struct CommentsPageDTO: Decodable {
    let comments: [StoryComment]
    /// Comments dropped, as "comments[3] (id 12): no content", in page order.
    let skipped: [String]

    private enum CodingKeys: String, CodingKey { case comments }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let entries = try container.decode([Entry].self, forKey: .comments)
        var comments: [StoryComment] = []
        var skipped: [String] = []
        for (index, entry) in entries.enumerated() {
            switch entry {
            case .comment(let comment): comments.append(comment)
            case .skipped(let id, let reason):
                skipped.append("comments[\(index)] (id \(id.map(String.init) ?? "none")): \(reason)")
            }
        }
        self.comments = comments
        self.skipped = skipped
    }

    /// One element of `comments`: a comment, or why it cannot be one. Never throws, so one bad
    /// element cannot fail the array.
    private enum Entry: Decodable {
        case comment(StoryComment)
        case skipped(id: Int64?, reason: String)

        private enum Keys: String, CodingKey {
            case id, author, content, avatar, time, likes
            case replyTo = "reply_to"
        }

        init(from decoder: any Decoder) {
            guard let container = try? decoder.container(keyedBy: Keys.self) else {
                self = .skipped(id: nil, reason: "not an object")
                return
            }
            let id = Self.integer(container, .id)
            guard let id else {
                self = .skipped(id: nil, reason: "no whole-number id")
                return
            }
            guard let content = Self.text(container, .content) else {
                self = .skipped(id: id, reason: "no content")
                return
            }
            let likes = Self.integer(container, .likes)
            self = .comment(
                StoryComment(
                    id: id, author: Self.text(container, .author).flatMap(Self.nonEmpty), content: content,
                    avatar: Self.text(container, .avatar).flatMap(Self.nonEmpty), time: Self.integer(container, .time),
                    likes: likes.map { Int(clamping: $0) },
                    replyTo: (try? container.decodeIfPresent(ReplyDTO.self, forKey: .replyTo))?.flatMap(\.reply)))
        }

        /// A whole number, given as a number or as a string of digits.
        static func integer<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) -> Int64? {
            if let number = try? container.decodeIfPresent(Int64.self, forKey: key) { return number }
            return (try? container.decodeIfPresent(String.self, forKey: key))?.flatMap { Int64($0) }
        }

        static func text<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) -> String? {
            (try? container.decodeIfPresent(String.self, forKey: key)) ?? nil
        }

        static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
    }

    /// `reply_to`: `{content, status: 0, id, author}`, or `{status: 1, error_msg}` (`err_msg` in
    /// some clients) once the original is deleted. Any field may be missing.
    private struct ReplyDTO: Decodable {
        let reply: CommentReply?

        private enum Keys: String, CodingKey {
            case id, author, content, status
            case errorMessage = "error_msg"
            case errMessage = "err_msg"
        }

        init(from decoder: any Decoder) {
            guard let container = try? decoder.container(keyedBy: Keys.self) else {
                reply = nil
                return
            }
            let status = Entry.integer(container, .status)
            reply = CommentReply(
                id: Entry.integer(container, .id), author: Entry.text(container, .author).flatMap(Entry.nonEmpty),
                content: Entry.text(container, .content).flatMap(Entry.nonEmpty),
                status: status.map { Int(clamping: $0) },
                errorMessage: (Entry.text(container, .errorMessage) ?? Entry.text(container, .errMessage)).flatMap(Entry.nonEmpty))
        }
    }
}
