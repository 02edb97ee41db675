#!/usr/bin/env python3
"""Checks that PNG screenshots are real pictures: decodable, the expected size, and not blank
(many distinct colours), and that two views differ. Standard library only.

usage: check_png.py IMAGE [IMAGE...]   (every pair must differ)
       check_png.py --armies IMAGE     (the four-player board: red, blue, yellow and green
                                        pieces must all be seen)
"""
import struct
import sys
import zlib


def decode(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"{path}: not a PNG file")
    pos, idat, width = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            if depth != 8 or colour not in (2, 6):
                raise SystemExit(f"{path}: expected 8-bit RGB or RGBA, found depth {depth} colour type {colour}")
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        filter_type = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            up_left = previous[i - channels] if i >= channels else 0
            if filter_type == 1:
                line[i] = (line[i] + left) & 255
            elif filter_type == 2:
                line[i] = (line[i] + up) & 255
            elif filter_type == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif filter_type == 4:
                p = left + up - up_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - up_left)
                pred = left if pa <= pb and pa <= pc else (up if pb <= pc else up_left)
                line[i] = (line[i] + pred) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def army_pixels(rows, width, channels):
    """Counts pixels whose hue is clearly one army's: red, blue, yellow, green."""
    counts = {"red": 0, "blue": 0, "yellow": 0, "green": 0}
    for row in rows[::2]:
        for x in range(0, width * channels, channels * 2):
            r, g, b = row[x], row[x + 1], row[x + 2]
            if r > g + 70 and r > b + 70:
                counts["red"] += 1
            elif b > r + 60 and b > g + 25:
                counts["blue"] += 1
            elif r > 140 and g > 110 and b + 70 < g:
                counts["yellow"] += 1
            elif g > r + 40 and g > b + 30:
                counts["green"] += 1
    return counts


def check_armies(path):
    width, height, channels, rows = decode(path)
    counts = army_pixels(rows, width, channels)
    print(f"{path}: army-coloured pixels in a sample {counts}")
    for army, count in counts.items():
        if count < 150:
            raise SystemExit(f"{path}: the {army} army is not to be seen ({count} pixels)")
    print("four armies seen")


def main():
    paths = sys.argv[1:]
    if paths and paths[0] == "--armies":
        for path in paths[1:]:
            check_armies(path)
        return
    images = {}
    for path in paths:
        width, height, channels, rows = decode(path)
        colours = set()
        for row in rows[:: max(1, height // 90)]:
            for x in range(0, width * channels, channels * max(1, width // 160)):
                colours.add(row[x:x + 3])
        print(f"{path}: {width}x{height}, {len(colours)} distinct colours in a sample")
        if len(colours) < 8:
            raise SystemExit(f"{path}: looks blank ({len(colours)} colours)")
        images[path] = rows
    names = list(images)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if images[a] == images[b]:
                raise SystemExit(f"{a} and {b} are identical")
    print("screenshots ok")


main()
