import Testing

@testable import NewsFeature

/// English counts agree with their number, in every line that shows one.
struct EnglishCountTests {
    @Test func oneIsSingularAndTheRestPlural() {
        #expect(English.count(1, "story") == "1 story")
        #expect(English.count(0, "story") == "0 stories")
        #expect(English.count(2, "day") == "2 days")
        #expect(English.count(1, "comment") == "1 comment")
        #expect(English.count(3, "more damaged picture") == "3 more damaged pictures")
        #expect(English.count(2, "child", plural: "children") == "2 children")
    }

    @Test func wordingWithCountsAgrees() {
        let english = Strings(language: .en)
        #expect(english.counts(likes: 1, comments: 1) == "1 like · 1 comment")
        #expect(english.counts(likes: 2, comments: 0) == "2 likes · 0 comments")
        #expect(english.sectionExtent(count: 1, isComplete: true) == "1 story · back to the first")
        #expect(
            english.sectionSyncSummary(
                sections: [2], stories: 1, pages: 1, details: (0, 0), comments: 1, pictures: (1, 0), failures: 0, seconds: 1)
                == "Synced section 2: 1 story, 1 page read; 1 comment fetched; 1 picture fetched; 0 failed; 1.0 s")
    }
}
