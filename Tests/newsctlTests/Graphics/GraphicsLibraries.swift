import Glibc

/// Whether the libraries a graphics test needs can be opened, for `.enabled(if:)`: CI installs
/// them (`scripts/setup --tests`), so there the tests always run.
enum GraphicsLibraries {
    static func installed(_ sonames: String...) -> Bool {
        sonames.allSatisfy { soname in
            guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else { return false }
            dlclose(handle)
            return true
        }
    }

    static let decoders = installed("libturbojpeg.so.0", "libspng.so.0", "libwebp.so.7", "libgif.so.7")
    static let chafa = installed("libchafa.so.0", "libglib-2.0.so.0")
    static let all = decoders && chafa
    static let missing = "needs libturbojpeg0 libspng0 libwebp7 libgif7 libchafa0 (scripts/setup --tests)"
}
