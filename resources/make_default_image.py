#!/usr/bin/env python3
# Generates resources/default.png, the viewer's embedded test image (512x512 RGB): a zone plate,
# a Siemens star, fine text and 1-px line gratings (aliasing), step edges (ringing) and smooth
# gradients (where every resizer should agree). Pure Python 3, no third-party modules.
import math
import os
import struct
import sys
import zlib

W = H = 512
img = [[(255, 255, 255)] * W for _ in range(H)]


def put(x, y, rgb):
    if 0 <= x < W and 0 <= y < H:
        img[y][x] = rgb


def clamp8(v):
    return max(0, min(255, int(round(v))))


# Top left: zone plate whose local frequency reaches 0.5 cycles/pixel at the quadrant's corners.
R = 128 * math.sqrt(2.0)
for y in range(256):
    for x in range(256):
        dx, dy = x - 127.5, y - 127.5
        v = clamp8(127.5 + 127.5 * math.cos(math.pi * (dx * dx + dy * dy) / (2.0 * R)))
        img[y][x] = (v, v, v)

# Top right: Siemens star with 36 black spokes, 4x4 supersampled so the original itself is clean.
cx, cy, n = 383.5, 127.5, 36
for y in range(256):
    for x in range(256, 512):
        acc = 0.0
        for sy in range(4):
            for sx in range(4):
                px, py = x + (sx + 0.5) / 4 - 0.5 - cx, y + (sy + 0.5) / 4 - 0.5 - cy
                r = math.hypot(px, py)
                if r > 120:
                    acc += 1.0
                    continue
                a = math.atan2(py, px)
                acc += 1.0 if math.sin(a * n) >= 0 else 0.0
        v = clamp8(255 * acc / 16)
        img[y][x] = (v, v, v) if math.hypot(x - cx, y - cy) <= 121 else (235, 235, 240)

# 5x7 glyphs, one string of 7 five-bit rows per character.
FONT = {
    'A': "0E 11 11 1F 11 11 11", 'B': "1E 11 11 1E 11 11 1E", 'C': "0E 11 10 10 10 11 0E",
    'D': "1E 11 11 11 11 11 1E", 'E': "1F 10 10 1E 10 10 1F", 'F': "1F 10 10 1E 10 10 10",
    'G': "0E 11 10 17 11 11 0F", 'H': "11 11 11 1F 11 11 11", 'I': "0E 04 04 04 04 04 0E",
    'J': "07 02 02 02 02 12 0C", 'K': "11 12 14 18 14 12 11", 'L': "10 10 10 10 10 10 1F",
    'M': "11 1B 15 15 11 11 11", 'N': "11 11 19 15 13 11 11", 'O': "0E 11 11 11 11 11 0E",
    'P': "1E 11 11 1E 10 10 10", 'Q': "0E 11 11 11 15 12 0D", 'R': "1E 11 11 1E 14 12 11",
    'S': "0F 10 10 0E 01 01 1E", 'T': "1F 04 04 04 04 04 04", 'U': "11 11 11 11 11 11 0E",
    'V': "11 11 11 11 11 0A 04", 'W': "11 11 11 15 15 15 0A", 'X': "11 11 0A 04 0A 11 11",
    'Y': "11 11 0A 04 04 04 04", 'Z': "1F 01 02 04 08 10 1F", ' ': "00 00 00 00 00 00 00",
    '0': "0E 11 13 15 19 11 0E", '1': "04 0C 04 04 04 04 0E", '2': "0E 11 01 02 04 08 1F",
    '3': "1F 02 04 02 01 11 0E", '4': "02 06 0A 12 1F 02 02", '5': "1F 10 1E 01 01 11 0E",
    '6': "06 08 10 1E 11 11 0E", '7': "1F 01 02 04 08 08 08", '8': "0E 11 11 0E 11 11 0E",
    '9': "0E 11 11 0F 01 02 0C", '/': "01 01 02 04 08 10 10", '.': "00 00 00 00 00 0C 0C",
}


def text(x0, y0, s, k, rgb):
    for i, ch in enumerate(s):
        rows = [int(h, 16) for h in FONT[ch].split()]
        for r, bits in enumerate(rows):
            for c in range(5):
                if bits & (1 << (4 - c)):
                    for yy in range(k):
                        for xx in range(k):
                            put(x0 + i * 6 * k + c * k + xx, y0 + r * k + yy, rgb)


# Bottom left: fine text at three sizes, then 1-px line gratings with periods 2..5 (vertical and
# horizontal), which nearest and non-antialiased resizers turn into moire.
for y in range(256, 512):
    for x in range(256):
        img[y][x] = (250, 248, 240)
text(6, 262, "RESIZELAB IMRESIZE 1/3", 1, (0, 0, 0))
text(6, 272, "THE QUICK BROWN FOX 0123456789", 1, (20, 20, 120))
text(6, 284, "ALIASING AND RINGING", 2, (0, 0, 0))
text(6, 302, "MATLAB 2.5", 3, (120, 0, 0))
for i, period in enumerate((2, 3, 4, 5)):
    x0 = 6 + i * 62
    for y in range(330, 410):
        for x in range(x0, x0 + 56):
            if (x - x0) % period == 0:
                img[y][x] = (0, 0, 0)
    for y in range(416, 506):
        for x in range(x0, x0 + 56):
            if (y - 416) % period == 0:
                img[y][x] = (0, 0, 0)

# Bottom right: step edges (grey levels, a saturated red disk on blue, a thin white line on black)
# where cubic kernels ring, above smooth gradients where every method should agree.
for y in range(256, 384):
    for x in range(256, 512):
        if x < 320:
            v = 20 if x < 288 else 235
            img[y][x] = (v, v, v)
        elif x < 448:
            inside = math.hypot(x - 383.5, y - 319.5) <= 48
            img[y][x] = (230, 30, 30) if inside else (20, 40, 200)
        else:
            img[y][x] = (255, 255, 255) if x == 480 or y == 320 else (0, 0, 0)
for y in range(384, 512):
    for x in range(256, 512):
        t, s = (x - 256) / 255.0, (y - 384) / 127.0
        img[y][x] = (clamp8(255 * t), clamp8(255 * (1 - s) * (1 - t) + 60 * s),
                     clamp8(128 + 127 * math.sin(math.pi * t) * (1 - s)))


def write_png(path, pixels):
    raw = b"".join(b"\x00" + bytes(v for px in row for v in px) for row in pixels)

    def chunk(tag, data):
        return (struct.pack(">I", len(data)) + tag + data +
                struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF))

    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0)) +
           chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(png)
    os.replace(tmp, path)


out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "default.png")
write_png(out, img)
print(f"wrote {out} ({W}x{H} RGB)")
