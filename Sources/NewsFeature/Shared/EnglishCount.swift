/// English counts in the right number, for every front's wording.
public enum English {
    /// `count` and its noun, singular for one and plural otherwise: `count(1, "story")` is
    /// "1 story", `count(3, "story")` "3 stories", `count(0, "day")` "0 days".
    ///
    /// The plural is the noun with `-ies` for a `-y` after a consonant and `-s` otherwise; pass
    /// `plural` where English has another.
    public static func count(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? noun : plural ?? pluralOf(noun))
    }

    static func pluralOf(_ noun: String) -> String {
        guard noun.hasSuffix("y"), let before = noun.dropLast().last, !"aeiou".contains(before) else { return noun + "s" }
        return noun.dropLast() + "ies"
    }
}
