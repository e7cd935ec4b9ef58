/// What tells one picture from another: its web address, with what does not change the picture
/// taken off, so the archive keeps one copy however a page links to it.
///
/// - Addresses are read as a body's images are (`ReadableText.images`): cleaned like a link,
///   `//host/path` gets `https:`, and only `http://` and `https://` addresses have a key.
/// - The fragment (`#…`) never reaches the server, so it is dropped; the scheme and host are
///   compared without case; a space left inside (U+00A0…) is percent-encoded. A key is its own key.
/// - On zhimg.com and its subdomains (`pic1.zhimg.com`…), Zhihu's picture hosts, the query is a
///   tracking mark (`?source=8673f162`) and `http` and `https` serve the same file: the key is
///   `https://` + host + path. Another host keeps its scheme and query, which may name another
///   picture there.
///
/// ```swift
/// PictureKey(url: "http://pic1.zhimg.com/v2-abc.jpg?source=8673f162")
///     == PictureKey(url: "//pic1.zhimg.com/v2-abc.jpg")  // true: https://pic1.zhimg.com/v2-abc.jpg
/// ```
public struct PictureKey: Hashable, Sendable, CustomStringConvertible {
    /// The canonical address, which is also how to fetch the picture.
    public let value: String

    /// The key of the picture at `url`; nil when `url` is no web address (empty, relative,
    /// `data:`…).
    public init?(url: String) {
        guard let cleaned = ReadableTextBuilder.webAddress(url) else { return nil }
        // Spaces escaped first, so no cut below leaves one at the end; split on the ASCII
        // delimiters byte by byte, as URL parsers do (a Character may join `/` to a combining mark).
        let address = Self.escapingSpaces(cleaned)
        let secure = String(decoding: address.utf8.prefix(8), as: UTF8.self).lowercased() == "https://"
        var rest = address[address.utf8.index(address.startIndex, offsetBy: secure ? 8 : 7)...]  // webAddress allows no other.
        if let fragment = rest.utf8.firstIndex(of: UInt8(ascii: "#")) { rest = rest[..<fragment] }
        let authorityEnd = rest.utf8.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        var path = rest[authorityEnd...]
        // With a user name the authority is left as written; with one or a port it is not zhimg.com's.
        let hasUser = authority.utf8.contains(UInt8(ascii: "@"))
        let host = hasUser ? String(authority) : authority.lowercased()
        guard !host.isEmpty else { return nil }
        if !hasUser, !authority.utf8.contains(UInt8(ascii: ":")), host == "zhimg.com" || host.hasSuffix(".zhimg.com") {
            if let query = path.utf8.firstIndex(of: UInt8(ascii: "?")) { path = path[..<query] }
            value = "https://" + host + (path.isEmpty ? "/" : String(path))
        } else {
            value = (secure ? "https://" : "http://") + host + path
        }
    }

    /// `address` with the spaces cleaning leaves inside it (no-break, line and paragraph
    /// separators) percent-encoded as UTF-8, as a browser sends them: cutting a fragment or a
    /// query must not leave one at the end, where reading the key again would trim it away.
    private static func escapingSpaces(_ address: String) -> String {
        var escaped = ""
        for scalar in address.unicodeScalars {
            guard TextSanitizer.isSpace(scalar) else {
                escaped.unicodeScalars.append(scalar)
                continue
            }
            for byte in String(scalar).utf8 { escaped += "%" + hex(byte) }
        }
        return escaped
    }

    public var description: String { value }
}
