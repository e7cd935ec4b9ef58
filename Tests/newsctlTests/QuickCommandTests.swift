import ArgumentParser
import Testing
@testable import newsctl

@Suite struct QuickCommandTests {
    /// Every form read without ArgumentParser means what ArgumentParser makes of it.
    @Test(arguments: [
        ["latest"],
        ["latest", "--offline"],
        ["latest", "--json", "--offline", "--no-color", "--verbose"],
        ["latest", "--refresh", "--db", "/tmp/a b.sqlite", "--base-url", "http://127.0.0.1:1/api/4,file:///x/api/4"],
        ["latest", "--timeout", "2.5", "--lang", "en"],
        ["latest", "--timeout", "3600"],
        ["latest", "--timeout", "0.25"],
        ["before", "20230421"],
        ["before", "--offline", "20230314", "--json"],
        ["before", "20130520", "--lang", "zh", "--db", "news.sqlite"],
        ["show", "9759301"],
        ["show", "--offline", "9759301", "--json", "--verbose"],
        ["search", "猫"],
        ["search", "咖啡 猫", "--limit", "5", "--json"],
        ["search", "--limit", "1000", "Swift", "--lang", "en"],
    ])
    func readsWhatArgumentParserReads(_ arguments: [String]) throws {
        let quick = try #require(QuickCommand.parse(arguments))
        let expected: (QuickCommand, Settings)
        switch try Newsctl.parseAsRoot(arguments) {
        case let latest as Latest:
            expected = (.newsList(.latest), try latest.options.resolve())
        case let before as Before:
            expected = (.newsList(.day(try Before.shownDay(before.date, words: before.options.words))), try before.options.resolve())
        case let show as Show:
            expected = (.story(try StoryID.parse(show.id, words: show.options.words)), try show.options.resolve())
        case let search as Search:
            expected = (.search(query: search.query, limit: search.limit), try search.options.resolve())
        case let other:
            Issue.record("ArgumentParser read \(arguments) as \(type(of: other))")
            return
        }
        #expect(quick.command == expected.0)
        #expect(quick.settings == expected.1)
    }

    /// Help, other commands, other spellings and anything that fails a check are ArgumentParser's,
    /// which prints what it always printed.
    @Test(arguments: [
        [], ["latest", "--help"], ["latest", "-h"], ["help", "latest"], ["fav", "list"], ["status"],
        ["latest", "--db=/tmp/x.sqlite"], ["latest", "--offline", "--offline"], ["latest", "--offline", "--refresh"],
        ["latest", "extra"], ["latest", "--db"], ["latest", "--db", ""], ["latest", "--db", "--offline"],
        ["latest", "--timeout", "soon"], ["latest", "--timeout", "0"], ["latest", "--timeout", "-1"],
        ["latest", "--lang", "fr"], ["latest", "--base-url", "ftp://x"], ["latest", "--", "--offline"],
        ["latest", "--generate-completion-script", "bash"], ["latest", "--frobnicate"], ["latest", "--limit", "5"],
        ["before"], ["before", "2023"], ["before", "20230421", "20230422"], ["before", "20130519"],
        ["before", "29991231"], ["before", "-20230421"],
        ["show"], ["show", "0"], ["show", "abc"], ["show", "1", "2"], ["show", "-5"],
        ["search"], ["search", ""], ["search", "猫", "狗"], ["search", "猫", "--limit", "0"],
        ["search", "猫", "--limit", "1001"], ["search", "猫", "--limit", "many"], ["search", "-猫"],
        ["search", "猫", "--offline"], ["search", "猫", "--refresh"], ["search", "猫", "--timeout", "3"],
        ["search", "猫", "--base-url", "http://127.0.0.1:1/api/4"], ["show", "-1"], ["latest", "--timeout", "0.0"],
    ])
    func leavesTheRestToArgumentParser(_ arguments: [String]) {
        #expect(QuickCommand.parse(arguments)?.command == nil)
    }
}
