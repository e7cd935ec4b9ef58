import Foundation
import Testing
import TestSupport
@testable import SyncEngine

/// The contexts that pack bodies digest dictionary 1 with a larger hash table than level 4 alone
/// picks (less CPU per body, measured in bench/RESULTS.md): the frames stay what every reader
/// decodes, of the same size.
@Suite struct BodyDictionaryTablesTests {
    /// The real bodies the project has: the API fixtures' details and, when present, the captures.
    private static func realBodies() throws -> [String] {
        var files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.apiRoot + "/news")
            .filter { Int64($0) != nil }.map { Fixtures.apiRoot + "/news/" + $0 }
        if let captures = Fixtures.capturesFolder {
            files += try FileManager.default.contentsOfDirectory(atPath: captures)
                .filter { $0.hasPrefix("detail-") }.map { captures + "/" + $0 }
        }
        return try files.sorted().compactMap { file in
            try JSONDecoder().decode(StoryDetailDTO.self, from: Data(contentsOf: URL(fileURLWithPath: file))).body
        }
    }

    private func packed(_ html: String, with dictionary: BodyDictionary) throws -> [UInt8] {
        let value = StoredBody.pack(html: html, text: TextFunctions.indexedText(ofHTML: html), dictionary: dictionary)
        guard case .blob(let bytes) = value else { throw Failure.notPacked }
        return bytes
    }

    private enum Failure: Error { case notPacked }

    /// Dictionary 1 packing with level 4's own tables, made once like `BodyDictionary.one`: a
    /// dictionary lives as long as the process and never frees its zstd objects.
    private static let levelAlone = Zstd.shared.flatMap {
        BodyDictionary(format: 2, base64: BodyDictionary.first, zstd: $0, hashLog: nil)
    }

    @Test func thePackingContextsUseLevelFourWithTheLargerHashTable() throws {
        let dictionary = try #require(BodyDictionary.one, "libzstd1 is part of the build machine (scripts/setup)")
        #expect(dictionary.compressionParameter(Zstd.Parameter.compressionLevel) == 4)
        #expect(dictionary.compressionParameter(Zstd.Parameter.hashLog) == 15)
    }

    @Test func realBodiesPackToTheSameSizeAsWithLevelFourAloneAndReadBack() throws {
        let new = try #require(BodyDictionary.one, "libzstd1 is part of the build machine (scripts/setup)")
        let levelAlone = try #require(Self.levelAlone)
        let bodies = try Self.realBodies()
        #expect(bodies.count >= 3)
        var newBytes = 0
        var oldBytes = 0
        var differing = 0
        for html in bodies {
            let packedNew = try packed(html, with: new)
            let packedOld = try packed(html, with: levelAlone)
            newBytes += packedNew.count
            oldBytes += packedOld.count
            if packedNew != packedOld { differing += 1 }
            for bytes in [packedNew, packedOld] {
                // `StoredBody` reads with `BodyDictionary.one`'s decompression dictionary.
                #expect(bytes.withUnsafeBytes { StoredBody.html(of: $0) } == html)
            }
        }
        // A body may take a byte more or less (the matches found differ a little); over the
        // bench's 2,889 and 29,242 bodies the larger table packed 482 and 5,900 bytes fewer.
        #expect(abs(newBytes - oldBytes) * 1000 <= oldBytes, "\(newBytes) bytes packed against \(oldBytes) with level 4's own tables")
        // The larger table is in effect: its matches differ from level 4's own somewhere (a hash
        // log that zstd dropped, when the dictionary was loaded say, would give the same frames).
        #expect(differing > 0, "every one of \(bodies.count) bodies packed as with level 4's own tables")
    }
}
