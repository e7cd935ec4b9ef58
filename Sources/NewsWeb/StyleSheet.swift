/// The site's one stylesheet (`/style.css`): readable on a phone, CJK fonts first, dark when
/// the system is (`prefers-color-scheme`). No inline styles anywhere, so the pages keep to a
/// `style-src 'self'` policy.
enum StyleSheet {
    /// The site's icon: a browser asks for one on every site, and a missing one is a console error.
    static let favicon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#0b5cad"/>\
        <text x="8" y="12.5" font-size="11" text-anchor="middle" fill="#fff">日</text></svg>

        """

    static let css = """
        :root { color-scheme: light dark; --text: #1a1a1a; --muted: #666; --back: #fdfdfb; --line: #ddd; --link: #0b5cad; --mark: #ffe680; }
        @media (prefers-color-scheme: dark) {
          :root { --text: #e6e6e6; --muted: #a0a0a0; --back: #161616; --line: #333; --link: #7fb4ff; --mark: #665200; }
        }
        * { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; }
        body { margin: 0 auto; max-width: 42rem; padding: 0 1rem 3rem; background: var(--back); color: var(--text);
          font: 17px/1.75 -apple-system, "PingFang SC", "Hiragino Sans GB", "Noto Sans CJK SC", "Source Han Sans SC",
            "Microsoft YaHei", "WenQuanYi Micro Hei", sans-serif; overflow-wrap: anywhere; }
        a { color: var(--link); text-decoration: none; }
        a:hover, a:focus { text-decoration: underline; }
        header.site { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; padding: .75rem 0; border-bottom: 1px solid var(--line); }
        nav.menu { display: flex; flex-wrap: wrap; gap: .25rem 1rem; }
        form.search { display: flex; gap: .25rem; flex: 1 1 12rem; }
        form.search input { flex: 1; min-width: 0; font: inherit; padding: .15rem .4rem; }
        button { font: inherit; padding: .15rem .6rem; }
        h1 { font-size: 1.5rem; line-height: 1.4; margin: 1.25rem 0 .5rem; }
        h2 { font-size: 1.15rem; margin: 1.5rem 0 .5rem; }
        ul.stories, ul.sections, ol.comments { list-style: none; padding: 0; margin: 0; }
        ul.stories li, ul.sections li { padding: .5rem 0; border-bottom: 1px solid var(--line); }
        a.story { display: block; font-weight: 600; }
        .hint, .status, .meta, .byline, figcaption, .who { color: var(--muted); font-size: .875rem; }
        .meta { display: flex; flex-wrap: wrap; gap: .25rem 1rem; }
        .status.stale, .error { color: #b3261e; }
        figure { margin: 1rem 0; }
        figure img { display: block; max-width: 100%; height: auto; margin: 0 auto; }
        figure.headline img { width: 100%; }
        figcaption { text-align: center; }
        .picture-missing { color: var(--muted); border-left: 3px solid var(--line); padding-left: .75rem; }
        blockquote { margin: 1rem 0; padding-left: 1rem; border-left: 3px solid var(--line); color: var(--muted); }
        .item .marker { color: var(--muted); }
        hr { border: 0; border-top: 1px solid var(--line); }
        mark { background: var(--mark); color: inherit; }
        ol.comments li { padding: .5rem 0; border-bottom: 1px solid var(--line); }
        ol.comments p { margin: .25rem 0; }
        nav.pager { display: flex; justify-content: space-between; margin-top: 1.5rem; }
        nav.pager .earlier { margin-left: auto; }

        """
}
