import NewsFeature
import SyncEngine
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The reader: a stack of screens on the terminal, keys in, frames out. It implements the
/// `Navigator` the presenters navigate through.
@MainActor
final class ReaderApp: Navigator {
    let engine: SyncEngine
    let settings: Settings
    let words: ReaderStrings
    private let session = TerminalSession()
    private let writer = FrameWriter()
    /// Colour allowed (not `--no-color`, no `NO_COLOR`).
    let color: Bool
    private var stack: [any ReaderScreen] = []
    private var showsHelp = false
    private var exitStatus: Int32?
    private var size = TerminalSession.size()
    /// The terminal's width in columns, as last read.
    var columns: Int { size.columns }
    private var needsDisplay = false
    private var spinner: Task<Void, Never>?
    private var spinnerFrame = 0
    /// A notice of the reader's own (a link shown), cleared by the next key.
    private var notice: Row?
    /// How a story's pictures are drawn (`--graphics`); nil draws none.
    var pictureRenderer: PictureRenderer?
    /// The pictures drawn in this session, shared by every story screen.
    let drawnPictures = DrawnPictures()
    /// `p` hides a story's pictures and shows them again, in every story until pressed again.
    var showsPictures = true

    init(engine: SyncEngine, settings: Settings) {
        self.engine = engine
        self.settings = settings
        self.words = ReaderStrings(language: settings.language)
        self.color = !settings.noColor && (Environment.value("NO_COLOR") ?? "").isEmpty
    }

    /// Runs until the user quits, the terminal goes or the command is cancelled (a signal);
    /// the terminal is given back on every one of those ways out.
    func run() async -> Int32 {
        let events = ReaderEvents.stream()
        session.enter()
        defer {
            // Every screen closed and let go, and the spinner stopped, so that nothing the reader
            // started outlives it (see `ReaderCommand.run`).
            for screen in stack.reversed() { screen.close() }
            stack.removeAll()
            spinner?.cancel()
            spinner = nil
            session.leave()
        }
        push(HomeScreen(app: self))
        draw()
        for await event in events {
            switch event {
            case .keys(let keys):
                for key in keys where exitStatus == nil { handle(key) }
            case .resized:
                size = TerminalSession.size()
                writer.invalidate()
            case .resumed:
                session.enter()
                size = TerminalSession.size()
                writer.invalidate()
            case .hangUp:
                exitStatus = 128 + SIGHUP
            }
            if let exitStatus { return exitStatus }
            draw()
        }
        // The stream ends when the command is cancelled (Ctrl-C from outside, SIGTERM, SIGHUP).
        return Interrupt.exitStatus
    }

    // MARK: Navigation

    func showStory(id: Int64) {
        push(StoryScreen(app: self, storyID: id))
    }

    func showStory(id: Int64, preview: StoryPreview) {
        push(StoryScreen(app: self, storyID: id, preview: preview))
    }

    func showComments(story: StoryContext) {
        push(CommentsScreen(app: self, story: story))
    }

    func showImages(storyID: Int64, images: [ImageViewData]) {
        push(ImageListScreen(app: self, images: images))
    }

    func push(_ screen: any ReaderScreen) {
        stack.append(screen)
        screen.start()
        setNeedsDisplay()
    }

    private func pop() {
        guard stack.count > 1 else {
            exitStatus = 0
            return
        }
        stack.removeLast().close()
        stack.last?.willAppear()
    }

    // MARK: Keys

    private func handle(_ key: Key) {
        notice = nil
        if showsHelp {
            showsHelp = false
            return
        }
        switch key {
        case .control("c"):
            exitStatus = 128 + SIGINT
            return
        case .control("z"):
            suspend()
            return
        case .control("l"):
            size = TerminalSession.size()
            writer.invalidate()
            return
        default:
            break
        }
        guard let screen = stack.last else { return }
        if screen.handle(key) { return }
        if screen.capturesText, case .character = key { return }
        switch key {
        case .character("q"), .escape, .character("h"), .left:
            pop()
        case .character("?"):
            showsHelp = true
        case .character("F"):
            if !(screen is FavoritesScreen) { push(FavoritesScreen(app: self)) }
        case .character("s"):
            if !(screen is SectionListScreen) { push(SectionListScreen(app: self)) }
        case .character("/"):
            if !(screen is SearchScreen) { push(SearchScreen(app: self)) }
        case .character("c"):
            if let id = screen.selectedStoryID { showComments(story: StoryContext(storyID: id, title: screen.selectedStoryTitle)) }
        case .character("i"):
            // Images are a story's: a list says where to find them rather than nothing.
            if screen.selectedStoryID != nil { notice = Row(words.imagesAreAStorys, .bold) }
        default:
            break
        }
    }

    /// Ctrl-Z: the terminal back to the shell, then stop; SIGCONT (`fg`) brings `.resumed`.
    private func suspend() {
        session.leave()
        signal(SIGTSTP, SIG_DFL)
        kill(getpid(), SIGTSTP)
    }

    /// Shows a link in the message line and opens it with `xdg-open` where there is one, in
    /// the background, with its output thrown away so it cannot draw over the reader.
    func open(_ url: String) {
        notice = Row(words.link(url), .bold)
        Launcher.openInBackground(url)
        setNeedsDisplay()
    }

    // MARK: Drawing

    /// Draws soon: many changes in one turn make one frame.
    func setNeedsDisplay() {
        updateSpinner()
        guard !needsDisplay else { return }
        needsDisplay = true
        Task { @MainActor in self.draw() }
    }

    private func updateSpinner() {
        let busy = stack.last?.isBusy ?? false
        if busy, spinner == nil {
            spinner = Task { @MainActor [weak self] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(120))
                    guard let self, !Task.isCancelled else { return }
                    self.spinnerFrame += 1
                    self.draw()
                }
            }
        } else if !busy, let running = spinner {
            running.cancel()
            spinner = nil
        }
    }

    private func draw() {
        needsDisplay = false
        guard session.isActive, let screen = stack.last else { return }
        updateSpinner()
        let columns = size.columns
        let rows = size.rows
        guard columns >= 40, rows >= 10 else {
            let message = TerminalText.wrap(words.tooSmall(columns: columns, rows: rows), width: columns).map { Row($0, .bold) }
            let frame = Array(message.prefix(rows)) + Array(repeating: Row(), count: max(0, rows - message.count))
            writer.draw(frame, columns: columns, color: color)
            return
        }
        // The help covers the screen whole: no error or notice line over it.
        let message = showsHelp ? nil : notice ?? screen.message
        let bodyRows = rows - 2 - (message == nil ? 0 : 1)
        var body = showsHelp ? helpRows(columns: columns) : screen.body(columns: columns, rows: bodyRows)
        body = Array(body.prefix(bodyRows))
        body += Array(repeating: Row(), count: bodyRows - body.count)
        // The top bar after the body: laying the body out moves the cursor the bar names.
        var frame: [Row] = [topBar(screen, columns: columns)]
        frame += body
        if let message { frame.append(message.keepingLastSpan(within: columns)) }
        frame.append(statusLine(screen, columns: columns))
        writer.draw(frame, columns: columns, color: color)
    }

    private func topBar(_ screen: any ReaderScreen, columns: Int) -> Row {
        var home = words.appName
        if stack.count == 1, let day = screen.subtitle, !day.isEmpty { home += " · " + day }
        // Cut to leave the help hint room: a long story title in the comments' name.
        let room = columns - TerminalText.width(of: words.helpHint) - 1
        let names = TerminalText.truncate(([home] + stack.dropFirst().map(\.title)).joined(separator: " › "), width: room)
        let gap = max(1, columns - TerminalText.width(of: names) - TerminalText.width(of: words.helpHint))
        return Row(names, .bold).appending(String(repeating: " ", count: gap)).appending(words.helpHint, .dim)
    }

    private func statusLine(_ screen: any ReaderScreen, columns: Int) -> Row {
        let status = screen.status
        let spin = screen.isBusy ? String(Array("-\\|/")[spinnerFrame % 4]) + " " : ""
        let left = spin + status.text
        let gap = max(1, columns - TerminalText.width(of: left) - TerminalText.width(of: status.position))
        return Row(spin).appending(status.text, status.isStale ? .yellow : .green)
            .appending(String(repeating: " ", count: gap)).appending(status.position, .dim)
    }

    /// The key table; a meaning wider than the screen wraps under itself, never cut.
    private func helpRows(columns: Int) -> [Row] {
        let keyWidth = words.keys.map { TerminalText.width(of: $0.0) }.max() ?? 0
        let indent = String(repeating: " ", count: keyWidth + 5)
        return [Row(words.keysTitle, .bold), Row()]
            + words.keys.flatMap { keys, meaning in
                let lines = TerminalText.wrap(meaning, width: columns - indent.count)
                let first = Row("  " + keys, .bold)
                    .appending(String(repeating: " ", count: keyWidth - TerminalText.width(of: keys) + 3) + lines[0])
                return [first] + lines.dropFirst().map { Row(indent + $0) }
            }
    }
}
