"""What makes a PDF a PDF/X file, added to what reportlab writes (it has no API for them):

* the catalog's OutputIntents: the print condition (FOGRA39) and its ICC profile, embedded;
* the Info keys: GTS_PDFXVersion (X-4: `PDF/X-4`; X-1a: `PDF/X-1:2001` and GTS_PDFXConformance), Trapped /False,
  the title and the dates (reportlab's `invariant=1`: fixed, so a build is byte for byte the same);
* X-4: the XMP metadata stream, saying the same (pdfxid:GTS_PDFXVersion, the title, dates, producer);
* the PDF version: 1.3 for X-1a:2001 (no transparency can even be said), 1.4 for X-1a:2003, 1.6 for X-4;
* a TrimBox and a BleedBox on every page: a page of one face has its own; an imposed sheet is cut by the
  designer, so its trim is the paper (its MediaBox).
"""

from __future__ import annotations

import uuid
import zlib
from functools import lru_cache
from typing import Any
from xml.sax.saxutils import escape

from reportlab.pdfbase.pdfdoc import PDFArray, PDFDate, PDFDictionary, PDFInfo, PDFName, PDFStream, PDFString

from pnp.output.pdfx.inks import CONDITION, PROFILE_NAME, profile_bytes

VERSIONS = {"x4": ((1, 6), "PDF/X-4", None), "x1a": ((1, 3), "PDF/X-1:2001", "PDF/X-1a:2001"),
            "x1a-2003": ((1, 4), "PDF/X-1a:2003", None)}  # (DriveThruCards asks for X-1a:2003: PDF 1.4, no
# transparency all the same)
REGISTRY = "http://www.color.org"
CONDITION_SAID = "Offset commercial and specialty printing, coated paper (ISO 12647-2:2004), FOGRA39"


@lru_cache(maxsize=1)
def _profile_flate() -> bytes:
    return zlib.compress(profile_bytes(), 6)  # once a process: every file of a build embeds it


class _Info(PDFInfo):
    """reportlab's Info dictionary with the PDF/X keys, and without the placeholders it writes by default (an
    'anonymous' author, an 'unspecified' subject), which the XMP would have to repeat."""

    version = "PDF/X-4"
    conformance: str | None = None

    def format(self, document: Any) -> bytes:
        date = PDFDate(ts=document._timeStamp, dateFormatter=self._dateFormatter)
        d: dict[str, Any] = {"Title": PDFString(self.title), "Creator": PDFString(self.creator),
                             "Producer": PDFString(self.producer), "CreationDate": date, "ModDate": date,
                             "Trapped": PDFName("False"), "GTS_PDFXVersion": PDFString(self.version)}
        if self.conformance:
            d["GTS_PDFXConformance"] = PDFString(self.conformance)
        return PDFDictionary(d).format(document)


def pdf_version(version: str) -> tuple[int, int]:
    return VERSIONS[version][0]


def mark(canvas: Any, version: str) -> None:
    """Make the canvas's document a PDF/X file of `version` (x4 or x1a): its Info, and its output intent."""
    doc = canvas._doc
    _, said, conformance = VERSIONS[version]
    info = _Info()
    info.__dict__.update(doc.info.__dict__)
    info.version, info.conformance = said, conformance
    doc.info = info
    icc = PDFStream(PDFDictionary({"N": 4, "Filter": PDFName("FlateDecode")}), _profile_flate(), filters=[])
    intent = PDFDictionary({
        "Type": PDFName("OutputIntent"), "S": PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": PDFString(CONDITION), "OutputCondition": PDFString(CONDITION_SAID),
        "RegistryName": PDFString(REGISTRY), "Info": PDFString(PROFILE_NAME),
        "DestOutputProfile": doc.Reference(icc)})
    catalog = doc.Catalog
    catalog.__Defaults__ = {**type(catalog).__Defaults__, "OutputIntents": PDFArray([intent])}


def add_metadata(canvas: Any, version: str) -> None:
    """The XMP metadata stream (X-4 asks for it; PDF 1.3, X-1a's, has none), from the Info as it is at save."""
    if version != "x4":
        return
    doc = canvas._doc
    info = doc.info
    ts = doc._timeStamp
    y, mo, d, h, mi, s = ts.YMDhms
    date = f"{y:04d}-{mo:02d}-{d:02d}T{h:02d}:{mi:02d}:{s:02d}{ts.dhh:+03d}:{ts.dmm:02d}"
    ident = uuid.uuid5(uuid.NAMESPACE_URL, f"pnp:{info.title}")  # the same file for the same title and build
    xmp = f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{escape(info.title)}</rdf:li></rdf:Alt></dc:title>
   <xmp:CreateDate>{date}</xmp:CreateDate>
   <xmp:ModifyDate>{date}</xmp:ModifyDate>
   <xmp:MetadataDate>{date}</xmp:MetadataDate>
   <xmp:CreatorTool>{escape(info.creator)}</xmp:CreatorTool>
   <pdf:Producer>{escape(info.producer)}</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <xmpMM:DocumentID>uuid:{ident}</xmpMM:DocumentID>
   <xmpMM:InstanceID>uuid:{ident}</xmpMM:InstanceID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""
    stream = PDFStream(PDFDictionary({"Type": PDFName("Metadata"), "Subtype": PDFName("XML")}),
                       xmp.encode("utf-8"), filters=[])  # uncompressed: a preflight reads it as it is
    doc.Catalog.Metadata = stream
