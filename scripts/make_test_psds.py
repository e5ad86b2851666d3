#!/usr/bin/python3
"""The PSD files of tests/data/psd that no program here writes, and every file's answers.

Usage: /usr/bin/python3 scripts/make_test_psds.py tests/data/psd   (run by make_test_psds.sh)

1. Writes synthetic_{8,16}_{raw,rle}.psd: what GIMP does not write (raw channels, fill
   opacity, clipping, a layer without a transparency channel, one partly off the canvas, a
   0 x 0 layer, a name in Mac OS Roman alone and one the Unicode name alone holds), at 8 and
   16 bits.
2. Reads every .psd file in the folder with psd-tools (Debian's python3-psd-tools), a reader
   this project did not write, and stores what it reads beside the file as NAME.answer.json:
   the canvas, and each layer in psd-tools' order (a group before its children, bottom
   first): its record's index, name, kind, parent, rectangle, opacity, visibility, blend
   mode, clipping, fill opacity and the FNV-1a 64 hash of its pixels as straight-alpha RGBA
   at 8 bits (16-bit samples rounded to the nearest 8-bit one). tests/core/io/psd compares
   the project's reader with them.
"""

import json
import os
import struct
import sys

import numpy as np
from psd_tools import PSDImage
from psd_tools.constants import Tag


def packbits(row: bytes) -> bytes:
    out = bytearray()
    i = 0
    while i < len(row):
        run = 1
        while i + run < len(row) and run < 128 and row[i + run] == row[i]:
            run += 1
        if run >= 2:
            out += struct.pack('>b', 1 - run) + row[i:i + 1]
            i += run
            continue
        start = i
        while i < len(row) and i - start < 128 and not (i + 1 < len(row) and row[i + 1] == row[i]):
            i += 1
        if i == start:
            i += 1
        out += struct.pack('>B', i - start - 1) + row[start:i]
    return bytes(out)


def channel_bytes(samples: np.ndarray, depth: int, rle: bool) -> bytes:
    """A channel's image data: compression, then raw samples or RLE row counts and rows."""
    h = samples.shape[0] if samples.size else 0
    dtype = '>u1' if depth == 8 else '>u2'
    rows = [samples[y].astype(dtype).tobytes() for y in range(h)]
    if not rle:
        return struct.pack('>H', 0) + b''.join(rows)
    packed = [packbits(r) for r in rows]
    return struct.pack('>H', 1) + b''.join(struct.pack('>H', len(p)) for p in packed) + b''.join(packed)


def pascal(name: str) -> bytes:
    raw = name.encode('mac_roman', errors='replace')[:255]
    data = struct.pack('>B', len(raw)) + raw
    return data + b'\0' * ((4 - len(data) % 4) % 4)


def block(key: bytes, data: bytes) -> bytes:
    return b'8BIM' + key + struct.pack('>I', len(data)) + data


def record(layer: dict, depth: int, rle: bool):
    top, left, bottom, right = layer['rect']
    chans = layer.get('channels', {})
    datas = [(cid, channel_bytes(chans[cid], depth, rle)) for cid in sorted(chans, key=lambda c: (c < 0, c))]
    rec = struct.pack('>4iH', top, left, bottom, right, len(datas))
    for cid, data in datas:
        rec += struct.pack('>hI', cid, len(data))
    flags = 0x08 | (0x02 if layer.get('hidden') else 0)
    rec += b'8BIM' + layer.get('blend', b'norm') + struct.pack('>BBBB', layer.get('opacity', 255), layer.get('clipping', 0), flags, 0)
    extra = struct.pack('>I', 0) + struct.pack('>I', 0) + pascal(layer['name'])
    if not layer.get('no_luni'):
        utf16 = layer['name'].encode('utf-16-be')
        extra += block(b'luni', struct.pack('>I', len(utf16) // 2) + utf16)
    if 'section' in layer:
        data = struct.pack('>I', layer['section'])
        if 'section_blend' in layer:
            data += b'8BIM' + layer['section_blend']
        extra += block(b'lsct', data)
    if 'fill' in layer:
        extra += block(b'iOpa', struct.pack('>B', layer['fill']) + b'\0\0\0')
    rec += struct.pack('>I', len(extra)) + extra
    return rec, b''.join(d for _, d in datas)


def psd_bytes(width: int, height: int, depth: int, layers: list, rle: bool) -> bytes:
    header = b'8BPS' + struct.pack('>H6xHIIHH', 1, 3, height, width, depth, 3)
    records, data = b'', b''
    for layer in layers:
        r, d = record(layer, depth, rle)
        records += r
        data += d
    info = struct.pack('>h', len(layers)) + records + data
    info += b'\0' * (len(info) % 2)
    section = struct.pack('>I', len(info)) + info + struct.pack('>I', 0)
    composite = struct.pack('>H', 0) + bytes(3 * width * height * (depth // 8))
    return header + struct.pack('>I', 0) + struct.pack('>I', 0) + struct.pack('>I', len(section)) + section + composite


def planes(h: int, w: int, depth: int, seed: int, alpha: bool = True) -> dict:
    """Red, green, blue (and transparency) samples with gradients and a soft-edged disc."""
    top = 255 if depth == 8 else 65535
    y, x = np.mgrid[0:h, 0:w].astype(np.float64)
    out = {
        0: np.round(top * ((x + seed) % max(w, 1)) / max(w, 1)),
        1: np.round(top * ((y * 3 + seed) % max(h, 1)) / max(h, 1)),
        2: np.round(top * (((x * 7 + y * 5 + seed * 11) % 97) / 97.0)),
    }
    if alpha:
        r = np.hypot(x - w / 2 + 0.5, y - h / 2 + 0.5) / (min(w, h) / 2 + 1e-9)
        out[-1] = np.round(top * np.clip(1.2 - r, 0, 1))
    return {k: v.astype(np.uint32) for k, v in out.items()}


def synthetic_layers(depth: int) -> list:
    w, h = 64, 48
    empty = {cid: np.zeros((0, 0), np.uint32) for cid in (-1, 0, 1, 2)}
    return [
        {'name': 'bäck', 'rect': (0, 0, h, w), 'channels': planes(h, w, depth, 1, alpha=False), 'no_luni': True},
        {'name': '</Layer group>', 'rect': (0, 0, 0, 0), 'channels': empty, 'section': 3, 'hidden': True},
        {'name': 'Ärm', 'rect': (-6, -10, 20, 30), 'channels': planes(26, 40, depth, 2)},
        {'name': 'clipped 腕', 'rect': (10, 20, 40, 60), 'channels': planes(30, 40, depth, 3), 'clipping': 1, 'fill': 128,
         'blend': b'scrn', 'opacity': 200},
        {'name': 'zero', 'rect': (5, 5, 5, 5), 'channels': empty},
        {'name': 'veiled', 'rect': (30, 2, 46, 18), 'channels': planes(16, 16, depth, 4), 'hidden': True},
        {'name': 'grüppe', 'rect': (0, 0, 0, 0), 'channels': empty, 'section': 1, 'section_blend': b'pass', 'opacity': 153},
    ]


def fnv1a64(data: bytes) -> str:
    h = 0xcbf29ce484222325
    for b in data:
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return '%016x' % h


def layer_rgba(layer, depth: int) -> bytes:
    r = layer._record
    w, h = r.right - r.left, r.bottom - r.top
    if w <= 0 or h <= 0:
        return b''
    scale = 255.0
    rgba = np.zeros((h, w, 4), np.uint8)
    rgba[:, :, 3] = 255
    color = layer.numpy('color')
    if color is not None:
        rgba[:, :, :color.shape[2]] = np.rint(color.astype(np.float64) * scale).astype(np.uint8)
    shape = layer.numpy('shape')
    if shape is not None:
        rgba[:, :, 3] = np.rint(shape[:, :, 0].astype(np.float64) * scale).astype(np.uint8)
    return rgba.tobytes()


def answers(path: str) -> dict:
    psd = PSDImage.open(path)
    records = psd._record.layer_and_mask_information.layer_info.layer_records
    def index_of(layer):
        return next(i for i, r in enumerate(records) if r is layer._record)
    layers = []
    seen = set()
    for layer in psd.descendants():
        # psd-tools gives a clipped layer twice: under its group and among its base's clips.
        if index_of(layer) in seen:
            continue
        seen.add(index_of(layer))
        r = layer._record
        fill = r.tagged_blocks.get_data(Tag.BLEND_FILL_OPACITY) if r.tagged_blocks else None
        entry = {
            'record': index_of(layer),
            'name': layer.name,
            'kind': 'group' if layer.is_group() else 'pixel',
            'parent': -1 if layer.parent is psd else index_of(layer.parent),
            'rect': [r.top, r.left, r.bottom, r.right],
            'opacity': layer.opacity,
            'fill_opacity': 255 if fill is None else int(fill),
            'visible': layer.visible,
            'blend_mode': layer.blend_mode.value.decode('latin-1'),
            'clipping': bool(r.clipping.value),
        }
        if not layer.is_group():
            entry['rgba_fnv1a64'] = fnv1a64(layer_rgba(layer, psd.depth))
        layers.append(entry)
    return {'width': psd.width, 'height': psd.height, 'depth': psd.depth, 'layers': layers}


def main():
    folder = sys.argv[1]
    for depth in (8, 16):
        for rle in (False, True):
            name = 'synthetic_%d_%s.psd' % (depth, 'rle' if rle else 'raw')
            with open(os.path.join(folder, name), 'wb') as f:
                f.write(psd_bytes(64, 48, depth, synthetic_layers(depth), rle))
    for name in sorted(os.listdir(folder)):
        if name.endswith('.psd'):
            with open(os.path.join(folder, name[:-4] + '.answer.json'), 'w') as f:
                json.dump(answers(os.path.join(folder, name)), f, indent=1, ensure_ascii=False)
                f.write('\n')
            print('make_test_psds: ' + name)


if __name__ == '__main__':
    main()
