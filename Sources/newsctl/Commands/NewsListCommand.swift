import Logging
import NewsFeature
import SyncEngine
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Composes the news list screen for the terminal and runs it to an exit status.
@MainActor
enum NewsListCommand {
    static func run(_ start: NewsListPresenter.Start, settings: Settings) async -> Int32 {
        let output = Output()
        let errorLine = ErrorLine(output: output, verbose: settings.verbose)
        let engine: SyncEngine
        // Offline, a list only reads: the archive need not be opened for writing.
        switch Archive.open(settings, errorLine: errorLine, use: .showsNetwork, onlyReads: settings.mode == .offline) {
        case .success(let opened): engine = opened
        case .failure(let failure): return failure.status
        }

        let view = NewsListTerminalView(
            output: output, terminal: Terminal.detect(noColor: settings.noColor), errorLine: errorLine,
            loadingText: settings.language == .zh ? "加载中…" : "Loading…", json: settings.json,
            includesTopStories: start == .latest)
        let presenter = NewsListPresenter(
            view: view, interactor: DefaultNewsListInteractor(engine: engine, mode: settings.mode),
            navigator: TerminalNavigator(output: output), start: start, language: settings.language)
        await presenter.viewDidLoad()
        return view.exitStatus
    }
}

/// A view that ends a command with an exit status.
@MainActor
protocol CommandView: AnyObject {
    var exitStatus: Int32 { get }
}

/// Selecting a story in a terminal prints where to read it.
@MainActor
final class TerminalNavigator: Navigator {
    private let output: Output

    init(output: Output) {
        self.output = output
    }

    /// A terminal cannot open a screen in place: it says the command that does.
    func showStory(id: Int64) {
        output.out("newsctl show \(id)\n")
    }
}
