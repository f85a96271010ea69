"""Writes icon.png (128x128), the package icon: JSON braces around a lightning bolt on a rounded square.
Standard library only (zlib + struct), 4x4 supersampling for smooth edges. Run: python3 make-icon.py"""
import math, os, struct, zlib

SIZE, SS = 128, 4
BACKGROUND, BRACES, BOLT = (31, 78, 121), (255, 255, 255), (255, 196, 37)
LEFT_BRACE = [(44, 26), (35, 30), (35, 55), (26, 64), (35, 73), (35, 98), (44, 102)]
RIGHT_BRACE = [(SIZE - x, y) for x, y in LEFT_BRACE]
BOLT_SHAPE = [(72, 22), (48, 70), (62, 70), (54, 106), (82, 54), (67, 54), (78, 22)]


def in_rounded_square(x, y, radius=22):
    cx, cy = min(max(x, radius), SIZE - radius), min(max(y, radius), SIZE - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2


def near_polyline(x, y, points, width=7):
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        dx, dy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
        if math.hypot(x - ax - t * dx, y - ay - t * dy) <= width / 2:
            return True
    return False


def in_polygon(x, y, points):
    inside = False
    for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1]):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


def sample(x, y):
    if not in_rounded_square(x, y):
        return (0, 0, 0, 0)
    if in_polygon(x, y, BOLT_SHAPE):
        return BOLT + (255,)
    if near_polyline(x, y, LEFT_BRACE) or near_polyline(x, y, RIGHT_BRACE):
        return BRACES + (255,)
    return BACKGROUND + (255,)


rows = []
for py in range(SIZE):
    row = bytearray([0])  # filter type: none
    for px in range(SIZE):
        samples = [sample(px + (i + 0.5) / SS, py + (j + 0.5) / SS) for i in range(SS) for j in range(SS)]
        alpha = sum(s[3] for s in samples)
        color = [round(sum(s[c] * s[3] for s in samples) / alpha) if alpha else 0 for c in range(3)]
        row += bytes(color + [round(alpha / len(samples))])
    rows.append(bytes(row))


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0))
png += chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "icon.png"), "wb") as f:
    f.write(png)
