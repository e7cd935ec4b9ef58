import Foundation
import Testing
@testable import NewsFeature
@testable import SyncEngine

@MainActor
@Suite struct SyncPresenterTests {
    private let view = SpyArchiveView()
    private let interactor = StubArchiveInteractor()

    @Test func progressTellsTheRateAndTimeLeftOnceThereIsARate() {
        let start = ContinuousClock.now
        let times = Locked([start, start + .milliseconds(200), start + .seconds(2), start + .seconds(3)])
        let presenter = SyncPresenter(view: view, interactor: interactor, now: { times.withLock { $0.removeFirst() } })
        presenter.didProgress(SyncProgress(phase: .days, done: 0, total: 100, failed: 0))
        presenter.didProgress(SyncProgress(phase: .days, done: 5, total: 100, failed: 0))
        presenter.didProgress(SyncProgress(phase: .days, done: 50, total: 100, failed: 1))
        presenter.didProgress(SyncProgress(phase: .details, done: 0, total: 10, failed: 0))
        #expect(
            view.events == [
                .progress(
                    SyncProgressViewData(
                        phase: "日报", done: 0, total: 100, fraction: 0, rate: "", remaining: "", failed: 0, isFinished: false)),
                // Under half a second: too early for a rate.
                .progress(
                    SyncProgressViewData(
                        phase: "日报", done: 5, total: 100, fraction: 0.05, rate: "", remaining: "", failed: 0, isFinished: false)),
                .progress(
                    SyncProgressViewData(
                        phase: "日报", done: 50, total: 100, fraction: 0.5, rate: "25 项/秒", remaining: "剩余 0:02",
                        failed: 1, isFinished: false)),
                // A new phase starts its own clock.
                .progress(
                    SyncProgressViewData(
                        phase: "文章", done: 0, total: 10, fraction: 0, rate: "", remaining: "", failed: 0, isFinished: false)),
            ])
    }

    @Test func aCompleteSyncIsOneLineAndNoProblem() async {
        interactor.progressSteps.withLock { $0 = [SyncProgress(phase: .days, done: 1, total: 1, failed: 0)] }
        interactor.summary.withLock {
            $0 = .success(
                SyncSummary(
                    days: march14.adding(days: -2)...march14, daysFetched: 2, daysPresent: 1, detailsFetched: 0,
                    detailsPresent: 0, failures: [], skipped: 0, duration: .milliseconds(1_234)))
        }
        let presenter = SyncPresenter(view: view, interactor: interactor)
        await presenter.didRequestSync(SyncRequest(span: .lastDays(3)))
        guard case .summary(let summary)? = view.events.last else { Issue.record("no summary: \(view.events)"); return }
        #expect(view.events.count == 2, "the progress, then the summary")
        #expect(summary.message == "已同步 2023年3月12日 至 2023年3月14日：新取 2 天，已有 1 天；失败 0；用时 1.2 秒")
        #expect(summary.problem == nil)
        #expect(summary.from == "20230312" && summary.to == "20230314")
        #expect(summary.seconds == 1.234)
    }

    @Test func failuresMakeTheSyncIncompleteWithTheFirstFailuresKind() async {
        let failure = SyncFailure(item: .day(march14.adding(days: -1)), error: SyncError(code: .badResponse, message: "bad"))
        let storyFailure = SyncFailure(item: .story(42), error: SyncError(code: .unavailable, message: "down"))
        interactor.summary.withLock {
            $0 = .success(
                SyncSummary(
                    days: march14.adding(days: -2)...march14, daysFetched: 2, daysPresent: 0, detailsFetched: 3,
                    detailsPresent: 1, failures: [failure, storyFailure], skipped: 5, duration: .seconds(2)))
        }
        let presenter = SyncPresenter(view: view, interactor: interactor, language: .en)
        await presenter.didRequestSync(SyncRequest(span: .lastDays(3), includeDetails: true))
        guard case .summary(let summary)? = view.events.last else { Issue.record("no summary"); return }
        #expect(
            summary.message
                == "Synced Mar 12, 2023 to Mar 14, 2023: 2 days fetched, 0 already present; stories: 3 fetched, 1 already present; 2 failed; 2.0 s"
                + ". Not fetched: 20230313: bad data, story 42: could not be fetched"
        )
        #expect(summary.problem?.kind == .badData)
        #expect(
            summary.problem?.message
                == "Sync incomplete: 2 failed, 5 not tried because the network went away; sync again to resume where it stopped")
        #expect(summary.failedItems == ["20230313: bad data", "story 42: could not be fetched"])
    }

    /// A picture's failure as the engine reports it: an HTTP status, or bytes refused for `refusal`.
    private func picture(_ name: String, status: Int? = nil, refusal: PictureError.Code? = nil) -> SyncFailure {
        let url = "https://pic1.zhimg.com/\(name)"
        var error =
            status.map { RemoteError(code: .httpStatus, url: url, status: $0, message: "HTTP \($0)") }
            ?? RemoteError(code: .badResponse, url: url, message: "refused picture: an English engine message")
        error.pictureRefusal = refusal
        return SyncFailure(item: .picture(url), error: SyncError.wrapping(error))
    }

    @Test func failingPicturesAreCountedAndNamedLastWithTheirReason_andAreNoProblem() async {
        var summary = SyncSummary(
            days: march14...march14, daysFetched: 1, daysPresent: 0, detailsFetched: 2, detailsPresent: 0,
            failures: [
                picture("b.jpg", refusal: .notAPicture),
                SyncFailure(item: .story(42), error: notFound(42)),
                picture("a.jpg", status: 404),
            ], skipped: 0, duration: .seconds(1))
        summary.picturesFetched = 3
        summary.picturesPresent = 1
        summary.picturesDeferred = 2
        let done = summary
        interactor.summary.withLock { $0 = .success(done) }
        await SyncPresenter(view: view, interactor: interactor).didRequestSync(
            SyncRequest(span: .lastDays(1), includeDetails: true, includeImages: true))
        guard case .summary(let shown)? = view.events.last else { Issue.record("no summary"); return }
        #expect(shown.problem == nil, "a picture's failure is not the sync's")
        #expect(shown.notice == "同步已完成；2 张图片未取到，之后的同步会再试")
        #expect(shown.pictures == PicturesSyncViewData(fetched: 3, present: 1, deferred: 2, failed: 2))
        #expect(
            shown.failedItems == [
                "文章 42：来源没有（HTTP 404）", "图片 https://pic1.zhimg.com/b.jpg：收到的不是图片（可能是防盗链页面）",
                "图片 https://pic1.zhimg.com/a.jpg：图片不存在（HTTP 404）",
            ])
        #expect(
            shown.message
                == "已同步 2023年3月14日 至 2023年3月14日：新取 1 天，已有 0 天；文章新取 2 篇，已有 0 篇；失败 0；1 项来源没有（再次同步也取不到）；用时 1.0 秒"
                + "；图片新取 3 张，已有 1 张，2 张失败，2 张最近失败，暂不重试。未取到的有：" + shown.failedItems.joined(separator: "，"))
    }

    @Test func eachPictureReasonIsWordedInTheChosenLanguage_notInTheEnginesWords() async {
        let failures = [
            picture("html.jpg", refusal: .notAPicture), picture("big.gif", refusal: .tooLarge),
            picture("bomb.png", refusal: .tooManyPixels), picture("short.jpg", refusal: .truncated),
            picture("broken.webp", refusal: .badHeader), picture("hotlink.jpg", status: 403), picture("gone.jpg", status: 404),
            picture("down.jpg", status: 503),
            SyncFailure(
                item: .picture("https://pic1.zhimg.com/offline.jpg"), error: SyncError(code: .unavailable, message: "connect refused")),
        ]
        let summary = SyncSummary(
            days: march14...march14, daysFetched: 1, daysPresent: 0, detailsFetched: 0, detailsPresent: 0, failures: failures,
            skipped: 0, duration: .seconds(1))
        interactor.summary.withLock { $0 = .success(summary) }
        let request = SyncRequest(span: .lastDays(1), includeImages: true)
        await SyncPresenter(view: view, interactor: interactor, language: .en).didRequestSync(request)
        guard case .summary(let english)? = view.events.last else { Issue.record("no summary"); return }
        let reasons = english.failedItems.map { String($0.split(separator: ": ", maxSplits: 1)[1]) }
        #expect(
            reasons == [
                "not a picture (likely a web page served in its place)", "too large: over the size cap",
                "too many pixels: over the pixel cap", "the picture was cut short", "a broken picture (bad header)",
                "refused by the picture's host (HTTP 403)", "no such picture (HTTP 404)", "the picture's host failed (HTTP 503)",
                "could not be fetched",
            ])
        #expect(!english.message.contains("refused picture"), "\(english.message)")

        await SyncPresenter(view: view, interactor: interactor, language: .zh).didRequestSync(request)
        guard case .summary(let chinese)? = view.events.last else { Issue.record("no summary"); return }
        #expect(
            chinese.failedItems.map { String($0.split(separator: "：", maxSplits: 1)[1]) } == [
                "收到的不是图片（可能是防盗链页面）", "图片太大，超过大小上限", "像素太多，超过像素上限", "图片不完整", "图片已损坏（文件头有误）",
                "图片服务器拒绝访问（HTTP 403）", "图片不存在（HTTP 404）", "图片服务器出错（HTTP 503）", "无法获取",
            ])
    }

    @Test func storiesTheSourceDoesNotHaveAreNamed_notResumable_andNoProblem() async {
        let missing = (1...5).map { SyncFailure(item: .story(Int64(100 + $0)), error: notFound(Int64(100 + $0))) }
        var summary = SyncSummary(
            days: march14...march14, daysFetched: 1, daysPresent: 0, detailsFetched: 2, detailsPresent: 0,
            failures: missing, skipped: 0, duration: .seconds(1))
        summary.detailsNotAtSource = 7
        let done = summary
        interactor.summary.withLock { $0 = .success(done) }
        await SyncPresenter(view: view, interactor: interactor).didRequestSync(SyncRequest(span: .lastDays(1), includeDetails: true))
        guard case .summary(let shown)? = view.events.last else { Issue.record("no summary"); return }
        #expect(shown.problem == nil, "the sync did all it could: asking again changes nothing")
        #expect(shown.notice == nil)
        #expect(shown.failures == 0, "nothing a new sync would ask again")
        #expect(shown.notAtSource == 5)
        #expect(shown.failedItems.count == 5, "--json lists all")
        #expect(shown.failedItems.first == "文章 101：来源没有（HTTP 404）")
        #expect(
            shown.message
                == "已同步 2023年3月14日 至 2023年3月14日：新取 1 天，已有 0 天；文章新取 2 篇，已有 0 篇；失败 0；5 项来源没有（再次同步也取不到）；用时 1.0 秒"
                + "；7 篇文章来源没有，一个月内不再取"
                + "。未取到的有：文章 101：来源没有（HTTP 404），文章 102：来源没有（HTTP 404），文章 103：来源没有（HTTP 404），另有 2 项（--json 列出全部）")

        // With a failure that can be resumed, only that one is counted as to be resumed.
        let mixed = SyncSummary(
            days: march14...march14, daysFetched: 1, daysPresent: 0, detailsFetched: 2, detailsPresent: 0,
            failures: missing + [SyncFailure(item: .story(7), error: SyncError(code: .unavailable, message: "down"))],
            skipped: 0, duration: .seconds(1))
        interactor.summary.withLock { $0 = .success(mixed) }
        await SyncPresenter(view: view, interactor: interactor).didRequestSync(SyncRequest(span: .lastDays(1), includeDetails: true))
        guard case .summary(let incomplete)? = view.events.last else { Issue.record("no summary"); return }
        #expect(incomplete.problem?.kind == .unavailable)
        #expect(incomplete.problem?.message == "同步未完成：1 项失败；再次同步即可从中断处继续")
        #expect(incomplete.failures == 1, "the summary counts what the line on stderr does")
        #expect(incomplete.message.contains("；失败 1；5 项来源没有（再次同步也取不到）；"), "\(incomplete.message)")
    }

    /// A `file://` copy's missing file, as the engine reports it.
    private func notInCopy(_ path: String) -> SyncError {
        let url = "file:///tmp/api/api/4/" + path
        return SyncError.wrapping(
            RemoteError(
                code: .unreachable, url: url, transportError: TransportError(code: .notFound, url: url, message: "no file"),
                message: "no file"))
    }

    /// A picture whose host could not be reached.
    private func unreachablePicture(_ name: String) -> SyncFailure {
        let url = "https://pic1.zhimg.com/\(name)"
        return SyncFailure(
            item: .picture(url), error: SyncError.wrapping(RemoteError(code: .unreachable, url: url, message: "connect refused")))
    }

    /// The shape of a sync of the real captures laid out as a `file://` copy, offline: the copy
    /// lacks most stories' text and every comment thread, and the picture hosts cannot be reached.
    private func copyOfflineSummary() -> SyncSummary {
        var summary = SyncSummary(
            days: march14.adding(days: -4)...march14, daysFetched: 5, daysPresent: 0, detailsFetched: 0, detailsPresent: 0,
            failures: [
                SyncFailure(item: .story(9_759_059), error: notInCopy("news/9759059")),
                SyncFailure(item: .comments(9_759_059), error: notInCopy("story/9759059/long-comments")),
                unreachablePicture("a.jpg"), unreachablePicture("b.jpg"),
            ], skipped: 0, duration: .seconds(1))
        summary.picturesSkipped = 24
        return summary
    }

    @Test func whatTheCopyLacksAndUnreachablePicturesMakeOneAccount_andNoProblem() async {
        let summary = copyOfflineSummary()
        interactor.summary.withLock { $0 = .success(summary) }
        let request = SyncRequest(span: .since(march14.adding(days: -4)), includeDetails: true, includeComments: true, includeImages: true)
        await SyncPresenter(view: view, interactor: interactor).didRequestSync(request)
        guard case .summary(let chinese)? = view.events.last else { Issue.record("no summary"); return }
        #expect(chinese.problem == nil, "the days and stories did all they could; pictures are extras")
        #expect(chinese.failures == 0)
        #expect(chinese.notAtSource == 2)
        #expect(chinese.skipped == 0)
        #expect(chinese.pictures == PicturesSyncViewData(fetched: 0, present: 0, deferred: 0, failed: 2, skipped: 24))
        #expect(chinese.notice == "同步已完成；26 张图片未取到（2 张失败，24 张因图片服务器无法连接未尝试），之后的同步会再试")
        #expect(
            chinese.message
                == "已同步 2023年3月10日 至 2023年3月14日：新取 5 天，已有 0 天；文章新取 0 篇，已有 0 篇；失败 0；2 项本地副本中没有（再次同步也取不到）；用时 1.0 秒"
                + "；评论新取 0 篇文章共 0 条，已有 0 篇；图片新取 0 张，已有 0 张，2 张失败，24 张因图片服务器无法连接未尝试"
                + "。未取到的有：文章 9759059：本地副本中没有，文章 9759059 的评论：本地副本中没有，图片 https://pic1.zhimg.com/a.jpg：无法获取，另有 1 项（--json 列出全部）")

        await SyncPresenter(view: view, interactor: interactor, language: .en).didRequestSync(request)
        guard case .summary(let english)? = view.events.last else { Issue.record("no summary"); return }
        #expect(english.problem == nil)
        #expect(
            english.notice
                == "Sync complete; 26 pictures were not fetched (2 failed, 24 not tried because their hosts could not be reached); "
                + "a later sync tries again")
        #expect(
            english.message
                == "Synced Mar 10, 2023 to Mar 14, 2023: 5 days fetched, 0 already present; stories: 0 fetched, 0 already present; 0 failed; "
                + "2 not in the local copy (no use syncing again); 1.0 s; comments: 0 fetched from 0 stories, 0 stories already read to the end; "
                + "pictures: 0 fetched, 0 already kept, 2 failed, 24 not tried because their hosts could not be reached. Not fetched: "
                + "story 9759059: not in the local copy, comments of story 9759059: not in the local copy, "
                + "picture https://pic1.zhimg.com/a.jpg: could not be fetched, and 1 more (--json lists all)")
    }

    @Test func anIncompleteSyncSaysItsPicturesToo_inOneLine() async {
        var summary = copyOfflineSummary()
        summary = SyncSummary(
            days: summary.days, daysFetched: 5, daysPresent: 0, detailsFetched: 0, detailsPresent: 0,
            failures: summary.failures + [SyncFailure(item: .story(7), error: SyncError(code: .unavailable, message: "HTTP 503"))],
            skipped: 3, duration: .seconds(1))
        summary.picturesSkipped = 1
        let done = summary
        interactor.summary.withLock { $0 = .success(done) }
        await SyncPresenter(view: view, interactor: interactor, language: .en).didRequestSync(
            SyncRequest(span: .lastDays(5), includeDetails: true, includeImages: true))
        guard case .summary(let shown)? = view.events.last else { Issue.record("no summary"); return }
        #expect(shown.notice == nil, "the problem line says it all")
        #expect(shown.failures == 1 && shown.skipped == 3 && shown.notAtSource == 2)
        #expect(
            shown.problem?.message
                == "Sync incomplete: 1 failed, 3 not tried because the network went away; sync again to resume where it stopped; "
                + "3 pictures were not fetched either")
        #expect(shown.message.contains("; 1 failed; 2 not in the local copy (no use syncing again); "), "\(shown.message)")
    }

    @Test func theSummarySaysWhatWasLeftAloneAndThatTheSourceAskedToSlowDown() async {
        interactor.summary.withLock {
            $0 = .success(
                SyncSummary(
                    days: march14...march14, daysFetched: 1, daysPresent: 0, detailsFetched: 5, detailsPresent: 0,
                    failures: [], skipped: 0, duration: .seconds(1), detailsDeferred: 2,
                    slowedDown: SyncSlowDown(from: 4, to: 1, requests: 3)))
        }
        for (language, text) in [
            (Language.zh, "；2 篇文章最近返回服务器错误，暂不重试；源站要求放慢，同时下载数从 4 降到 1"),
            (.en, "; 2 stories left alone after server errors; the source asked to slow down: 4 → 1 transfers at once"),
        ] {
            await SyncPresenter(view: view, interactor: interactor, language: language)
                .didRequestSync(SyncRequest(span: .lastDays(1), includeDetails: true))
            guard case .summary(let summary)? = view.events.last else { Issue.record("no summary"); return }
            #expect(summary.message.hasSuffix(text), "\(summary.message)")
            #expect(summary.detailsDeferred == 2)
            #expect(summary.slowedDown == SlowDownViewData(from: 4, to: 1, requests: 3))
            #expect(summary.problem == nil, "left alone is not a failure")
        }
    }

    @Test func aSyncWithCommentsCountsThemAndAFailedThreadIsNamed() async {
        var summary = SyncSummary(
            days: march14...march14, daysFetched: 1, daysPresent: 0, detailsFetched: 5, detailsPresent: 0,
            failures: [SyncFailure(item: .comments(9_759_306), error: SyncError(code: .unavailable, message: "HTTP 500"))],
            skipped: 0, duration: .seconds(1))
        summary.commentStoriesFetched = 4
        summary.commentStoriesPresent = 2
        summary.commentsFetched = 87
        let done = summary
        interactor.summary.withLock { $0 = .success(done) }
        for (language, text, failed) in [
            (Language.zh, "；评论新取 4 篇文章共 87 条，已有 2 篇。未取到的有：文章 9759306 的评论：无法获取", "文章 9759306 的评论：无法获取"),
            (
                .en,
                "; comments: 87 fetched from 4 stories, 2 stories already read to the end. Not fetched: comments of story 9759306: could not be fetched",
                "comments of story 9759306: could not be fetched"
            ),
        ] {
            await SyncPresenter(view: view, interactor: interactor, language: language)
                .didRequestSync(SyncRequest(span: .lastDays(1), includeDetails: true, includeComments: true))
            guard case .summary(let shown)? = view.events.last else { Issue.record("no summary"); return }
            #expect(shown.message.hasSuffix(text), "\(shown.message)")
            #expect(shown.comments == CommentsSyncViewData(storiesFetched: 4, storiesPresent: 2, comments: 87))
            #expect(shown.failedItems == [failed])
        }
        await SyncPresenter(view: view, interactor: interactor, language: .zh)
            .didRequestSync(SyncRequest(span: .lastDays(1), includeDetails: true))
        guard case .summary(let without)? = view.events.last else { Issue.record("no summary"); return }
        #expect(without.comments == nil && !without.message.contains("评论新取"), "not asked, not said")
    }

    @Test func aSyncThatCannotStartIsAnError() async {
        let presenter = SyncPresenter(view: view, interactor: interactor)
        await presenter.didRequestSync(SyncRequest(span: .lastDays(3)))
        guard case .error(let error)? = view.events.last else { Issue.record("no error"); return }
        #expect(error.kind == .unavailable)
    }

    @Test func theScreenIsFreedWithItsPresenter() async {
        weak var weakPresenter: SyncPresenter?
        do {
            let presenter = SyncPresenter(view: view, interactor: interactor)
            await presenter.didRequestSync(SyncRequest(span: .lastDays(3)))
            weakPresenter = presenter
        }
        #expect(weakPresenter == nil)
    }
}
