/// Tries every variant of `body` with one byte replaced by each of `replacements`, and every
/// prefix of it (a response cut short): what the direct JSON scanners' tests hold against
/// JSONDecoder. Returns how many `isDeclined` said yes to.
public func declinedMutations(
    of body: [UInt8], replacing replacements: [UInt8], _ isDeclined: (_ variant: [UInt8], _ name: String) -> Bool
) -> Int {
    var declined = 0
    for index in body.indices {
        for replacement in replacements {
            var changed = body
            changed[index] = replacement
            if isDeclined(changed, "byte \(index) as \(replacement)") { declined += 1 }
        }
        if isDeclined(Array(body[..<index]), "cut at \(index)") { declined += 1 }
    }
    return declined
}
