import ArgumentParser
import Glibc

// FoundationEssentials, not Foundation: linking full Foundation (ICU) into newsctl slows every
// cold `latest --offline` (bench/latest-offline.py; bench/RESULTS.md).
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `newsctl picture FILE`: one picture file drawn as `show` will draw a story's pictures. Hidden:
/// it is the drawing half's proof and debugging aid (the xterm VT340 test runs it) until `show`
/// and the reader draw from the archive.
struct DrawPicture: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "picture",
        abstract: "Draw a JPEG, PNG, GIF or WebP file in the terminal (a debugging aid).",
        shouldDisplay: false)

    @Argument(help: "The picture file.")
    var file: String

    @Option(help: "auto, kitty, iterm, sixel, symbols or none.")
    var graphics: GraphicsMode = .auto

    @Option(help: "Width in cells (default: the terminal's).")
    var width: Int?

    func run() throws {
        let output = Output()
        guard let data = FileManager.default.contents(atPath: file) else {
            output.err("newsctl: cannot read \(file)\n")
            throw ExitCode(ExitStatus.ioError)
        }
        let terminal = GraphicsMode.Terminal.current(ProcessInfo.processInfo.environment, isTerminal: isatty(STDOUT_FILENO) == 1)
        guard let pictureProtocol = graphics.resolve(terminal, hasSixels: GraphicsMode.askTerminalForSixels) else { return }
        let columns = width ?? Terminal.detect(noColor: false).width
        guard columns > 0 else { throw ValidationError("--width must be at least 1, not \(columns)") }
        do {
            let picture = try PictureDecoder().decode(Array(data))
            let renderer = PictureRenderer(
                pictureProtocol: pictureProtocol, cell: CellSize.reported(by: STDOUT_FILENO) ?? .fallback)
            let rendered = try renderer.render(picture, columns: columns)
            output.out(rendered.text.joined(separator: "\n") + "\n")
        } catch {
            output.err("newsctl: \(file): \(error)\n")
            throw ExitCode(error.installHint == nil ? ExitStatus.badData : ExitStatus.unavailable)
        }
    }
}

extension GraphicsMode: ExpressibleByArgument {}
