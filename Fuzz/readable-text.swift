// `ReadableText` from arbitrary HTML: it never fails, and keeps its documented promises. No block
// is empty; block text holds no control characters but `\n`, no C1, no format characters (bidi
// controls, U+200B, U+FEFF…) but the joiners U+200C/U+200D; no tabs, no runs of spaces outside
// preformatted text; every link block's number names a reference; references are clean, unique
// URLs; the plain text obeys the same rules.
@testable import SyncEngine

private func checkText(_ text: String, _ what: String, allowNewlines: Bool = true) {
    for scalar in text.unicodeScalars {
        let value = scalar.value
        require(
            !(value < 0x20 && !(allowNewlines && value == 0x0A)) && !(0x7F...0x9F).contains(value),
            "\(what) holds control U+\(String(value, radix: 16)): \(text.debugDescription)")
        require(
            scalar.properties.generalCategory != .format || value == 0x200C || value == 0x200D,
            "\(what) holds format character U+\(String(value, radix: 16)): \(text.debugDescription)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let html = text(data, size)
    let readable = ReadableText(html: html)
    for block in readable.blocks {
        switch block {
        case .heading(let text), .byline(let text), .paragraph(let text), .quote(let text):
            require(!text.isEmpty, "an empty block: \(block)")
            checkText(text, "block")
        case .listItem(let text, let ordinal):
            require(!text.isEmpty, "an empty list item")
            checkText(text, "list item")
            _ = ordinal
        case .image(let number, let caption):
            if let number {
                require((1...max(1, readable.images.count)).contains(number), "image \(number) of \(readable.images.count)")
            }
            if let caption {
                require(!caption.isEmpty, "an empty caption")
                checkText(caption, "caption")
            }
        case .rule:
            break
        case .link(let text, let reference):
            require(!text.isEmpty, "a link block without text")
            checkText(text, "link text")
            require(
                (1...max(1, readable.references.count)).contains(reference) && !readable.references.isEmpty,
                "link block [\(reference)] of \(readable.references.count) references")
        }
    }
    require(Set(readable.references).count == readable.references.count, "a reference numbered twice")
    for reference in readable.references {
        require(!reference.isEmpty && !reference.unicodeScalars.contains(" "), "reference \(reference.debugDescription)")
        checkText(reference, "reference", allowNewlines: false)
        let lowered = reference.lowercased()
        require(
            !lowered.hasPrefix("javascript:") && !lowered.hasPrefix("data:") && !lowered.hasPrefix("#"),
            "a reference that is no link: \(reference.debugDescription)")
    }
    for image in readable.images {
        let lowered = image.url.lowercased()
        require(
            lowered.hasPrefix("http://") || lowered.hasPrefix("https://"), "an image that is no web address: \(image.url.debugDescription)")
        require(!image.url.unicodeScalars.contains(" "), "image \(image.url.debugDescription)")
        checkText(image.url, "image", allowNewlines: false)
    }
    checkText(readable.plainText, "plain text")
    // Deterministic: the same bytes read the same (small inputs only, to keep the runs fast).
    if size < 1024 { require(ReadableText(html: html) == readable, "two readings differ") }
    return 0
}
