import Testing
@testable import SyncEngine

private func blocks(_ html: String) -> [ReadableText.Block] {
    ReadableText(html: html).blocks
}

/// Whether `text` holds a character readable text must not: controls other than `\n`, C1,
/// bidi and other format characters (the zero-width joiners aside).
func hasForbiddenScalars(_ text: String) -> Bool {
    text.unicodeScalars.contains { scalar in
        switch scalar.value {
        case 0x0A, 0x200C, 0x200D: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        default: return scalar.properties.generalCategory == .format
        }
    }
}

@Suite struct ReadableTextTests {
    // MARK: - Real body shapes

    /// A 2020+ body as `GET news/ID` sends it: CRLF line ends, the hidden originUrl in the byline,
    /// figures, and the trailing script with curly quotes.
    static let modernBody = """
        <div class="main-wrap content-wrap">\r
        <div class="headline">\r
        \r
        <div class="img-place-holder"></div>\r
        \r
        </div>\r
        \r
        <div class="content-inner">\r
        <div class="question">\r
        <h2 class="question-title">男装跟女装的不同在哪里？</h2>\r
        \r
        <div class="answer">\r
        \r
        <div class="meta">\r
        <img class="avatar" src="https://pic2.zhimg.com/v2-626c_l.jpg?source=8673f162">\r
        <span class="author">康石石，</span><span class="bio">艺术留学大拿</span>\r
        <a href="https://www.zhihu.com/question/41094862/answer/1569381024" class="originUrl" hidden>查看知乎原文</a>\r
        </div>\r
        \r
        <div class="content">\r
        <p>说起男装女装不同\r
        肯定是有的，下面咱们稍作分析。</p>\r
        <p>Men's   wear and\r
        women's wear.</p>\r
        <p><strong>1.版型剪裁不同</strong></p>\r
        <p><img class="content-image" src="https://pic4.zhimg.com/v2-9b3a_720w.jpg" alt="" /></p>\r
        <figure><img class="content-image" src="https://pic4.zhimg.com/v2-89c0_720w.jpg" alt=""><figcaption>历史上的男性工装</figcaption></figure><p>这点咱们通过男装&amp;女装作品集就能看出差别。</p>\r
        <p>以上，望有帮助</p>\r
        </div>\r
        </div>\r
        \r
        \r
        <div class="view-more"><a href="https://www.zhihu.com/question/41094862">查看知乎讨论<span class="js-question-holder"></span></a></div>\r
        \r
        </div>\r
        </div>\r
        </div><script type=“text/javascript”>window.daily=true</script>
        """

    @Test func modernBody_becomesTitleBylineParagraphsImagesAndTheViewMoreLink() {
        let text = ReadableText(html: Self.modernBody)
        #expect(
            text.blocks == [
                .heading("男装跟女装的不同在哪里？"),
                .byline("康石石，艺术留学大拿"),
                .paragraph("说起男装女装不同肯定是有的，下面咱们稍作分析。"),
                .paragraph("Men's wear and women's wear."),
                .paragraph("**1.版型剪裁不同**"),
                .image(number: 1, caption: nil),
                .image(number: 2, caption: "历史上的男性工装"),
                .paragraph("这点咱们通过男装&女装作品集就能看出差别。"),
                .paragraph("以上，望有帮助"),
                .link(text: "查看知乎讨论", reference: 1),
            ])
        // The hidden originUrl is dropped and collects no reference.
        #expect(text.references == ["https://www.zhihu.com/question/41094862"])
        // The avatar is no image of the story; the two that are keep their addresses and captions.
        #expect(
            text.images == [
                ReadableText.Image(url: "https://pic4.zhimg.com/v2-9b3a_720w.jpg", caption: nil),
                ReadableText.Image(url: "https://pic4.zhimg.com/v2-89c0_720w.jpg", caption: "历史上的男性工装"),
            ])
        #expect(
            text.plainText == """
                男装跟女装的不同在哪里？

                康石石，艺术留学大拿

                说起男装女装不同肯定是有的，下面咱们稍作分析。

                Men's wear and women's wear.

                **1.版型剪裁不同**

                [图片 1]

                [图片 2：历史上的男性工装]

                这点咱们通过男装&女装作品集就能看出差别。

                以上，望有帮助

                查看知乎讨论 [1]

                [1] https://www.zhihu.com/question/41094862
                """)
    }

    /// A 2015-2017 body: a related-news headline link, several questions, empty question titles,
    /// an answer without meta, and no trailing script.
    static let olderBody = """
        <div class="main-wrap content-wrap">
        <div class="headline">

        <div class="img-place-holder"></div>

        <div class="headline-background">
        <a class="headline-background-link" href="http://m.jiemian.com/article/776138.html">
        <div class="heading">相关新闻</div>
        <div class="heading-content">魔兽月卡终于来了</div>
        <i class="icon-arrow-right"></i>
        </a>
        </div>

        </div>

        <div class="content-inner">

        <div class="question">
        <h2 class="question-title"></h2>

        <div class="answer">

        <div class="content">
        <p>回答来自机构帐号：<a class="avatar-link" href="https://www.zhihu.com/org/lonelyplanet-15" target="_blank"><span class="name">LonelyPlanet</span></a></p>
        </div>
        </div>

        </div>

        <div class="question">
        <h2 class="question-title">有哪些已经或正在消失的景点？</h2>

        <div class="answer">

        <div class="meta">
        <img class="avatar" src="http://pic2.zhimg.com/v2-67a1_is.jpg">
        <span class="author">LonelyPlanet，</span><span class="bio">旅行指南出版商</span>
        </div>

        <div class="content">
        <p>自从马耳他的&ldquo;蓝窗&rdquo;塌了之后&hellip;&hellip;</p>
        <p><strong>0 5 |&nbsp;</strong><strong>科索沃 中世纪建筑群遗址</strong></p>
        <p><em><img class="content-image" src="http://pic1.zhimg.com/70/v2-8a12_b.jpg" alt="" /></em></p>
        <p><em>&copy;Lonely Planet</em> 佛罗里达州南部</p>
        <hr />
        <p>欢迎关注微信公众号：LonelyPlanet-CN</p>
        </div>
        </div>

        <div class="view-more"><a href="http://www.zhihu.com/question/62412142">查看知乎讨论<span class="js-question-holder"></span></a></div>

        </div>

        <div class="question">
        <h2 class="question-title">第二个问题</h2>
        <div class="answer">

        <div class="meta">
        <img class="avatar" src="http://pic3.zhimg.com/b9f9_is.jpg">
        <span class="author">苍月小心，</span><span class="bio">游戏数值策划/经济学爱好者</span>
        </div>

        <div class="content">
        <p>您可以通过<span class="s1">&nbsp;&nbsp;<a href="http://zhihu.com/org-intro"><span class="s2">什么是「知乎机构帐号」</span></a>&nbsp;</span>来了解。</p>

        <div class="view-more"><a href="http://www.zhihu.com/question/62412142">查看知乎讨论</a></div>

        </div>
        </div>
        </div>

        </div>
        </div>
        """

    @Test func olderBody_keepsEveryQuestionAndSkipsEmptyTitles() {
        let text = ReadableText(html: Self.olderBody)
        #expect(
            text.blocks == [
                .link(text: "相关新闻 魔兽月卡终于来了", reference: 1),
                .paragraph("回答来自机构帐号：LonelyPlanet[2]"),
                .heading("有哪些已经或正在消失的景点？"),
                .byline("LonelyPlanet，旅行指南出版商"),
                .paragraph("自从马耳他的“蓝窗”塌了之后……"),
                .paragraph("**0 5 |** **科索沃 中世纪建筑群遗址**"),
                .image(number: 1, caption: nil),
                .paragraph("*©Lonely Planet* 佛罗里达州南部"),
                .rule,
                .paragraph("欢迎关注微信公众号：LonelyPlanet-CN"),
                .link(text: "查看知乎讨论", reference: 3),
                .heading("第二个问题"),
                .byline("苍月小心，游戏数值策划/经济学爱好者"),
                .paragraph("您可以通过 什么是「知乎机构帐号」[4] 来了解。"),
                .link(text: "查看知乎讨论", reference: 3),
            ])
        #expect(
            text.references == [
                "http://m.jiemian.com/article/776138.html",
                "https://www.zhihu.com/org/lonelyplanet-15",
                "http://www.zhihu.com/question/62412142",
                "http://zhihu.com/org-intro",
            ])
    }

    @Test func byline_dropsTheAvatarAndTheOriginLinkEvenWhenNotHidden() {
        let text = ReadableText(
            html: """
                <div class="meta"><img class="avatar" src="a.jpg" alt="avatar"><span class="author">名字，</span>\
                <span class="bio">bio</span> <a class="originUrl" href="https://www.zhihu.com/question/1/answer/2">查看知乎原文</a></div>
                """)
        #expect(text.blocks == [.byline("名字，bio")])
        #expect(text.references.isEmpty)
    }

    // MARK: - Block elements

    @Test func blockquote_givesOneQuoteBlockPerParagraph() {
        let text = ReadableText(html: "<blockquote><p>第一段</p><p>second <em>para</em></p>line<br>two</blockquote><p>after</p>")
        #expect(text.blocks == [.quote("第一段"), .quote("second *para*"), .quote("line\ntwo"), .paragraph("after")])
        #expect(text.plainText == "> 第一段\n\n> second *para*\n\n> line\n> two\n\nafter")
    }

    @Test func lists_numberOrderedItemsAndBulletTheOthers() {
        let text = ReadableText(
            html: """
                <ul><li>苹果</li><li><strong>香蕉</strong></li></ul>
                <ol><li>one</li><li>two<li>three</ol>
                <ol start="5"><li>five</li><li><p>six</p><p>more of six</p></li></ol>
                """)
        #expect(
            text.blocks == [
                .listItem("苹果", ordinal: nil), .listItem("**香蕉**", ordinal: nil),
                .listItem("one", ordinal: 1), .listItem("two", ordinal: 2), .listItem("three", ordinal: 3),
                .listItem("five", ordinal: 5), .listItem("six", ordinal: 6), .paragraph("more of six"),
            ])
        #expect(text.plainText.hasPrefix("• 苹果\n\n• **香蕉**\n\n1. one\n\n2. two\n\n3. three\n\n5. five\n\n6. six"))
    }

    @Test func rule_isItsOwnBlock() {
        let text = ReadableText(html: "<p>a</p><hr><p>b</p><hr/>")
        #expect(text.blocks == [.paragraph("a"), .rule, .paragraph("b"), .rule])
        #expect(text.plainText == "a\n\n———\n\nb\n\n———")
    }

    @Test func images_useTheFigcaptionElseTheAltText() {
        let text = ReadableText(
            html: """
                <p><img src="a.jpg" alt="A  photo"></p>
                <figure><img src="b.jpg" alt="alt"><figcaption>图 <b>1</b></figcaption></figure>
                <figure><img src="c.jpg" alt="only alt"></figure>
                <figure><img src="d.jpg" alt=""><figcaption> </figcaption></figure>
                <p>before<img src="e.jpg">after</p>
                """)
        #expect(
            text.blocks == [
                .image(number: nil, caption: "A photo"), .image(number: nil, caption: "图 **1**"),
                .image(number: nil, caption: "only alt"), .image(number: nil, caption: nil),
                .paragraph("before"), .image(number: nil, caption: nil), .paragraph("after"),
            ])
        // Relative addresses cannot be opened on their own: no numbers.
        #expect(text.images.isEmpty)
        #expect(text.plainText.hasPrefix("[图片：A photo]\n\n[图片：图 **1**]\n\n[图片：only alt]\n\n[图片]"))
    }

    @Test func images_areNumberedInReadingOrder_onlyWithAWebAddress() {
        let text = ReadableText(
            html: """
                <figure><img src="https://p.example/1.jpg" alt="alt"><figcaption>三月的气压图</figcaption></figure>
                <p><img src="data:image/svg+xml;utf8,&lt;svg/&gt;" alt="placeholder"></p>
                <p><img src="data:image/gif;base64,R0lG" data-actualsrc="https://p.example/lazy.jpg"></p>
                <p><img src="https://p.example/small.jpg" data-original=" https://p.example/large.jpg "></p>
                <figure><img src="//p.example/2.jpg"></figure><p><img src="HTTPS://p.example/1.jpg"></p>
                <p><img src="javascript:alert(1)"><img src="https://"><img></p>
                """)
        #expect(
            text.blocks == [
                .image(number: 1, caption: "三月的气压图"),
                .image(number: nil, caption: "placeholder"),
                .image(number: 2, caption: nil),
                .image(number: 3, caption: nil),
                // A figure's image waits for its caption but keeps its place among the numbers.
                .image(number: 4, caption: nil),
                .image(number: 5, caption: nil),
                .image(number: nil, caption: nil), .image(number: nil, caption: nil), .image(number: nil, caption: nil),
            ])
        #expect(
            text.images == [
                ReadableText.Image(url: "https://p.example/1.jpg", caption: "三月的气压图"),
                ReadableText.Image(url: "https://p.example/lazy.jpg", caption: nil),
                ReadableText.Image(url: "https://p.example/large.jpg", caption: nil),
                ReadableText.Image(url: "https://p.example/2.jpg", caption: nil),
                // The same picture twice is two images: each has its place in the text.
                ReadableText.Image(url: "HTTPS://p.example/1.jpg", caption: nil),
            ])
        #expect(text.plainText.hasPrefix("[图片 1：三月的气压图]\n\n[图片：placeholder]\n\n[图片 2]\n\n[图片 3]\n\n[图片 4]\n\n[图片 5]\n\n[图片]"))
        // The addresses are not text to read or search: they stay out of the plain text.
        #expect(!text.plainText.contains("p.example"))
        #expect(text.references.isEmpty)
    }

    @Test func tableRows_areParagraphsWithCellsJoined() {
        let text = ReadableText(
            html: """
                <table><tr><th>名</th><th>值</th></tr>
                <tr><td>a</td><td><p>b</p></td><td></td></tr></table>
                """)
        #expect(text.blocks == [.paragraph("名 | 值"), .paragraph("a | b")])
    }

    @Test func pre_keepsItsLineBreaks() {
        let text = ReadableText(html: "<pre>\nlet a = 1\n    b\n\n\n\nend\n</pre><p>x\ny</p>")
        #expect(text.blocks == [.paragraph("let a = 1\n    b\n\nend"), .paragraph("x y")])
    }

    @Test func textDirectlyInADiv_isAParagraph() {
        #expect(
            blocks("<div>直接在 div 里<div>inner</div>tail</div>") == [
                .paragraph("直接在 div 里"), .paragraph("inner"), .paragraph("tail"),
            ])
    }

    // MARK: - Inline markup

    @Test func strongAndEm_becomeMarkersUnlessEmpty() {
        #expect(
            blocks("<p>a <strong>bold</strong> b <em>it</em> c<strong> </strong>d<em></em>e <b><b>n</b></b> <b><i>both</i></b></p>")
                == [.paragraph("a **bold** b *it* c de **n** ***both***")])
    }

    @Test func marks_closeAndReopenAroundABlockInside() {
        #expect(
            blocks("<p><strong>前 <img src=\"x.jpg\"> 后</strong></p>") == [
                .paragraph("**前**"), .image(number: nil, caption: nil), .paragraph("**后**"),
            ])
    }

    @Test func lineBreaks_becomeNewlinesInsideTheBlock() {
        #expect(blocks("<p><br>一<br>二<br/><br><br><br>三 <br> 四<br></p>") == [.paragraph("一\n二\n\n三\n四")])
    }

    @Test func links_areNumberedByFirstAppearanceAndDeduplicated() {
        let text = ReadableText(
            html: """
                <p>See <a href="https://a.example/x">A</a> and <a href="https://b.example/">B</a>, again <a href=" https://a.example/x ">A2</a>.</p>
                <p><a href="https://c.example/page">https://c.example/page</a> <a href="http://c.example/">c.example</a> \
                <a href="javascript:alert(1)">js</a> <a href="#top">top</a> <a href="">empty</a> <a name="n">anchor</a>\
                <a href="https://e.example/"></a><a href="https://f.example/"><img src="f.jpg"></a></p>
                <div><a href="https://d.example/?a=1&amp;b=2">On its own</a></div>
                <p><a href="https://d.example/?a=1&amp;b=2">In a paragraph</a></p>
                """)
        #expect(
            text.blocks == [
                .paragraph("See A[1] and B[2], again A2[1]."),
                .paragraph("https://c.example/page c.example js top empty anchor"),
                .image(number: nil, caption: nil),
                .link(text: "On its own", reference: 3),
                .paragraph("In a paragraph[3]"),
            ])
        #expect(text.references == ["https://a.example/x", "https://b.example/", "https://d.example/?a=1&b=2"])
        #expect(
            text.plainText.hasSuffix(
                """
                On its own [3]

                In a paragraph[3]

                [1] https://a.example/x
                [2] https://b.example/
                [3] https://d.example/?a=1&b=2
                """))
    }

    /// Found by `scripts/fuzz readable-text` (the input below, minimised): a vertical tab or form
    /// feed in an `href` reached the references, and so the plain text, as a control character.
    @Test func links_keepNoWhitespaceControlsInTheirURLs() {
        let fuzzed = ReadableText(
            html: String(
                decoding: [
                    0x3C, 0x61, 0x20, 0x68, 0x72, 0x65, 0x66, 0x3D, 0x2F, 0x0B, 0x6C, 0x3E, 0xE8,
                ] as [UInt8], as: UTF8.self))
        #expect(fuzzed.references == ["/%0Bl"])
        let text = ReadableText(html: "<p><a href=\"\u{0C} https://a.example/x\u{0B}y \u{301}z\u{0C}\">A</a></p>")
        #expect(text.references == ["https://a.example/x%0By%20\u{301}z"])
        #expect(!text.plainText.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test func links_doNotNest_andANewOneEndsTheOpenOne() {
        let text = ReadableText(html: "<p><a href=\"https://a.example/\">one<a href=\"https://b.example/\">two</a></p>")
        #expect(text.blocks == [.paragraph("one[1]two[2]")])
    }

    @Test func noReferences_meansNoReferenceSection() {
        #expect(ReadableText(html: "<p>a</p><p>b</p>").plainText == "a\n\nb")
        #expect(ReadableText(html: "").plainText.isEmpty)
        #expect(ReadableText(html: "").blocks.isEmpty)
    }

    // MARK: - Whitespace

    @Test func whitespace_collapsesToSingleSpacesAndBlocksAreTrimmed() {
        let text = ReadableText(html: "<p>  a \t\r\n b  <b> c </b>  d&nbsp;&nbsp;e\u{A0} </p><p>\r\n\tf\r\n</p>")
        #expect(text.blocks == [.paragraph("a b **c** d e"), .paragraph("f")])
        #expect(!text.plainText.contains("  "))
        #expect(!text.plainText.contains("\r"))
        #expect(!text.plainText.contains("\t"))
    }

    @Test func sourceLineBreaksBetweenCJKCharacters_addNoSpace() {
        #expect(blocks("<p>第一行\n第二行，\r\n「引号」</p>") == [.paragraph("第一行第二行，「引号」")])
        #expect(
            blocks("<p>English\nline</p><p>中文\nEnglish</p><p>中文 中文</p><p>中文&nbsp;\n中文</p>") == [
                .paragraph("English line"), .paragraph("中文 English"), .paragraph("中文 中文"), .paragraph("中文 中文"),
            ])
    }

    @Test func emptyParagraphs_areDropped() {
        #expect(
            blocks("<p></p><p>&nbsp;</p><p> \r\n </p><p><br></p><p><strong> </strong><em>&nbsp;</em></p><div>\n</div><p>x</p><h2></h2>")
                == [.paragraph("x")])
    }

    // MARK: - Entities

    @Test func namedEntities_areDecoded() {
        #expect(
            blocks(
                """
                <p>&amp; &lt;b&gt; &quot;q&quot; &apos;s&apos; a&nbsp;b &hellip; &mdash; &ndash; &ldquo;&rdquo; &lsquo;&rsquo; \
                &middot; &times; &copy; &reg; &trade; &laquo;&raquo; &bull; &scaron; &atilde; &Agrave;&eacute;</p>
                """) == [.paragraph("& <b> \"q\" 's' a b … — – “” ‘’ · × © ® ™ «» • š ã Àé")])
    }

    @Test func numericEntities_areDecodedAndInvalidCodePointsReplaced() {
        #expect(blocks("<p>&#20013;&#x6587;&#X4E2D; &#65;&#x41;&#x00041;</p>") == [.paragraph("中文中 AAA")])
        #expect(
            blocks("<p>[&#0;][&#xD800;][&#xDFFF;][&#x110000;][&#99999999999999999999;][&#x93;&#x94;]</p>")
                == [.paragraph("[\u{FFFD}][\u{FFFD}][\u{FFFD}][\u{FFFD}][\u{FFFD}][“”]")])
    }

    @Test func unknownAndMalformedEntities_stayLiteral() {
        #expect(
            blocks("<p>&bogus; &amp &#xZZ; &#; &#x; &#12 & &; AT&T &AMP; &lt</p>")
                == [.paragraph("&bogus; &amp &#xZZ; &#; &#x; &#12 & &; AT&T &AMP; &lt")])
    }

    @Test func entitiesInAttributes_areDecoded() {
        let text = ReadableText(html: "<img src=\"x\" alt=\"a &amp; b &#x4e2d;\"><p><a href=\"?q=1&amp;r=&quot;2&quot;\">q</a></p>")
        #expect(text.blocks == [.image(number: nil, caption: "a & b 中"), .paragraph("q[1]")])
        #expect(text.references == ["?q=1&r=\"2\""])
    }

    // MARK: - What never survives

    @Test func controlCharactersAndBidiControls_areRemoved() {
        let html =
            "<p>a\u{0}b\u{7}c\u{7F}d\u{85}e\u{9B}2Jf\u{200E}g\u{202E}h\u{2066}i\u{2069}j\u{FEFF}k\u{200B}l\u{AD}m\tn\u{0B}o</p>"
            + "<p>&#27;[1m&#x202E;bold&#x1B;[0m &#x81;x&#x7F;</p>"
            + "<p>\u{1B}[31mred\u{1B}[0m \u{1B}]0;window title\u{7}after \u{1B}]8;;https://x\u{1B}\\link\u{1B}]8;;\u{1B}\\ \u{1B}(Bz \u{1B}c中</p>"
            + "<p>👨\u{200D}👩\u{200D}👧 and می\u{200C}خواهم</p>"
            + "<img alt=\"cap\u{202E}tion\u{1B}[2J\"><p><a href=\"https://a.example/\u{202E}x\u{1B}\">l</a></p>"
        let text = ReadableText(html: html)
        #expect(
            text.blocks == [
                .paragraph("abcdefghijklm n o"),
                .paragraph("bold x"),
                .paragraph("red after link z 中"),
                .paragraph("👨\u{200D}👩\u{200D}👧 and می\u{200C}خواهم"),
                .image(number: nil, caption: "caption"),
                .paragraph("l[1]"),
            ])
        #expect(text.references == ["https://a.example/x"])
        #expect(!hasForbiddenScalars(text.plainText))
        #expect(!text.plainText.contains("\u{1B}"))
    }

    @Test func scriptStyleHeadAndTheirKin_areDroppedWithTheirContent() {
        let html = """
            <head><title>T</title><style>p{}</style><meta charset="utf-8"></head><body>\
            <p>一</p><script>var x = "<p>no</p>";</script><noscript>ns</noscript><iframe src="x">if</iframe>\
            <STYLE>.a{}</STYLE ><!-- comment <p>c</p> --><!----><p>二</p><template>tpl</template>\
            <p hidden>hid</p><div class="img-place-holder">ph</div><SCRIPT>s</ScRiPt>\
            </body><script type=“text/javascript”>window.daily=true</script>
            """
        #expect(blocks(html) == [.paragraph("一"), .paragraph("二")])
        #expect(blocks("<p>ok</p><script type=“text/javascript”>window.daily=true") == [.paragraph("ok")])
        #expect(blocks("<p>ok<!-- unterminated comment <p>x</p>") == [.paragraph("ok")])
        #expect(!ReadableText(html: Self.modernBody).plainText.contains("window.daily"))
    }

    // MARK: - Malformed markup

    @Test func strayAndTruncatedMarkup_isTextOrDropped() {
        #expect(blocks("<p>1 < 2 and 3 <= 4, a<>b</p>") == [.paragraph("1 < 2 and 3 <= 4, a<>b")])
        #expect(blocks("<p>trailing <") == [.paragraph("trailing <")])
        #expect(blocks("<p>cut </") == [.paragraph("cut </")])
        #expect(blocks("<p>cut <b") == [.paragraph("cut")])
        #expect(blocks("<p>cut <a href=\"https://x.example/") == [.paragraph("cut")])
        #expect(blocks("<p attr=\"never closed>text</p>") == [])
        #expect(
            blocks("<!doctype html><?xml version=\"1.0\"?><p>d</p></ ><p>e</p></>f") == [
                .paragraph("d"), .paragraph("e"), .paragraph("f"),
            ])
        #expect(blocks("<") == [.paragraph("<")])
        #expect(blocks("&") == [.paragraph("&")])
    }

    @Test func unquotedAttributesAndMismatchedEndTags_areRead() {
        let text = ReadableText(
            html: """
                <p class=foo id=bar>unquoted <a href=https://u.example/x?a=1 target=_blank>link</a></p>
                <div><p>mis<b>matched</div>after</b></p><p>a</span></em></div>b</p><ul><li>x</ol></ul>
                """)
        #expect(
            text.blocks == [
                .paragraph("unquoted link[1]"), .paragraph("mis**matched**"), .paragraph("after"), .paragraph("ab"),
                .listItem("x", ordinal: nil),
            ])
        #expect(text.references == ["https://u.example/x?a=1"])
    }

    @Test func unclosedElements_areClosedAtTheEnd() {
        #expect(blocks("<div><p>一<b>粗<em>斜<blockquote>引") == [.paragraph("一**粗*斜***"), .quote("***引***")])
    }

    @Test func tenThousandNestedDivs_doNotExhaustTheStack() {
        let closed = String(repeating: "<div>", count: 10_000) + "深处" + String(repeating: "</div>", count: 10_000)
        #expect(blocks(closed) == [.paragraph("深处")])
        let unclosed = String(repeating: "<div><span><b><blockquote><ul><li><a href=\"https://x.example/\">", count: 10_000) + "x"
        let text = ReadableText(html: unclosed)
        #expect(text.blocks == [.listItem("**x[1]**", ordinal: nil)])
        let strays = String(repeating: "<span>", count: 10_000) + String(repeating: "</p></div><p>", count: 10_000) + "y"
        #expect(blocks(strays) == [.paragraph("y")])
    }

    @Test func aMegabyteOfInput_isRead() {
        let words = String(repeating: "新闻 news\r\n", count: 80_000)  // about 1 MB
        let long = ReadableText(html: "<p>" + words + "</p>")
        #expect(long.blocks.count == 1)
        #expect(long.plainText.unicodeScalars.count == 80_000 * 8 - 1)

        let soup = String(repeating: "<p>a<b>b</i></span>&amp;&#x4e2d;<a href=x>l</a><", count: 20_000)  // about 1 MB
        let text = ReadableText(html: soup)
        #expect(text.blocks.count == 20_000)
        #expect(text.references == ["x"])

        let attributes = (0..<100_000).map { " a\($0)=v" }.joined()  // one tag, about 1 MB
        #expect(blocks("<p" + attributes + ">wide tag</p>") == [.paragraph("wide tag")])
        let digits = "<p>&#" + String(repeating: "1", count: 1_000_000) + "</p>"
        #expect(blocks(digits).count == 1)
    }
}
