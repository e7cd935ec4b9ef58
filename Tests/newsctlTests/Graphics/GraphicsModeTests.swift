import Foundation
import Glibc
import SyncEngine
import Testing
import TestSupport

@testable import newsctl

/// `--graphics auto`: which protocol a terminal gets, from its environment and its answer.
@Suite struct GraphicsModeTests {
    private func terminal(term: String? = "xterm-256color", program: String? = nil, kitty: String? = nil, tty: Bool = true)
        -> GraphicsMode.Terminal
    {
        GraphicsMode.Terminal(isTerminal: tty, term: term, termProgram: program, kittyWindowID: kitty)
    }

    @Test func autoFollowsTheTerminal() {
        let sixels = { true }, none = { false }
        #expect(GraphicsMode.auto.resolve(terminal(term: "xterm-kitty"), hasSixels: sixels) == .kitty)
        #expect(GraphicsMode.auto.resolve(terminal(kitty: "1"), hasSixels: sixels) == .kitty)
        #expect(GraphicsMode.auto.resolve(terminal(program: "iTerm.app"), hasSixels: sixels) == .iterm)
        #expect(GraphicsMode.auto.resolve(terminal(program: "WezTerm"), hasSixels: sixels) == .iterm)
        #expect(GraphicsMode.auto.resolve(terminal(term: "xterm", program: "Apple_Terminal"), hasSixels: sixels) == .sixel)
        #expect(GraphicsMode.auto.resolve(terminal(), hasSixels: none) == .symbols)
        #expect(GraphicsMode.auto.resolve(terminal(term: nil), hasSixels: none) == .symbols)
    }

    /// Piped output draws nothing and asks the terminal nothing (the question would land in the pipe).
    @Test func autoOffATerminalDrawsNothingAndAsksNothing() {
        var asked = false
        let mode = GraphicsMode.auto.resolve(terminal(term: "xterm-kitty", tty: false)) {
            asked = true
            return true
        }
        #expect(mode == nil)
        #expect(!asked)
    }

    @Test func aNamedModeIsObeyed() {
        for (mode, expected) in [(GraphicsMode.kitty, PictureProtocol.kitty), (.iterm, .iterm), (.sixel, .sixel), (.symbols, .symbols)] {
            #expect(mode.resolve(terminal(tty: false), hasSixels: { false }) == expected)
        }
        #expect(GraphicsMode.none.resolve(terminal(term: "xterm-kitty"), hasSixels: { true }) == nil)
    }

    @Test func deviceAttributesAreParsed() {
        func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
        #expect(SixelQuery.attributes(bytes("\u{1B}[?63;1;2;4;6;9;15;22c")) == [63, 1, 2, 4, 6, 9, 15, 22])
        #expect(SixelQuery.attributes(bytes("jk\u{1B}[?62;4c")) == [62, 4])  // keys typed before the answer
        #expect(SixelQuery.attributes(bytes("\u{1B}[?1;2c")) == [1, 2])
        #expect(SixelQuery.attributes(bytes("\u{1B}[?1;2")) == nil)
        #expect(SixelQuery.attributes(bytes("\u{1B}[?6x;4c")) == nil)
        #expect(SixelQuery.attributes(bytes("")) == nil)
    }
}

/// The question asked of a real pseudo-terminal, with this test playing the terminal.
@Suite struct SixelQueryTerminalTests {
    /// A pseudo-terminal pair: the controller (the terminal's side) and the device newsctl would have.
    private final class PseudoTerminal: Sendable {
        let controller: Int32
        let device: Int32
        init() throws {
            // libc's pseudo-terminal calls, which Swift's Glibc module does not import.
            typealias Open = @convention(c) (Int32) -> Int32
            typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
            let process = dlopen(nil, RTLD_NOW)
            func function<T>(_ name: String, _ type: T.Type) throws -> T {
                guard let address = dlsym(process, name) else { throw POSIXError(.ENOSYS) }
                return unsafeBitCast(address, to: type)
            }
            let (openController, grant, unlock) = try (
                function("posix_openpt", Open.self), function("grantpt", Open.self), function("unlockpt", Open.self)
            )
            controller = openController(O_RDWR | O_NOCTTY)
            guard controller >= 0, grant(controller) == 0, unlock(controller) == 0,
                let name = try function("ptsname", Name.self)(controller)
            else { throw POSIXError(.ENXIO) }
            device = open(name, O_RDWR | O_NOCTTY)
            guard device >= 0 else { throw POSIXError(.ENXIO) }
        }
        deinit {
            close(device)
            close(controller)
        }

        /// Reads what newsctl wrote, until `expected` came or 5 s passed.
        func readQuery(_ expected: [UInt8]) -> [UInt8] {
            var seen: [UInt8] = []
            let started = ContinuousClock.now
            while !seen.starts(with: expected), ContinuousClock.now - started < TimeBound.within(.seconds(5)) {
                var poller = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 100) > 0 else { continue }
                var buffer = [UInt8](repeating: 0, count: 64)
                let count = read(controller, &buffer, buffer.count)
                if count > 0 { seen += buffer[0..<count] }
            }
            return seen
        }
    }

    private func modes(_ descriptor: Int32) -> (tcflag_t, tcflag_t) {
        var settings = termios()
        tcgetattr(descriptor, &settings)
        return (settings.c_lflag, settings.c_iflag)
    }

    /// Asks on a background thread while the test answers as `answer` would; the result and the
    /// query seen.
    private func ask(answering answer: String?, timeout: Int32) throws -> (hasSixels: Bool, query: [UInt8], restored: Bool) {
        let pty = try PseudoTerminal()
        let before = modes(pty.device)
        let result = Locked<Bool?>(nil)
        let thread = Thread { result.withLock { $0 = SixelQuery.terminalHasSixels(pty.device, timeoutMilliseconds: timeout) } }
        thread.start()
        let query = pty.readQuery(Array("\u{1B}[c".utf8))
        if let answer { _ = write(pty.controller, answer, answer.utf8.count) }
        let started = ContinuousClock.now
        while result.withLock({ $0 }) == nil, ContinuousClock.now - started < TimeBound.within(.seconds(10)) { usleep(10_000) }
        let after = modes(pty.device)
        return (result.withLock { $0 } ?? false, query, before == after)
    }

    @Test func aTerminalWithSixelsSaysSo() throws {
        let asked = try ask(answering: "\u{1B}[?63;1;2;4;6;9;15;22c", timeout: 5000)
        #expect(asked.query == Array("\u{1B}[c".utf8))
        #expect(asked.hasSixels)
        #expect(asked.restored, "the terminal's modes were not restored")
    }

    @Test func aTerminalWithoutSixelsOrSilentIsNotAsked() throws {
        let without = try ask(answering: "\u{1B}[?1;2c", timeout: 5000)
        #expect(!without.hasSixels && without.restored)
        let started = ContinuousClock.now
        let silent = try ask(answering: nil, timeout: 200)
        #expect(!silent.hasSixels && silent.restored)
        #expect(ContinuousClock.now - started < TimeBound.within(.milliseconds(200)))
    }

    @Test func notATerminalIsAnsweredAtOnce() throws {
        var pipeEnds: [Int32] = [0, 0]
        try #require(pipe(&pipeEnds) == 0)
        defer { close(pipeEnds[0]); close(pipeEnds[1]) }
        #expect(!SixelQuery.terminalHasSixels(pipeEnds[1], timeoutMilliseconds: 5000))
    }
}
