"""The preflight of a written PDF/X file: what it paints, read back from its bytes (pdfread.py), not what the layout
meant. Every colour operator of every page's content and of every form it draws, and every picture's pixels:

* DeviceCMYK only (`k`, `K`, a CMYK picture): an RGB or grey colour, or an RGB picture, is named with its page;
* the total ink (C + M + Y + K) of each: the largest found is said, with its page, and one over the limit is a
  finding;
* the PDF/X keys: the output intent, GTS_PDFXVersion, a TrimBox and a BleedBox on every page;
* X-1a: no transparency (no ExtGState with `ca` or `CA` under 1, no soft mask, no transparency group).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pnp.output.pdfx.pdfread import Stream, colour_operators, parse, resolve

_RGB_OPS = {b"rg": "an RGB fill", b"RG": "an RGB stroke", b"g": "a grey fill", b"G": "a grey stroke"}


@dataclass
class Inked:
    """What one file paints: its largest total ink (percent) and where, and what is wrong with it."""

    file: str
    most: float = 0.0
    where: str = ""  # the page of the largest total ink
    findings: list[str] = field(default_factory=list)
    pages: int = 0


def _ink(values: list[float]) -> float:
    return round(sum(values) * 100, 2)


class _Reader:
    def __init__(self, objects: dict[int, Any], opaque: bool):
        self.objects = objects
        self.opaque = opaque
        self.seen: dict[int, tuple[float, list[str]]] = {}  # XObject number -> (its most ink, its findings)

    def get(self, value: Any) -> Any:
        return resolve(self.objects, value)

    def content(self, data: bytes, resources: dict[str, Any]) -> tuple[float, list[str]]:
        most, found = 0.0, []
        spaces = self.get(resources.get("ColorSpace")) or {}
        current = {"fill": 4, "stroke": 4}
        for op, args in colour_operators(data):
            if op in (b"k", b"K") and len(args) == 4:
                most = max(most, _ink(args))
            elif op in _RGB_OPS:
                found.append(f"{_RGB_OPS[op]} ({' '.join(f'{v:g}' for v in args)} {op.decode()})")
            elif op in (b"cs", b"CS") and args:
                space = self._space(args[0], spaces)
                current["fill" if op == b"cs" else "stroke"] = space
                if space != 4:
                    found.append(f"colour space {args[0]} is not CMYK")
            elif op in (b"sc", b"scn", b"SC", b"SCN"):
                numbers = [a for a in args if isinstance(a, float)]
                if current["fill" if op.islower() else "stroke"] == 4 and len(numbers) == 4:
                    most = max(most, _ink(numbers))
            elif op in (b"BI", b"ID"):
                found.append("an inline image (pnp writes none): not checked")
        for name, ref in (self.get(resources.get("XObject")) or {}).items():
            sub_most, sub_found = self.xobject(ref, name)
            most = max(most, sub_most)
            found += sub_found
        found += self.states(resources)
        return most, found

    def _space(self, name: Any, spaces: dict[str, Any]) -> int:
        if name in ("DeviceCMYK", "CMYK"):
            return 4
        if name in ("DeviceRGB", "RGB", "DeviceGray", "G"):
            return 3
        space = self.get(spaces.get(str(name)))
        if isinstance(space, list) and space and space[0] == "ICCBased":
            profile = self.get(space[1])
            return int(profile.head.get("N", 0)) if isinstance(profile, Stream) else 0
        if isinstance(space, list) and space and space[0] == "Separation":
            return 4 if space[2] == "DeviceCMYK" else 3
        return 0

    def states(self, resources: dict[str, Any]) -> list[str]:
        found = []
        for name, state in (self.get(resources.get("ExtGState")) or {}).items():
            state = self.get(state) or {}
            for key in ("ca", "CA"):
                if self.opaque and isinstance(state.get(key), int | float) and state[key] < 1:
                    found.append(f"a see-through state /{name} ({key} {state[key]:g}): X-1a has no transparency")
            if self.opaque and state.get("SMask") not in (None, "None"):
                found.append(f"a soft mask in /{name}: X-1a has no transparency")
        return found

    def xobject(self, ref: Any, name: str) -> tuple[float, list[str]]:
        key = getattr(ref, "num", id(ref))
        if key in self.seen:
            return self.seen[key]
        self.seen[key] = (0.0, [])  # (a form that draws itself is not followed twice)
        obj = self.get(ref)
        if not isinstance(obj, Stream):
            return 0.0, []
        head = obj.head
        if head.get("Subtype") == "Form":
            result = self.content(obj.data(), self.get(head.get("Resources")) or {})
            if self.opaque and head.get("Group") is not None:
                result[1].append(f"form {name} is a transparency group: X-1a has no transparency")
        elif head.get("Subtype") == "Image":
            result = self.image(obj, name)
        else:
            result = (0.0, [])
        self.seen[key] = result
        return result

    def image(self, obj: Stream, name: str) -> tuple[float, list[str]]:
        head = obj.head
        space = head.get("ColorSpace")
        found = []
        if self.opaque and head.get("SMask") is not None:
            found.append(f"picture {name} has a soft mask: X-1a has no transparency")
        channels = self._space(space, {}) if not isinstance(space, list) else self._space_of(space)
        if channels != 4:
            found.append(f"picture {name} is in {space}, not CMYK")
            return 0.0, found
        from PIL import Image

        size = (int(head["Width"]), int(head["Height"]))
        filters = head.get("Filter")
        data = obj.data()
        if "DCTDecode" in (filters if isinstance(filters, list) else [filters]):
            import io

            picture: Image.Image = Image.open(io.BytesIO(data))
            picture.load()
            inverted = picture.info.get("adobe") is not None
        else:
            picture = Image.frombytes("CMYK", size, data)
            inverted = head.get("Decode") == [1, 0, 1, 0, 1, 0, 1, 0]
        if inverted:
            from PIL import ImageOps

            picture = Image.merge("CMYK", [ImageOps.invert(b) for b in picture.split()])
        bands = [b.convert("I") for b in picture.split()]
        from PIL import ImageMath

        total = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"] + a["k"], c=bands[0], m=bands[1],
                                      y=bands[2], k=bands[3])
        return round(total.getextrema()[1] * 100 / 255, 2), found

    def _space_of(self, space: list) -> int:
        if space and space[0] == "ICCBased":
            profile = self.get(space[1])
            return int(profile.head.get("N", 0)) if isinstance(profile, Stream) else 0
        return 0


def read_back(name: str, data: bytes, version: str, limit: float) -> Inked:
    """What the PDF/X file `name` paints, checked (`version`: x4 or x1a; `limit`: percent of total ink)."""
    out = Inked(name)
    objects = parse(data)
    reader = _Reader(objects, version.startswith("x1a"))
    catalog = next((o for o in objects.values() if isinstance(o, dict) and o.get("Type") == "Catalog"), {})
    intents = reader.get(catalog.get("OutputIntents")) or []
    if not any((reader.get(i) or {}).get("S") == "GTS_PDFX" and isinstance(
            reader.get((reader.get(i) or {}).get("DestOutputProfile")), Stream) for i in intents):
        out.findings.append("no PDF/X output intent with its ICC profile")
    info = next((o for o in objects.values() if isinstance(o, dict) and "GTS_PDFXVersion" in o), None)
    if info is None:
        out.findings.append("no GTS_PDFXVersion in the document's Info")
    pages = reader.get(catalog.get("Pages")) or {}
    for number, page_ref in enumerate(_pages(reader, pages), 1):
        page = reader.get(page_ref)
        at = f"page {number}"
        out.pages = number
        for box in ("TrimBox", "BleedBox"):
            if box not in page:
                out.findings.append(f"{at}: no {box}")
        resources = reader.get(page.get("Resources")) or {}
        contents = reader.get(page.get("Contents"))
        streams = contents if isinstance(contents, list) else [contents]
        data_ = b"\n".join(reader.get(s).data() for s in streams if isinstance(reader.get(s), Stream))
        most, found = reader.content(data_, resources)
        if reader.opaque and page.get("Group") is not None:
            found.append("the page is a transparency group: X-1a has no transparency")
        out.findings += [f"{at}: {f}" for f in dict.fromkeys(found)]
        if most > out.most:
            out.most, out.where = most, at
    if out.most > limit + 0.5:  # (half a percent: the rounding of the operators' figures)
        out.findings.append(f"{out.where}: total ink reaches {out.most:g} %, over the limit of {limit:g} %")
    return out


def _pages(reader: _Reader, node: dict[str, Any]) -> list[Any]:
    out = []
    for kid in node.get("Kids", []):
        child = reader.get(kid)
        if isinstance(child, dict) and child.get("Type") == "Pages":
            out += _pages(reader, child)
        else:
            out.append(kid)
    return out
