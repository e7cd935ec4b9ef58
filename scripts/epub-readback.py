#!/usr/bin/env python3
"""Reads an EPUB back with a second implementation (ebooklib, from PyPI) and prints what it
found as JSON: the title, language and identifier; every document and its text; the navigation;
every picture with its declared media type and the one its bytes say; any resource the book
loads from elsewhere; and any markup no book of ours may carry (scripts, handlers, frames).

Usage: scripts/epub-readback.py BOOK.epub   (tests: EditionExportTests; exit 2 without ebooklib)
"""
import json
import re
import sys
import zipfile
import xml.etree.ElementTree as ET

try:
    import ebooklib
    from ebooklib import epub
except ImportError:
    print("epub-readback: python3 cannot import ebooklib (pip install ebooklib)", file=sys.stderr)
    sys.exit(2)


def sniffed(data):
    if data[:3] == b"\xff\xd8\xff":
        return "image/jpeg"
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return "image/png"
    if data[:4] == b"GIF8":
        return "image/gif"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    return "unknown"


def nav_entries(items):
    out = []
    for item in items:
        if isinstance(item, tuple):
            section, children = item
            out.append({"title": section.title, "href": section.href, "children": nav_entries(children)})
        else:
            out.append({"title": item.title, "href": item.href, "children": []})
    return out


BANNED_ELEMENTS = {"script", "iframe", "frame", "frameset", "object", "embed", "style", "form", "input", "button"}


def banned_markup(text):
    """Elements and attributes a story's page may not carry, as parsed (text that reads like markup is text)."""
    found = []
    for element in ET.fromstring(text.encode("utf-8")).iter():
        tag = element.tag.split("}")[-1]
        if tag in BANNED_ELEMENTS:
            found.append("<" + tag + ">")
        for name, value in element.attrib.items():
            name = name.split("}")[-1]
            if name.startswith("on") or name == "style" or value.strip().lower().startswith("javascript:"):
                found.append(tag + " " + name + "=" + value)
    return found


def main():
    path = sys.argv[1]
    book = epub.read_epub(path, {"ignore_ncx": True})
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        first = archive.infolist()[0]
    documents, pictures, remote, banned = [], [], [], []
    for item in book.get_items():
        name = item.get_name()
        content = item.get_content()
        if item.get_type() == ebooklib.ITEM_DOCUMENT or name.endswith(".xhtml"):
            text = content.decode("utf-8")
            documents.append({"name": name, "text": re.sub(r"<[^>]+>", "", text)})
            for markup in banned_markup(text):
                banned.append({"document": name, "markup": markup})
            # A resource loaded from elsewhere: src, or a stylesheet's href, to any scheme.
            for match in re.finditer(r'\s(?:src|xlink:href)="([^"]*)"', text):
                if ":" in match.group(1):
                    remote.append({"document": name, "url": match.group(1)})
            for match in re.finditer(r'<link[^>]*href="([^"]*)"', text):
                if ":" in match.group(1):
                    remote.append({"document": name, "url": match.group(1)})
        elif item.media_type.startswith("image/"):
            pictures.append({"name": name, "declared": item.media_type, "sniffed": sniffed(content)})
    print(json.dumps({
        "title": [t[0] for t in book.get_metadata("DC", "title")],
        "language": [t[0] for t in book.get_metadata("DC", "language")],
        "identifier": [t[0] for t in book.get_metadata("DC", "identifier")],
        "modified": [t[0] for t in book.get_metadata("OPF", "meta") if t[1].get("property") == "dcterms:modified"]
        if book.get_metadata("OPF", "meta") else [],
        "first": {"name": first.filename, "stored": first.compress_type == zipfile.ZIP_STORED, "extra": len(first.extra)},
        "names": names,
        "documents": documents,
        "spine": [entry[0] for entry in book.spine],
        "toc": nav_entries(book.toc),
        "pictures": pictures,
        "remote": remote,
        "banned": banned,
    }, ensure_ascii=False))


main()
