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

    private enum CodingKeys: String, CodingKey {
        case id, title, hint, images, image, url, type
        case gaPrefix = "ga_prefix"
        case imageHue = "image_hue"
    }

    struct Invalid: Error {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let number = try? container.decode(Int64.self, forKey: .id) {
            id = number
        } else if let text = try? container.decode(String.self, forKey: .id), let number = Int64(text) {
            id = number
        } else {
            throw Invalid()
        }
        title = try container.decode(String.self, forKey: .title)
        guard id > 0, !title.isEmpty else { throw Invalid() }
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

    func toDomain() -> Story {
        Story(id: id, title: title, hint: hint, imageURL: image, url: url,
              gaPrefix: gaPrefix, imageHue: imageHue, type: type)
    }
}
