import Foundation
import Testing
import TestSupport

extension ProcessTests {
    /// A real sixel terminal: xterm as a VT340 on a virtual X screen (Xvfb). newsctl, left to
    /// choose (`--graphics auto`), asks xterm for its attributes, draws the quadrant picture as
    /// sixels, and a screenshot (ImageMagick's `import`) shows its four colours where they belong.
    @Suite(.enabled(if: XtermScreen.isAvailable && GraphicsLibraries.all, Comment(rawValue: XtermScreen.missing)))
    struct XtermSixelTests {
        @Test func autoDrawsSixelsInAVT340AndTheScreenShowsThePicture() async throws {
            let folder = try Fixtures.temporaryFolder()
            let screen = try XtermScreen(folder: folder)
            let log = folder + "/xterm.log", marker = folder + "/drawn"
            let command = [
                NewsctlProcess.binary, "picture", Fixtures.picturesFolder + "/quadrants.png", "--graphics", "auto", "--width", "20",
            ]
            let xterm = try screen.run(command, log: log, marker: marker)
            defer { XtermScreen.stop(xterm) }
            try await screen.waitFor(marker)
            try await Task.sleep(for: .milliseconds(500))  // xterm paints what it read
            let shot = try screen.screenshot()

            // What newsctl sent: the Primary Device Attributes question, then a sixel picture.
            let sent = try String(decoding: Data(contentsOf: URL(fileURLWithPath: log)), as: UTF8.self)
            #expect(sent.hasPrefix("\u{1B}[c"), "no attributes query: \(sent.prefix(20).debugDescription)")
            #expect(sent.contains("\u{1B}P0;1;0q\""), "no sixels: \(sent.prefix(40).debugDescription)")

            // What xterm shows: each quadrant's colour, many pixels of it, in its place.
            var centres: [String: (x: Double, y: Double)] = [:]
            for (name, colour) in [("red", [255, 0, 0]), ("green", [0, 255, 0]), ("blue", [0, 0, 255]), ("yellow", [255, 255, 0])] {
                let points = shot.points(of: colour)
                #expect(points.count >= 400, "\(points.count) \(name) pixels on screen")
                guard !points.isEmpty else { continue }
                let count = Double(points.count)
                centres[name] = (points.map { Double($0.x) }.reduce(0, +) / count, points.map { Double($0.y) }.reduce(0, +) / count)
            }
            guard let red = centres["red"], let green = centres["green"], let blue = centres["blue"], let yellow = centres["yellow"]
            else { return }
            #expect(red.x < green.x && blue.x < yellow.x, "left and right: \(centres)")
            #expect(red.y < blue.y && green.y < yellow.y, "top and bottom: \(centres)")
        }
    }
}

/// Xvfb with one xterm, started and stopped by the test (by their own process ids).
final class XtermScreen {
    static let tools = ["xterm": "/usr/bin/xterm", "Xvfb": "/usr/bin/Xvfb", "import": "/usr/bin/import"]
    static var isAvailable: Bool { tools.values.allSatisfy { FileManager.default.isExecutableFile(atPath: $0) } }
    static let missing = "needs xterm, xvfb, imagemagick and the picture libraries (scripts/setup --tests)"

    let display: String
    private let server: Process
    private let folder: String

    init(folder: String) throws {
        self.folder = folder
        // A display number no other X server holds (the lock file and socket say which are taken).
        let free = (90..<190).first { number in
            !FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock")
                && !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
        }
        guard let number = free else { throw POSIXError(.EBUSY) }
        display = ":\(number)"
        server = Process()
        server.executableURL = URL(fileURLWithPath: Self.tools["Xvfb"] ?? "")
        server.arguments = [display, "-screen", "0", "640x400x24", "-nolisten", "tcp"]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        let started = ContinuousClock.now
        while !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)"), server.isRunning,
            ContinuousClock.now - started < TimeBound.process(.seconds(5))
        {
            usleep(50_000)
        }
    }

    deinit {
        Self.stop(server)
    }

    /// SIGKILL, not `terminate()`'s SIGTERM: the test runner's threads block SIGTERM, and the
    /// processes it starts inherit that mask, so Xvfb would never see it.
    static func stop(_ process: Process) {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Starts xterm as a VT340 running `command`, logging what it reads to `log`; `marker` is
    /// created when the command has finished (xterm stays open to be looked at).
    func run(_ command: [String], log: String, marker: String) throws -> Process {
        let quoted = command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let xterm = Process()
        xterm.executableURL = URL(fileURLWithPath: Self.tools["xterm"] ?? "")
        xterm.arguments = [
            "-geometry", "80x24+0+0", "-ti", "vt340", "-xrm", "XTerm*decTerminalID: vt340",
            "-xrm", "XTerm*numColorRegisters: 256", "-l", "-lf", log,
            "-e", "sh", "-c", "\(quoted); touch '\(marker)'; sleep 60",
        ]
        xterm.environment = ["DISPLAY": display, "PATH": "/usr/bin:/bin", "HOME": folder]
        xterm.standardOutput = FileHandle.nullDevice
        xterm.standardError = FileHandle.nullDevice
        try xterm.run()
        return xterm
    }

    func waitFor(_ path: String) async throws {
        let started = ContinuousClock.now
        while !FileManager.default.fileExists(atPath: path) {
            guard ContinuousClock.now - started < TimeBound.process(.seconds(5)) else {
                throw POSIXError(.ETIMEDOUT)
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// The whole screen, read back through ImageMagick as a binary PPM.
    func screenshot() throws -> Screenshot {
        let path = folder + "/screen.ppm"
        let grab = Process()
        grab.executableURL = URL(fileURLWithPath: Self.tools["import"] ?? "")
        grab.arguments = ["-display", display, "-window", "root", "-depth", "8", "ppm:" + path]
        try grab.run()
        grab.waitUntilExit()
        return try Screenshot(Array(Data(contentsOf: URL(fileURLWithPath: path))))
    }
}

/// A binary PPM (`P6 <width> <height> 255`, then RGB bytes).
struct Screenshot {
    let width: Int
    let height: Int
    let rgb: [UInt8]

    init(_ bytes: [UInt8]) throws {
        var fields: [String] = []
        var index = 0
        while fields.count < 4, index < bytes.count {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
            let start = index
            while index < bytes.count, ![0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
            fields.append(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        guard fields.count == 4, fields[0] == "P6", let width = Int(fields[1]), let height = Int(fields[2]), fields[3] == "255",
            bytes.count >= index + 1 + width * height * 3
        else { throw POSIXError(.EINVAL) }
        self.width = width
        self.height = height
        rgb = Array(bytes[(index + 1)...])
    }

    /// Every pixel of exactly `colour`.
    func points(of colour: [Int]) -> [(x: Int, y: Int)] {
        var found: [(x: Int, y: Int)] = []
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 3
                if Int(rgb[offset]) == colour[0], Int(rgb[offset + 1]) == colour[1], Int(rgb[offset + 2]) == colour[2] {
                    found.append((x, y))
                }
            }
        }
        return found
    }
}
