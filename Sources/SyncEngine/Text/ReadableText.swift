/// A story body as readable text: blocks in reading order plus the links, numbered.
///
/// Built from the body HTML of `GET news/ID` without a browser engine: a forgiving tokenizer and
/// a single pass over its tokens, in linear time and without recursion, so malformed, deeply
/// nested or very long markup cannot crash or hang it. The text never holds control characters
/// (apart from `\n` line breaks inside a block), bidi controls or other invisible format
/// characters, and whitespace is collapsed to single spaces.
///
/// Inline markup: `<strong>`/`<b>` become `**text**`, `<em>`/`<i>` become `*text*`; a link becomes
/// its text followed by its reference number, `text[n]`, with the URL at `references[n - 1]`.
/// The same URL keeps its number. Links get no number when their text is their URL, when their
/// URL starts with `#`, `javascript:`, `vbscript:` or `data:`, or when they have no text. The
/// byline's hidden "查看知乎原文" link (`a.originUrl`) is dropped, and its URL is not a reference.
///
/// Images are numbered in order of appearance, `[图片 n]`, with their URL at `images[n - 1]`;
/// an image whose address is not a web address (none, relative, `data:`) gets no number.
public struct ReadableText: Sendable, Equatable {
    /// One block of text, in reading order.
    public enum Block: Sendable, Equatable {
        /// A question title (`<h2 class="question-title">`) or any h1–h6.
        case heading(String)
        /// An answer's meta line, author and bio: "名字，bio" (the avatar is dropped).
        case byline(String)
        /// A paragraph; `<br>` makes a `\n`, `<pre>` keeps its line breaks, a table row joins its
        /// cells with " | ".
        case paragraph(String)
        /// One paragraph of a `<blockquote>`.
        case quote(String)
        /// A list item: `ordinal` counts the items of an `<ol>` from 1 (or its `start`), nil in a `<ul>`.
        case listItem(String, ordinal: Int?)
        /// An image, captioned by its `<figcaption>` or else by its alt text; `number` is its place
        /// in `images` from 1, nil when it has no web address.
        case image(number: Int?, caption: String?)
        /// A thematic break, `<hr>`.
        case rule
        /// A link standing on its own, such as the "查看知乎讨论" view-more link; `reference` is
        /// its number, the URL being `references[reference - 1]`.
        case link(text: String, reference: Int)
    }

    /// An image of the body that can be reached: its web address and caption.
    public struct Image: Sendable, Equatable {
        /// An `http`/`https` URL (a protocol-relative one gets `https:`), cleaned like a link's.
        public let url: String
        /// Its `<figcaption>` or else its alt text, as in its block.
        public let caption: String?

        /// An image's URL and its caption, nil when it has none.
        public init(url: String, caption: String?) {
            self.url = url
            self.caption = caption
        }
    }

    /// The blocks in reading order; none is empty.
    public let blocks: [Block]
    /// Link targets in order of first appearance; `[n]` in the text refers to `references[n-1]`.
    public let references: [String]
    /// The numbered images in order of appearance; `[图片 n]` in the text is `images[n-1]`.
    public let images: [Image]

    /// Reads a story body. Never fails: whatever is not understood is dropped or kept as text.
    public init(html: String) {
        var builder = ReadableTextBuilder()
        var tokenizer = HTMLTokenizer(html)
        while let token = tokenizer.scan() {
            switch token {
            case .text(let scalars): builder.consumeText(scalars)
            case .markup(let markup): builder.consume(markup)
            }
        }
        builder.finish()
        blocks = builder.blocks
        references = builder.references
        images = builder.images
    }

    /// Plain text: blocks separated by blank lines; headings as-is; byline as-is; quote lines prefixed "> ";
    /// list items "• " or "1. "; images "[图片 n：caption]" or "[图片 n]" ("[图片：caption]", "[图片]"
    /// without a number); rule "———"; link blocks "text [n]";
    /// then, if any references, a blank line and one "[n] url" line per reference.
    public var plainText: String {
        var sections = blocks.map(Self.render)
        if !references.isEmpty {
            sections.append(
                references.enumerated().map { "[\($0.offset + 1)] \($0.element)" }.joined(separator: "\n")
            )
        }
        return sections.joined(separator: "\n\n")
    }

    private static func render(_ block: Block) -> String {
        switch block {
        case .heading(let text), .byline(let text), .paragraph(let text):
            return text
        case .quote(let text):
            return text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? ">" : "> " + $0 }
                .joined(separator: "\n")
        case .listItem(let text, let ordinal):
            return (ordinal.map { "\($0). " } ?? "• ") + text
        case .image(let number, let caption):
            return "[图片" + (number.map { " \($0)" } ?? "") + (caption.map { "：" + $0 } ?? "") + "]"
        case .rule:
            return "———"
        case .link(let text, let reference):
            return "\(text) [\(reference)]"
        }
    }
}
