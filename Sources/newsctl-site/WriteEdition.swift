import ArgumentParser
import NewsFeature
import NewsWeb
import SyncEngine

/// `newsctl export --epub FILE …`, its options checked by newsctl: the days resolved against the
/// archive, then the book written.
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
        guard let engine = resolved.open() else { throw ExitCode(74) }
        let wording = WebStrings(language: resolved.language)
        guard let scope = await scope(engine) else {
            errorLine("newsctl: " + wording.editionEmpty)
            throw ExitCode(69)
        }
        let edition = Edition(scope: scope, comments: comments, pictures: !noPictures, language: resolved.language)
        do throws(EditionExport.Failure) {
            let outcome = try await EditionExport(engine: engine, edition: edition).write(to: path)
            if resolved.json {
                print(
                    "{\"path\":\(jsonString(path)),\"days\":\(outcome.days.map(String.init) ?? "null"),\"stories\":\(outcome.stories),"
                        + "\"withoutText\":\(outcome.withoutText),\"pictures\":\(outcome.pictures),"
                        + "\"missingPictures\":\(outcome.missingPictures),\"comments\":\(outcome.comments.map(String.init) ?? "null")}")
            } else {
                print(
                    wording.editionSummary(
                        path: path, days: outcome.days, stories: outcome.stories, withoutText: outcome.withoutText,
                        pictures: outcome.pictures, missingPictures: outcome.missingPictures, comments: outcome.comments))
            }
        } catch {
            switch error {
            case .empty:
                errorLine("newsctl: " + wording.editionEmpty)
                throw ExitCode(69)
            case .write(let path, let reason):
                errorLine("newsctl: " + wording.editionFailed(path: path, reason: reason))
                // 74, local I/O, as for an unwritable site folder.
                throw ExitCode(74)
            case .noZipLibrary(let reason):
                errorLine("newsctl: " + wording.editionFailed(path: self.path, reason: reason))
                throw ExitCode(69)
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
