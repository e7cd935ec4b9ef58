/// One story as the source sends it, in a day list (`images`) or the banner (`image`).
///
/// Lenient where real responses vary (absent `images`, empty `image_hue`, unknown keys, a
/// numeric `ga_prefix`), strict where a story is useless without the value (`id`, `title`).
struct StoryDTO: Decodable {
    let id: Int64
    let title: String
    let hint: String
    let image: String?
    let url: String
    let gaPrefix: String
    let imageHue: String
    let type: Int

    enum CodingKeys: String, CodingKey {
        case id, title, hint, images, image, url, type
        case gaPrefix = "ga_prefix"
        case imageHue = "image_hue"
    }

    /// Why a story cannot be shown; logged with the story's id when it is skipped.
    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    /// A story read another way than through `Decoder` (`DayPageScanner`).
    init(id: Int64, title: String, hint: String, image: String?, url: String, gaPrefix: String, imageHue: String, type: Int) {
        self.id = id
        self.title = title
        self.hint = hint
        self.image = image
        self.url = url
        self.gaPrefix = gaPrefix
        self.imageHue = imageHue
        self.type = type
    }

    init(from decoder: any Decoder) throws {
        let container: KeyedDecodingContainer<CodingKeys>
        do {
            container = try decoder.container(keyedBy: CodingKeys.self)
        } catch {
            throw Invalid(description: "not a JSON object")
        }
        guard let id = Self.id(in: container) else {
            throw Invalid(description: container.contains(.id) ? "id is not a whole number" : "no id")
        }
        guard id > 0 else { throw Invalid(description: "id \(id) is not positive") }
        guard let title = try? container.decodeIfPresent(String.self, forKey: .title) else {
            throw Invalid(description: container.contains(.title) ? "title is not text" : "no title")
        }
        guard !title.isEmpty else { throw Invalid(description: "empty title") }
        self.id = id
        self.title = title
        hint = (try? container.decodeIfPresent(String.self, forKey: .hint)) ?? ""
        let images = (try? container.decodeIfPresent([String].self, forKey: .images)) ?? nil
        let banner = (try? container.decodeIfPresent(String.self, forKey: .image)) ?? nil
        image = (banner ?? images?.first).flatMap { $0.isEmpty ? nil : $0 }
        url = (try? container.decodeIfPresent(String.self, forKey: .url)) ?? "https://daily.zhihu.com/story/\(id)"
        if let text = try? container.decodeIfPresent(String.self, forKey: .gaPrefix) {
            gaPrefix = text
        } else if let number = try? container.decodeIfPresent(Int.self, forKey: .gaPrefix) {
            gaPrefix = String(number)
        } else {
            gaPrefix = ""
        }
        imageHue = (try? container.decodeIfPresent(String.self, forKey: .imageHue)) ?? ""
        type = (try? container.decodeIfPresent(Int.self, forKey: .type)) ?? 0
    }

    /// The id as a number or a numeric string (some clients' mocks quote it), nil otherwise.
    static func id(in container: KeyedDecodingContainer<CodingKeys>) -> Int64? {
        if let number = try? container.decode(Int64.self, forKey: .id) { return number }
        if let text = try? container.decode(String.self, forKey: .id) { return Int64(text) }
        return nil
    }

    func toDomain() -> Story {
        Story(
            id: id, title: title, hint: hint, imageURL: image, url: url,
            gaPrefix: gaPrefix, imageHue: imageHue, type: type)
    }
}
