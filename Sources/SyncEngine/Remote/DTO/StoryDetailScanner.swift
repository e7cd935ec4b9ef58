/// A direct reader of `news/ID` in the shape the source sends, for the details sync.
///
/// `JSONDecoder` is a share of a details sync's CPU, most of it spent on the body's escaped string.
/// Like `DayPageScanner`, this answers only when it is sure of giving exactly what
/// `StoryDetailDTO(from:)` would: a value of another type than the one the DTO reads first, a
/// duplicate key, a number with a fraction, malformed JSON or deep nesting gives nil, and the
/// caller decodes with `JSONDecoder`, whose answer (or error) stands.
struct StoryDetailScanner: JSONByteScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0

    /// The detail, or nil when `JSONDecoder` must decide.
    static func detail(_ body: [UInt8]) -> StoryDetailDTO? {
        body.withUnsafeBufferPointer { buffer in
            var scanner = StoryDetailScanner(scanning: buffer)
            return scanner.detail()
        }
    }

    /// A scanner at the start of `bytes` (tests read its parts).
    init(scanning bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private mutating func detail() -> StoryDetailDTO? {
        var id: Int64?
        var idSeen = false
        var title: String?
        var body: String??
        var type: Int??
        var image: String??, imageSource: String??, shareURL: String??, url: String??
        var section: (name: String?, id: Int64?)??
        var publishTime: Int64??
        let complete = object { scanner, key in
            switch key {
            case "id":
                guard !idSeen else { return false }
                idSeen = true
                if scanner.null() { return true }
                if scanner.peek == UInt8(ascii: "\"") {
                    // A quoted id is read as `Int64(text)` reads it, as the DTO does.
                    guard let text = scanner.string() else { return false }
                    id = Int64(text)
                    return true
                }
                guard let number = scanner.integer() else { return false }
                id = number
                return true
            case "title":
                guard title == nil, let text = scanner.string() else { return false }
                title = text
                return true
            case "body": return Self.once(&body) { scanner.optionalString() }
            case "image": return Self.once(&image) { scanner.optionalString() }
            case "image_source": return Self.once(&imageSource) { scanner.optionalString() }
            case "share_url": return Self.once(&shareURL) { scanner.optionalString() }
            case "url": return Self.once(&url) { scanner.optionalString() }
            case "type":
                return Self.once(&type) {
                    guard let number = scanner.optionalInteger() else { return nil }
                    // A number an Int cannot hold is refused, not taken for null.
                    guard let number else { return .some(nil) }
                    return Int(exactly: number).map { .some($0) }
                }
            case "publish_time":
                return Self.once(&publishTime) { scanner.optionalInteger() }
            case "section":
                return Self.once(&section) {
                    if scanner.null() { return .some(nil) }
                    return scanner.section().map { .some($0) }
                }
            default:
                return scanner.skipValue(depth: 1)
            }
        }
        skipWhitespace()
        guard complete, offset == bytes.count, let title else { return nil }
        let kind = (type ?? nil) ?? 0
        // Any story but an off-site article (type 1) must have a body: without one the DTO
        // throws, and that error is JSONDecoder's to give.
        let html = body ?? nil
        guard kind == 1 || html != nil else { return nil }
        func nonEmpty(_ value: String??) -> String? { (value ?? nil).flatMap { $0.isEmpty ? nil : $0 } }
        let named = section ?? nil
        return StoryDetailDTO(
            id: id, title: title, body: html, image: nonEmpty(image), imageSource: nonEmpty(imageSource),
            shareURL: nonEmpty(shareURL), url: nonEmpty(url), type: kind, sectionName: named?.name, sectionID: named?.id,
            publishTime: publishTime ?? nil)
    }

    /// `{"name": …, "id": …}` with either missing or null, other keys skipped.
    private mutating func section() -> (name: String?, id: Int64?)? {
        var name: String??
        var id: Int64??
        let complete = object { scanner, key in
            switch key {
            case "name": return Self.once(&name) { scanner.optionalString() }
            case "id":
                return Self.once(&id) { scanner.optionalInteger() }
            default: return scanner.skipValue(depth: 2)
            }
        }
        guard complete else { return nil }
        return (name ?? nil, id ?? nil)
    }
}
