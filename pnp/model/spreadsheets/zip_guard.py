"""Stage 1, load: a workbook's zip measured as it is inflated, before anything reads it.

An XLSX, XLSB or ODS file is a zip whose headers say what each member unpacks to, and a hostile file says
less: a sheet of 900 MB whose headers claim 1 kB. Their sum is no bound then, and Python's zipfile, asked
for a whole member, inflates all of it before it cuts it at the claimed size (1.8 GB for a file of 1 MB).
So every member is inflated here first, a piece at a time, its bytes counted as they come out and its CRC
checked; a zip that unpacks to more than `bounds.SHEET_UNPACKED`, or a member that unpacks to other than its
header says, is refused before any reader (the scan, calamine) opens the file. After that the headers are
true, and reading a member whole is bounded by them.
"""

from __future__ import annotations

import struct
import zipfile
import zlib
from pathlib import Path
from typing import BinaryIO

from pnp.core import bounds

PIECE = 1 << 20  # bytes inflated at a time


class Unpacked(ValueError):
    """Why the zip may not be read (its words)."""


def measure(path: Path, book: zipfile.ZipFile) -> int:
    """The bytes the zip unpacks to, counted as each member is inflated; Unpacked past the bound or for a member
    that unpacks to other than its header says."""
    total = 0
    claimed = sum(info.file_size for info in book.infolist())
    with open(path, "rb") as raw:
        for info in book.infolist():
            size = _inflated(raw, info, bounds.SHEET_UNPACKED - total, claimed)
            if size != info.file_size:
                raise Unpacked(f"{info.filename} unpacks to {size:,} bytes where its header says {info.file_size:,}: "
                               "the file is damaged or made to mislead; save it again from the spreadsheet program")
            total += size
    return total


def _size(n: int) -> str:
    return f"{n / 2**20:,.0f} MB" if n >= 2**20 else f"{n / 1024:,.0f} kB"


def _inflated(raw: BinaryIO, info: zipfile.ZipInfo, room: int, claimed: int) -> int:
    """The size of one member, inflated from its data a piece at a time (at most `room` bytes)."""
    if info.flag_bits & 0x1:
        raise Unpacked(f"{info.filename} is encrypted; save the workbook without a password")
    if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        raise Unpacked(f"{info.filename} is compressed in a way spreadsheet programs do not use (method "
                       f"{info.compress_type}); save the workbook again")
    raw.seek(info.header_offset)
    head = raw.read(30)
    if len(head) < 30 or head[:4] != b"PK\x03\x04":
        raise Unpacked(f"{info.filename}: its data is not where the zip's directory says; save the workbook again")
    raw.seek(info.header_offset + 30 + sum(struct.unpack("<HH", head[26:30])))
    inflate = zlib.decompressobj(-15) if info.compress_type == zipfile.ZIP_DEFLATED else None
    left, size, crc = info.compress_size, 0, 0
    while left > 0 and not (inflate is not None and inflate.eof):
        data = raw.read(min(PIECE, left))
        if not data:
            break
        left -= len(data)
        while data:
            out = inflate.decompress(data, PIECE) if inflate is not None else data
            data = inflate.unconsumed_tail if inflate is not None else b""
            size += len(out)
            if size > room:
                raise Unpacked(f"unpacks to more than {bounds.SHEET_UNPACKED // 2**20} MB (its headers say "
                               f"{_size(claimed)}: {info.filename} alone is larger than its header says); a "
                               f"spreadsheet may unpack to at most {bounds.SHEET_UNPACKED // 2**20} MB")
            crc = zlib.crc32(out, crc)
    if crc != info.CRC and size == info.file_size:
        raise Unpacked(f"{info.filename} is damaged (its check sum does not match); save the workbook again")
    return size
