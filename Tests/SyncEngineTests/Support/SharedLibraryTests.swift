import Testing
@testable import SyncEngine

/// The one `dlopen` loader: a library that is missing or lacks functions is an error that names
/// it, its package and every function missing, never a crash.
@Suite struct SharedLibraryTests {
    @Test func aMissingLibraryIsNamedWithItsPackageAndDlopensReason() {
        let soname = "libsyncengine-not-installed.so.1"
        guard case .failure(let error) = SharedLibrary.open(soname, package: "libsyncengine1") else {
            Issue.record("\(soname) opened")
            return
        }
        guard case .missing(soname, "libsyncengine1", let reason) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(reason.contains(soname), "\(reason)")
        #expect(error.reason == reason)
    }

    /// libc is a real library, already loaded: it has `strlen` and none of the made-up names,
    /// which are all reported, in the order asked for.
    @Test func missingFunctionsAreAllNamedInOrder() throws {
        let library = try SharedLibrary.open("libc.so.6", package: "libc6").get()
        var resolve = SymbolResolver(library)
        typealias Length = @convention(c) (UnsafePointer<CChar>) -> Int
        let strlen = resolve("strlen", Length.self)
        _ = resolve("syncengine_first", Length.self)
        _ = resolve("syncengine_second", Length.self)
        #expect(strlen?("four") == 4)
        #expect(resolve.missing == ["syncengine_first", "syncengine_second"])
        #expect(resolve.failure == .incomplete(soname: "libc.so.6", package: "libc6", missing: resolve.missing))
        #expect(resolve.failure.reason == "libc.so.6 lacks syncengine_first, syncengine_second")
    }
}
