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
        ["before", "20230421"],
        ["before", "--offline", "20230314", "--json"],
        ["before", "20130520", "--lang", "zh", "--db", "news.sqlite"],
    ])
    func readsWhatArgumentParserReads(_ arguments: [String]) throws {
        let quick = try #require(QuickCommand.newsList(arguments))
        switch try Newsctl.parseAsRoot(arguments) {
        case let latest as Latest:
            #expect(quick.start == .latest)
            #expect(quick.settings == (try latest.options.resolve()))
        case let before as Before:
            #expect(quick.start == .day(try Before.shownDay(before.date)))
            #expect(quick.settings == (try before.options.resolve()))
        case let other:
            Issue.record("ArgumentParser read \(arguments) as \(type(of: other))")
        }
    }

    /// Help, other commands, other spellings and anything that fails a check are ArgumentParser's,
    /// which prints what it always printed.
    @Test(arguments: [
        [], ["latest", "--help"], ["latest", "-h"], ["help", "latest"], ["show", "9759301"], ["fav", "list"],
        ["latest", "--db=/tmp/x.sqlite"], ["latest", "--offline", "--offline"], ["latest", "--offline", "--refresh"],
        ["latest", "extra"], ["latest", "--db"], ["latest", "--db", ""], ["latest", "--db", "--offline"],
        ["latest", "--timeout", "soon"], ["latest", "--timeout", "0"], ["latest", "--timeout", "-1"],
        ["latest", "--lang", "fr"], ["latest", "--base-url", "ftp://x"], ["latest", "--", "--offline"],
        ["latest", "--generate-completion-script", "bash"], ["latest", "--frobnicate"],
        ["before"], ["before", "2023"], ["before", "20230421", "20230422"], ["before", "20130519"],
        ["before", "29991231"], ["before", "-20230421"],
    ])
    func leavesTheRestToArgumentParser(_ arguments: [String]) {
        #expect(QuickCommand.newsList(arguments)?.start == nil)
    }
}
