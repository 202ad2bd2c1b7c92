"""XLIFF 1.2, the file translators' tools read and write: one `<trans-unit>` per translated string, its id naming
where it goes (`events.yaml#meteor-shower#text`), the source beside the target and notes for the context (the card,
its field, the box's size, a picture of the face). Read with defusedxml, within a size bound: a file that declares
entities or an external DTD, one past the bound, or one that is not XLIFF is a located error, never a parse."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from xml.sax.saxutils import escape, quoteattr

from pnp.core import bounds
from pnp.core.errors import InputError, Problem, Where

NS = "urn:oasis:names:tc:xliff:document:1.2"


@dataclass(frozen=True)
class Unit:
    """One string to translate: where it goes, its source, its translation so far, and what it is (notes)."""
    id: str  # <file>#<card or template>#<field or element>
    source: str
    target: str = ""
    notes: tuple[str, ...] = ()
    picture: str = ""  # a PNG of the face beside the file, relative to it
    line: int = 0  # where it was read (0: made here)


@dataclass
class Xliff:
    source_language: str
    target_language: str
    units: list[Unit] = field(default_factory=list)


def write_xliff(x: Xliff, original: str) -> bytes:
    """The file, deterministic (no dates): one `<file>` holding every unit in order."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<xliff version="1.2" xmlns="{NS}">',
           f'  <file original={quoteattr(original)} source-language={quoteattr(x.source_language)} '
           f'target-language={quoteattr(x.target_language)} datatype="plaintext">',
           "    <body>"]
    for u in x.units:
        state = ' state="translated"' if u.target else ' state="new"'
        out.append(f"      <trans-unit id={quoteattr(u.id)} xml:space=\"preserve\">")
        out.append(f"        <source>{escape(u.source)}</source>")
        out.append(f"        <target{state}>{escape(u.target)}</target>")
        for note in u.notes:
            out.append(f'        <note from="pnp">{escape(note)}</note>')
        if u.picture:
            out.append(f'        <context-group purpose="information"><context context-type="x-picture">'
                       f"{escape(u.picture)}</context></context-group>")
        out.append("      </trans-unit>")
    out += ["    </body>", "  </file>", "</xliff>", ""]
    return "\n".join(out).encode("utf-8")


def read_xliff(raw: bytes, shown: str) -> Xliff:
    """An XLIFF file's units; InputError at the file's line for a hostile, malformed or foreign file."""
    if len(raw) > bounds.XLIFF_BYTES:
        raise InputError([Problem(Where(shown), f"{len(raw):,} bytes, more than the {bounds.XLIFF_BYTES:,} an XLIFF "
                                  "file may hold: export one language at a time")])
    from xml.parsers.expat import ExpatError

    from defusedxml import DefusedXmlException
    from defusedxml.minidom import parseString

    try:
        dom = parseString(raw, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException as exc:
        raise InputError([Problem(Where(shown), f"refused: {exc} (an XLIFF file declares no DTD, entities or "
                                  "external references; export it again from your tool)")]) from None
    except ExpatError as exc:
        raise InputError([Problem(Where(shown, exc.lineno, exc.offset + 1), f"not well-formed XML: "
                                  f"{exc}".replace(f": line {exc.lineno}, column {exc.offset}", ""))]) from None
    root = dom.documentElement
    if root.localName != "xliff" or root.getAttribute("version") not in ("1.2", "1.1"):
        raise InputError([Problem(Where(shown, 1), "not an XLIFF 1.2 file (its root is <xliff version=\"1.2\">): "
                                  "export it as XLIFF 1.2")])
    files = root.getElementsByTagName("file")
    if len(files) != 1:
        raise InputError([Problem(Where(shown, 1), f"{len(files)} <file> elements: pnp's XLIFF holds one")])
    f = files[0]
    x = Xliff(f.getAttribute("source-language"), f.getAttribute("target-language"))
    units = f.getElementsByTagName("trans-unit")
    if len(units) > bounds.XLIFF_UNITS:
        raise InputError([Problem(Where(shown), f"{len(units):,} units, more than {bounds.XLIFF_UNITS:,}")])
    text_of = raw.decode("utf-8", "replace")
    lines = [text_of.count("\n", 0, m.start()) + 1 for m in re.finditer(r"<trans-unit\b", text_of)]
    for n, u in enumerate(units):
        def text(tag: str, u=u) -> str:
            found = u.getElementsByTagName(tag)
            return "".join(n.data for n in found[0].childNodes if n.nodeType in (n.TEXT_NODE, n.CDATA_SECTION_NODE)) \
                if found else ""
        x.units.append(Unit(u.getAttribute("id"), text("source"), text("target"),
                            line=lines[n] if n < len(lines) else 0))
    return x
