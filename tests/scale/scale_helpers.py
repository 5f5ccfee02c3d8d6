# Helpers of the Slurm array test: a generated dataset in nested folders, the owners of each shard by
# docs/SCALE.md's rule (written here from the doc, not taken from imresize), and free TCP ports.
import os
import random
import socket
import struct
import sys
import zlib

FNV64_OFFSET = 14695981039346656037
FNV64_PRIME = 1099511628211


def fnv1a64(data: bytes) -> int:
    h = FNV64_OFFSET
    for b in data:
        h = ((h ^ b) * FNV64_PRIME) % 2**64
    return h


def png_bytes(width: int, height: int, rng: random.Random) -> bytes:
    """An 8-bit RGB PNG of uniform noise (noise keeps every pixel of every scale informative)."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    rows = b"".join(b"\0" + rng.randbytes(3 * width) for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 1)) + chunk(b"IEND", b"")


def make_dataset(root: str, count: int) -> None:
    # Three levels of folders, one name with a space, and sizes that are no multiple of 12, so that
    # --modcrop crops differently per scale.
    folders = ["train", "train/city", "train/city/night", "valid", "valid/with space"]
    rng = random.Random(29)
    for i in range(count):
        folder = os.path.join(root, folders[i % len(folders)])
        os.makedirs(folder, exist_ok=True)
        width, height = 61 + 13 * (i % 7), 47 + 11 * (i % 5)
        with open(os.path.join(folder, f"{i:04d}.png"), "wb") as f:
            f.write(png_bytes(width, height, rng))


def owners(list_file: str, count: int) -> None:
    """Prints 'SHARD PATH' for every listed path (docs/SCALE.md: FNV-1a-64(path) mod N)."""
    with open(list_file, "rb") as f:
        for line in f.read().splitlines():
            if line:
                print(fnv1a64(line) % count, line.decode())


def free_ports(count: int) -> None:
    # Bound together so that the kernel hands out distinct ports; released just before the daemons
    # bind them (a race with another program is possible but needs the same port within a second).
    sockets = [socket.socket() for _ in range(count)]
    for s in sockets:
        s.bind(("127.0.0.1", 0))
    print(" ".join(str(s.getsockname()[1]) for s in sockets))
    for s in sockets:
        s.close()


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    if command == "dataset":
        make_dataset(args[0], int(args[1]))
    elif command == "owners":
        owners(args[0], int(args[1]))
    elif command == "free-ports":
        free_ports(int(args[0]))
    else:
        sys.exit(f"unknown command {command}")
