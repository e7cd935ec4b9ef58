import NewsFeature
import SyncEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// Writes the site as files (`newsctl export --site DIR`): the pages reachable from home within
/// the window (and the favourites' and columns' stories), the pictures they show, `feed.atom` and `style.css`. A file whose bytes are
/// already there is left alone; a changed one is written beside it and renamed over it, so a kill
/// leaves no half file.
public struct SiteExport: Sendable {
    /// What an export did.
    public struct Outcome: Sendable, Equatable {
        /// The site's paths written (new or changed).
        public var written: [String] = []
        /// The paths whose files were already the same.
        public var unchanged: [String] = []
    }

    /// A file could not be written.
    public struct Failure: Error, Sendable {
        /// The file.
        public let path: String
        /// What the system said.
        public let reason: String
        /// The folder or file could not be made at all (no such folder, no permission), rather
        /// than written.
        public let cannotCreate: Bool
    }

    let site: ArchiveSite
    let folder: String

    /// An export of `site` (made with `isStatic` and the window's `firstDay`) into `folder`.
    public init(site: ArchiveSite, folder: String) {
        self.site = site
        self.folder = folder
    }

    /// The oldest day a copy links to: `days` back from the newest day the archive holds, or
    /// `since`; never before the archive's first day.
    public static func firstDay(_ engine: SyncEngine, days: Int, since: Day?) async -> Day? {
        guard let coverage = (try? await engine.status())?.coverage, let first = coverage.first, let last = coverage.last else {
            return since
        }
        return max(since ?? last.adding(days: -(days - 1)), first)
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? CocoaError, let underlying = error.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return (error as? CocoaError)?.code == .fileWriteNoPermission ? String(cString: strerror(EACCES)) : "\(error.localizedDescription)"
    }

    /// Walks the site from home and writes what it finds.
    public func run() async throws(Failure) -> Outcome {
        removeLeftovers()
        var outcome = Outcome()
        var queue = ["/index.html", "/style.css", "/favicon.svg", "/feed.atom", "/sections.html", "/favorites.html", "/status.html"]
        var seen = Set(queue)
        while !queue.isEmpty {
            let path = queue.removeFirst()
            let response = await site.respond(to: WebRequest(path: path))
            // Only what the archive has: a page the archive cannot fill (a story without its
            // text, comments or a day not kept) is not written, and the copy's pages link to
            // none (`ArchiveSite.Options.isStatic`); a picture only when it is there.
            guard response.status == 200 else { continue }
            try write(response.body, to: path, outcome: &outcome)
            guard response.contentType.hasPrefix("text/html") else { continue }
            // Every link is followed, so none in the copy is broken: the window bounds the days
            // (the pages link no day before it); favourites and columns bring their stories.
            for link in Self.links(in: response.body, from: path) where !seen.contains(link) {
                seen.insert(link)
                queue.append(link)
            }
        }
        return outcome
    }

    /// The site's paths a page links to (`href` and `src`), resolved against the page's path;
    /// addresses elsewhere, queries and fragments are left out.
    static func links(in html: [UInt8], from page: String) -> [String] {
        let text = String(decoding: html, as: UTF8.self)
        var found: [String] = []
        for marker in [" href=\"", " src=\""] {
            var rest = text[...]
            while let start = rest.range(of: marker) {
                rest = rest[start.upperBound...]
                guard let end = rest.firstIndex(of: "\"") else { break }
                let value = String(rest[..<end])
                rest = rest[end...]
                guard !value.contains(":"), !value.contains("?"), !value.contains("#"), !value.isEmpty else { continue }
                if let resolved = resolve(value, from: page) { found.append(resolved) }
            }
        }
        return found
    }

    static func resolve(_ link: String, from page: String) -> String? {
        var parts = page.split(separator: "/").dropLast().map(String.init)
        for part in link.split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case "..": if parts.popLast() == nil { return nil }
            case ".", "": continue
            default: parts.append(String(part))
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The files an export killed between writing and renaming left behind.
    private func removeLeftovers() {
        let manager = FileManager.default
        for name in manager.enumerator(atPath: folder)?.compactMap({ $0 as? String }) ?? []
        where name.split(separator: "/").last?.hasPrefix(".newsctl-export-") == true {
            try? manager.removeItem(atPath: folder + "/" + name)
        }
    }

    private func write(_ bytes: [UInt8], to path: String, outcome: inout Outcome) throws(Failure) {
        let file = folder + path
        let manager = FileManager.default
        if let existing = manager.contents(atPath: file), existing.elementsEqual(bytes) {
            outcome.unchanged.append(path)
            return
        }
        let directory = String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)])
        do {
            try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw Failure(path: directory, reason: Self.reason(error), cannotCreate: true)
        }
        let temporary = directory + "/.newsctl-export-\(UInt64.random(in: 0...UInt64.max)).tmp"
        guard manager.createFile(atPath: temporary, contents: Data(bytes)) else {
            let denied = access(directory, W_OK) != 0
            throw Failure(path: file, reason: String(cString: strerror(denied ? EACCES : EIO)), cannotCreate: denied)
        }
        if rename(temporary, file) != 0 {
            let reason = String(cString: strerror(errno))
            try? manager.removeItem(atPath: temporary)
            throw Failure(path: file, reason: reason, cannotCreate: false)
        }
        outcome.written.append(path)
    }
}
