import ArgumentParser
import NewsFeature
import NewsWeb
import SyncEngine

#if canImport(Glibc)
    import Glibc
#endif

/// `newsctl export --epub FILE …`, its options checked by newsctl: the path checked against what
/// it would replace, the days resolved against the archive, then the book written.
struct WriteEdition: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "epub")

    @Option(help: "The book's file.") var path: String
    @Option(help: "The newest N days the archive holds.") var days: Int?
    @Option(help: "The first day, yyyyMMdd.") var since: String?
    @Option(help: "The last day, yyyyMMdd (default: the newest the archive holds).") var until: String?
    @Option(help: "A section's id.") var section: Int64?
    @Flag(help: "The favourites.") var favorites = false
    @Flag(help: "Each story's comments.") var comments = false
    @Flag(name: .customLong("no-pictures"), help: "No pictures inside.") var noPictures = false
    @OptionGroup var resolved: Resolved

    func run() async throws {
        let wording = WebStrings(language: resolved.language)
        let target: String
        switch BookTarget.check(path, archive: resolved.db) {
        case .success(let checked): target = checked
        case .failure(let problem):
            errorLine("newsctl: " + problem.message(wording))
            throw ExitCode(64)
        }
        guard let engine = resolved.open() else { throw ExitCode(74) }
        guard let scope = await scope(engine) else {
            errorLine("newsctl: " + wording.editionEmpty)
            throw ExitCode(69)
        }
        let edition = Edition(scope: scope, comments: comments, pictures: !noPictures, language: resolved.language)
        do throws(EditionExport.Failure) {
            let outcome = try await EditionExport(engine: engine, edition: edition).write(to: target)
            if resolved.json {
                print(
                    "{\"path\":\(jsonString(path)),\"days\":\(outcome.days.map(String.init) ?? "null"),\"stories\":\(outcome.stories),"
                        + "\"without_text\":\(outcome.withoutText),\"pictures\":\(outcome.pictures),"
                        + "\"missing_pictures\":\(outcome.missingPictures),\"left_out_pictures\":\(outcome.leftOutPictures),"
                        + "\"comments\":\(outcome.comments.map(String.init) ?? "null")}")
            } else {
                print(
                    wording.editionSummary(
                        path: path, days: outcome.days, stories: outcome.stories, withoutText: outcome.withoutText,
                        pictures: outcome.pictures, missingPictures: outcome.missingPictures, leftOutPictures: outcome.leftOutPictures,
                        comments: outcome.comments))
            }
        } catch {
            switch error {
            case .empty:
                switch scope {
                case .days: errorLine("newsctl: " + wording.editionEmpty)
                case .section(let id): errorLine("newsctl: " + wording.editionEmptySection(id))
                case .favorites: errorLine("newsctl: " + wording.editionNoFavorites)
                }
                throw ExitCode(69)
            case .write(let path, let reason):
                errorLine("newsctl: " + wording.editionFailed(path: path, reason: reason))
                // 74, local I/O, as for an unwritable site folder.
                throw ExitCode(74)
            case .noZipLibrary(let reason):
                errorLine("newsctl: " + wording.editionFailed(path: self.path, reason: reason))
                throw ExitCode(69)
            case .cancelled:
                // Only a server cancels a book; Ctrl-C ends this process before.
                throw ExitCode(130)
            }
        }
    }

    /// The edition's stories; nil for days when the archive holds none.
    private func scope(_ engine: SyncEngine) async -> Edition.Scope? {
        if let section { return .section(section) }
        if favorites { return .favorites }
        guard let coverage = (try? await engine.status())?.coverage, let newest = coverage.last, let oldest = coverage.first else {
            return nil
        }
        if let since = since.flatMap({ Day($0) }) {
            return .days(first: since, last: until.flatMap { Day($0) } ?? max(newest, since))
        }
        return .days(first: max(newest.adding(days: -((days ?? 1) - 1)), oldest), last: newest)
    }
}

/// Where a book may be written: never over a folder, the archive, or a file that is not an
/// earlier book (a typo must not cost the user a file). A symbolic link is followed, so the book
/// replaces the file it points to, not the link.
enum BookTarget {
    enum Problem: Error {
        case folder(String)
        case archive(String)
        case notABook(String)

        func message(_ wording: WebStrings) -> String {
            switch self {
            case .folder(let path): wording.editionIsAFolder(path)
            case .archive(let path): wording.editionIsTheArchive(path)
            case .notABook(let path): wording.editionNotABook(path)
            }
        }
    }

    /// The path to write: `path` itself, or the file its link points to.
    static func check(_ path: String, archive: String) -> Result<String, Problem> {
        var status = stat()
        guard stat(path, &status) == 0 else { return .success(path) }  // Nothing there yet (or a dangling link).
        if (status.st_mode & S_IFMT) == S_IFDIR { return .failure(.folder(path)) }
        for file in [archive, archive + "-wal", archive + "-shm", archive + "-journal"] {
            var kept = stat()
            if stat(file, &kept) == 0, kept.st_dev == status.st_dev, kept.st_ino == status.st_ino { return .failure(.archive(path)) }
        }
        guard isBook(path) else { return .failure(.notABook(path)) }
        guard let resolved = realpath(path, nil) else { return .success(path) }
        defer { free(resolved) }
        return .success(String(cString: resolved))
    }

    /// Whether the file opens as an EPUB does: a ZIP whose first entry is `mimetype`.
    private static func isBook(_ path: String) -> Bool {
        guard let file = fopen(path, "rb") else { return false }
        defer { fclose(file) }
        var head = [UInt8](repeating: 0, count: 38)
        guard fread(&head, 1, head.count, file) == head.count else { return false }
        return head[0..<4] == [0x50, 0x4B, 0x03, 0x04] && head[30..<38].elementsEqual("mimetype".utf8)
    }
}

/// `text` as a JSON string, quotes included.
private func jsonString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case _ where scalar.value < 0x20: result += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}
