/// The rules an account's name keeps: 1 to 64 characters and at most 256 bytes of UTF-8 (a
/// letter may carry marks, but not without end), none of them whitespace, a control
/// character or an invisible format character (a zero-width space), and no ':' or '/' (a name
/// travels in a login form and may be part of a path).
public enum AccountName {
    /// The most characters a name may have.
    public static let maximumLength = 64
    /// The most bytes a name's UTF-8 may have.
    public static let maximumBytes = 256

    /// Whether `name` keeps the rules.
    public static func isValid(_ name: String) -> Bool {
        guard (1...maximumLength).contains(name.count), name.utf8.count <= maximumBytes else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            !scalar.properties.isWhitespace && scalar.properties.generalCategory != .control
                && scalar.properties.generalCategory != .format && scalar != ":" && scalar != "/"
        }
    }
}
