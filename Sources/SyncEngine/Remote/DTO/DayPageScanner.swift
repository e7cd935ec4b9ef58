/// A direct reader of day pages in the shape the source sends, for the sync's hot path.
///
/// `JSONDecoder` through `Codable` is a large share of a long sync's CPU (bench/RESULTS.md).
/// This reads the bytes once into the DTO, and answers only when it is sure of giving
/// exactly what `DayPageDTO(from:)` would: any surprise (a story that would be skipped, a value
/// of another type, a duplicate key, a number with a fraction, malformed JSON, deep nesting)
/// gives nil, and the caller decodes with `JSONDecoder`, whose answer (or error) stands.
struct DayPageScanner: JSONByteScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0

    /// The page, or nil when `JSONDecoder` must decide.
    static func page(_ body: [UInt8]) -> DayPageDTO? {
        body.withUnsafeBufferPointer { buffer in
            var scanner = DayPageScanner(bytes: buffer)
            return scanner.page()
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private mutating func page() -> DayPageDTO? {
        var date: String?
        var stories: [StoryDTO]?
        var topStories: [StoryDTO]??
        guard
            object({ scanner, key in
                switch key {
                case "date":
                    guard date == nil, let text = scanner.string() else { return false }
                    date = text
                case "stories":
                    guard stories == nil, let list = scanner.stories() else { return false }
                    stories = list
                case "top_stories":
                    guard topStories == nil else { return false }
                    if scanner.null() {
                        topStories = .some(nil)
                    } else {
                        guard let list = scanner.stories() else { return false }
                        topStories = list
                    }
                default:
                    return scanner.skipValue(depth: 1)
                }
                return true
            })
        else { return nil }
        skipWhitespace()
        guard offset == bytes.count, let date, let stories else { return nil }
        return DayPageDTO(date: date, stories: stories, topStories: (topStories ?? nil) ?? [], skipped: [])
    }

    private mutating func stories() -> [StoryDTO]? {
        guard consume(UInt8(ascii: "[")) else { return nil }
        var list: [StoryDTO] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return list }
        while true {
            guard let story = story() else { return nil }
            list.append(story)
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            guard consume(UInt8(ascii: "]")) else { return nil }
            return list
        }
    }

    /// A story that `StoryDTO(from:)` would keep, with the same values; nil for anything else.
    private mutating func story() -> StoryDTO? {
        var id: Int64?
        var title: String?
        var hint: String??
        var images: [String]??
        var image: String??
        var url: String??
        var gaPrefix: String??
        var imageHue: String??
        var type: Int??
        let complete = object { scanner, key in
            switch key {
            case "id":
                guard id == nil, let number = scanner.integer(), number > 0 else { return false }
                id = number
                return true
            case "title":
                guard title == nil, let text = scanner.string(), !text.isEmpty else { return false }
                title = text
                return true
            case "hint": return Self.once(&hint) { scanner.optionalString() }
            case "image": return Self.once(&image) { scanner.optionalString() }
            case "url": return Self.once(&url) { scanner.optionalString() }
            case "image_hue": return Self.once(&imageHue) { scanner.optionalString() }
            case "images": return Self.once(&images) { scanner.optionalStrings() }
            case "type":
                return Self.once(&type) {
                    guard let number = scanner.optionalInteger() else { return nil }
                    // A number an Int cannot hold is refused, not taken for null.
                    guard let number else { return .some(nil) }
                    return Int(exactly: number).map { .some($0) }
                }
            case "ga_prefix":
                return Self.once(&gaPrefix) {
                    if scanner.peek == UInt8(ascii: "\"") { return scanner.string().map { .some($0) } }
                    if scanner.null() { return .some(nil) }
                    return scanner.integer().map { .some(String($0)) }
                }
            default:
                return scanner.skipValue(depth: 3)
            }
        }
        guard complete, let id, let title else { return nil }
        let banner = (image ?? nil), first = (images ?? nil)?.first
        return StoryDTO(
            id: id, title: title, hint: (hint ?? nil) ?? "",
            image: (banner ?? first).flatMap { $0.isEmpty ? nil : $0 },
            url: (url ?? nil) ?? "https://daily.zhihu.com/story/\(id)", gaPrefix: (gaPrefix ?? nil) ?? "",
            imageHue: (imageHue ?? nil) ?? "", type: (type ?? nil) ?? 0)
    }
}
