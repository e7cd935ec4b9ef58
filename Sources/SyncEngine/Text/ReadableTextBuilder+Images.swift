extension ReadableTextBuilder {
    /// The attributes that may hold an image's address, best first: lazy-loading pages put the
    /// full picture in `data-original` or `data-actualsrc` and a placeholder in `src`.
    private static let imageSources = ["data-original", "data-actualsrc", "src"]

    /// An image's web address, cleaned like a link's; nil when it has none that a browser could
    /// open on its own (missing, relative, `data:`, `javascript:`…). A protocol-relative address
    /// (`//pic1.zhimg.com/…`) gets `https:`.
    static func imageURL(_ attributes: [HTMLAttribute]) -> String? {
        for name in imageSources {
            guard let value = attributes[name], let url = webAddress(value) else { continue }
            return url
        }
        return nil
    }

    /// `value` cleaned like a link's, with `https:` before a protocol-relative address; nil unless
    /// it is then an absolute `http://` or `https://` address with something after the scheme.
    /// Shared by the images of a body and `PictureKey`, so both read an address the same way.
    static func webAddress(_ value: String) -> String? {
        var url = cleanURL(value)
        if url.hasPrefix("//") { url = "https:" + url }
        let scheme = url.prefix(8).lowercased()
        // Something after the scheme: `dropFirst` reads at most that many Characters, not the whole address.
        if (scheme.hasPrefix("http://") && !url.dropFirst(7).isEmpty) || (scheme == "https://" && !url.dropFirst(8).isEmpty) {
            return url
        }
        return nil
    }
}
