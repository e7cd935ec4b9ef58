/// The book's one stylesheet (`EPUB/style.css`), for Chinese text on an e-reader: a generous line
/// height, paragraphs spaced rather than indented, text set to the start (justified lines would
/// stretch the gaps around Latin words and numbers in a Chinese line), CJK fonts first, and
/// pictures never wider than the page. Colours and the base size are left to the reader's settings.
enum BookStyle {
    static let css = """
        @charset "UTF-8";
        html { line-height: 1.75; }
        body { margin: 0 0.5em; font-family: "Noto Serif CJK SC", "Source Han Serif SC", "Songti SC", serif;
          text-align: start; line-break: strict; word-break: normal; overflow-wrap: break-word; }
        h1 { font-size: 1.5em; line-height: 1.4; margin: 0.5em 0; text-align: start; }
        h2 { font-size: 1.2em; line-height: 1.4; margin: 1.2em 0 0.5em; }
        p { margin: 0.8em 0; text-indent: 0; text-align: start; }
        figure { margin: 1em 0; text-align: center; page-break-inside: avoid; break-inside: avoid; }
        img { max-width: 100%; height: auto; }
        figcaption, .meta, .hint, .byline, .missing, .picture-missing { font-size: 0.85em; color: #666; }
        .meta > * { margin-right: 0.8em; }
        .item .marker { font-weight: bold; }
        blockquote { margin: 1em 0; padding-left: 1em; border-left: 0.2em solid #ccc; }
        a { color: inherit; text-decoration: underline; }
        ol.stories li { margin: 0.6em 0; }
        ol.stories .hint, ol.stories .missing { display: block; }
        section.comments li { margin: 0.8em 0; }
        section.comments .who { margin-bottom: 0.2em; font-size: 0.85em; }
        .cover { text-align: center; }
        .cover-picture img { max-height: 70vh; }
        .cover.plain .cover-title { margin-top: 30vh; font-size: 2em; }
        .cover-subtitle { color: #666; }

        """
}
