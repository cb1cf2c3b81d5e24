"""The CMYK ICC profile printkit ships, made from public characterization data of offset printing.

ISO 12647-2:2004/Amd 1 (paper type 1, gloss coated, the printing condition FOGRA39 characterizes) publishes the
CIELAB aim values of the paper, the four inks, their two- and three-colour overprints, and the tone value increase
at 50 %. From those this module models the press (Demichel's area weights over the 16 Neugebauer primaries, in
XYZ; tone value increase as a parabola through the 50 % aim; overprints with black by the reflectances' product),
then writes an ICC v2 output profile: CMYK -> Lab (``A2B0``/``A2B1``/``A2B2``) by the model on an 11-point grid, and
Lab -> CMYK (``B2A0``/``B2A1``/``B2A2``) by inverting it on a 25-point grid, with medium grey-component replacement
and 300 % total ink. Nothing here runs in a build: ``python -m printkit.draw.press_model FILE`` writes the profile
(``printkit/draw/profiles/printkit-fogra39-model.icc``), and a test checks that the shipped file is what this
module writes. It is a model of the aims, not a press measured: docs/development.md states its expected accuracy.
"""

from __future__ import annotations

import struct
import sys

import numpy as np

PAPER = (95.0, 0.0, -2.0)
SOLIDS = {  # CIELAB (D50, 2 degrees) aims of ISO 12647-2:2004/Amd 1, paper type 1
    "C": (55.0, -37.0, -50.0), "M": (48.0, 74.0, -3.0), "Y": (89.0, -5.0, 93.0), "K": (16.0, 0.0, 0.0),
    "MY": (47.0, 68.0, 48.0), "CY": (50.0, -65.0, 27.0), "CM": (24.0, 22.0, -46.0), "CMY": (23.0, 0.0, 0.0),
}
TVI_50 = (0.14, 0.14, 0.14, 0.17)
"""Tone value increase at 50 % for C, M, Y and K."""
MAX_INK = 3.0
B2A_POINTS = 25
"""Grid points per axis of the Lab -> CMYK table (25^3 nodes: 125 KB, 60 KB in a PDF)."""
D50 = np.array([0.9642, 1.0, 0.8249])
DESCRIPTION = "printkit FOGRA39 model (ISO 12647-2 PT1 aims)"
COPYRIGHT = ("No copyright: made by printkit from the ISO 12647-2:2004/Amd 1 paper type 1 aim values; "
             "free to use, copy and embed")


def lab_to_xyz(lab: np.ndarray) -> np.ndarray:
    """CIELAB (D50) to XYZ (Y of the perfect white 1)."""
    fy = (lab[..., 0] + 16) / 116
    fx, fz = fy + lab[..., 1] / 500, fy - lab[..., 2] / 200
    e = 6 / 29

    def inv(f: np.ndarray) -> np.ndarray:
        return np.where(f > e, f ** 3, 3 * e * e * (f - 4 / 29))

    return np.stack([inv(fx), inv(fy), inv(fz)], axis=-1) * D50


def xyz_to_lab(xyz: np.ndarray) -> np.ndarray:
    """XYZ to CIELAB (D50)."""
    t = xyz / D50
    e = 6 / 29
    f = np.where(t > e ** 3, np.cbrt(np.maximum(t, 0)), t / (3 * e * e) + 4 / 29)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], axis=-1)


def _primaries() -> np.ndarray:
    """XYZ of the 16 Neugebauer primaries, indexed by the bits C=1, M=2, Y=4, K=8."""
    paper = lab_to_xyz(np.array(PAPER))
    known = {0: paper}
    for name, lab in SOLIDS.items():
        known[sum({"C": 1, "M": 2, "Y": 4, "K": 8}[ch] for ch in name)] = lab_to_xyz(np.array(lab))
    black = known[8] / paper
    for bits in range(16):
        if bits not in known:
            known[bits] = known[bits & 7] * black  # an overprint with black: the reflectances multiply
    return np.array([known[b] for b in range(16)])


PRIMARIES = _primaries()
PAPER_XYZ = PRIMARIES[0]


def effective(cmyk: np.ndarray) -> np.ndarray:
    """Tone values as printed: each ink's value plus its tone value increase (a parabola through the 50 % aim)."""
    return np.clip(cmyk + 4 * np.array(TVI_50) * cmyk * (1 - cmyk), 0, 1)


def cmyk_to_xyz(cmyk: np.ndarray) -> np.ndarray:
    """The model: CMYK (0-1, ``...x4``) to the XYZ the press prints (Demichel-Neugebauer)."""
    a = effective(cmyk)
    weights = np.ones(cmyk.shape[:-1] + (16,))
    for bits in range(16):
        for ink in range(4):
            share = a[..., ink] if bits >> ink & 1 else 1 - a[..., ink]
            weights[..., bits] *= share
    return weights @ PRIMARIES


def relative_lab(cmyk: np.ndarray) -> np.ndarray:
    """CMYK to media-relative CIELAB (the paper is L 100, a 0, b 0): what an ICC output profile's A2B tables hold."""
    return xyz_to_lab(cmyk_to_xyz(cmyk) / PAPER_XYZ * D50)


def gcr_black(lab: np.ndarray) -> np.ndarray:
    """The black a colour starts from (medium grey-component replacement): none above L* 85, full at the darkest
    neutrals, less as chroma grows."""
    lightness = np.clip((85 - lab[..., 0]) / (85 - 12), 0, 1) ** 1.3
    chroma = np.hypot(lab[..., 1], lab[..., 2])
    return lightness * np.clip(1 - chroma / 70, 0.25, 1)


def lab_to_cmyk(lab: np.ndarray, iterations: int = 60) -> np.ndarray:
    """The inverse: for each media-relative Lab the CMYK (total ink <= 300 %) that prints closest, its black near
    :func:`gcr_black` (damped Gauss-Newton over the model; out-of-gamut colours land on the nearest printable one)."""
    k0 = gcr_black(lab)
    x = np.stack([np.full(k0.shape, 0.3), np.full(k0.shape, 0.3), np.full(k0.shape, 0.3), k0], axis=-1)
    weight = np.array(4.0)

    def residual(v: np.ndarray) -> np.ndarray:
        over = np.maximum(v.sum(axis=-1) - MAX_INK, 0)
        return np.concatenate([relative_lab(v) - lab, (weight * (v[..., 3] - k0))[..., None], (200 * over)[..., None]], axis=-1)

    damping = np.full(k0.shape, 1e-2)
    for _ in range(iterations):
        r = residual(x)
        jac = np.empty(r.shape + (4,))
        for i in range(4):
            step = np.zeros(4)
            step[i] = 1e-4
            jac[..., i] = (residual(np.clip(x + step, 0, 1)) - r) / 1e-4
        jt = np.swapaxes(jac, -1, -2)
        normal = jt @ jac + damping[..., None, None] * np.eye(4)
        delta = np.linalg.solve(normal, -(jt @ r[..., None]))[..., 0]
        trial = np.clip(x + delta, 0, 1)
        better = (residual(trial) ** 2).sum(axis=-1) < (r ** 2).sum(axis=-1)
        x = np.where(better[..., None], trial, x)
        damping = np.where(better, damping * 0.3, damping * 10)
    total = x.sum(axis=-1)
    over = total > MAX_INK
    scale = np.where(over, (MAX_INK - x[..., 3]) / np.maximum(x[..., :3].sum(axis=-1), 1e-9), 1.0)
    x[..., :3] *= scale[..., None]
    return x


def _s15(value: float) -> bytes:
    return struct.pack(">i", round(value * 65536))


def _lab16(lab: np.ndarray) -> np.ndarray:
    """Lab as the ICC v2 16-bit legacy encoding of lut16 tables (L 0-100 -> 0-0xFF00, a/b -128..+128 -> 0-0xFFFF)."""
    out = np.empty(lab.shape)
    out[..., 0] = lab[..., 0] * 652.8
    out[..., 1:] = (lab[..., 1:] + 128) * 256
    return np.clip(np.round(out), 0, 65535).astype(">u2")


def _mft2(inputs: int, outputs: int, grid: int, table: np.ndarray) -> bytes:
    """An ICC ``lut16Type`` with identity matrix and linear input and output curves of two entries."""
    head = b"mft2" + bytes(4) + bytes([inputs, outputs, grid, 0])
    matrix = b"".join(_s15(v) for v in (1, 0, 0, 0, 1, 0, 0, 0, 1))
    curves = struct.pack(">HH", 2, 2)
    linear = np.array([0, 65535], dtype=">u2").tobytes()
    return head + matrix + curves + linear * inputs + table.astype(">u2").tobytes() + linear * outputs


def _text_desc(text: str) -> bytes:
    ascii_text = text.encode("ascii") + b"\0"
    return b"desc" + bytes(4) + struct.pack(">I", len(ascii_text)) + ascii_text + bytes(4) + bytes(4) + bytes(2 + 1 + 67)


def profile_bytes() -> bytes:
    """The ICC profile (deterministic: the same bytes on every run)."""
    axis = np.linspace(0, 1, 11)
    grid = np.stack(np.meshgrid(axis, axis, axis, axis, indexing="ij"), axis=-1).reshape(-1, 4)
    a2b = _lab16(relative_lab(grid))
    lab_axis = np.linspace(0, 1, B2A_POINTS)
    lab_grid = np.stack(np.meshgrid(lab_axis, lab_axis, lab_axis, indexing="ij"), axis=-1).reshape(-1, 3)
    labs = np.stack([lab_grid[:, 0] * 65535 / 652.8, lab_grid[:, 1] * 65535 / 256 - 128, lab_grid[:, 2] * 65535 / 256 - 128], axis=-1)
    cmyk = lab_to_cmyk(np.minimum(labs, [100.0, 127.996, 127.996]))
    b2a = np.clip(np.round(cmyk * 65535), 0, 65535)
    tags: list[tuple[bytes, bytes]] = [
        (b"desc", _text_desc(DESCRIPTION)),
        (b"cprt", b"text" + bytes(4) + COPYRIGHT.encode("ascii") + b"\0"),
        (b"wtpt", b"XYZ " + bytes(4) + b"".join(_s15(v) for v in PAPER_XYZ)),
        (b"A2B0", _mft2(4, 3, 11, a2b)),
        (b"B2A0", _mft2(3, 4, B2A_POINTS, b2a)),
    ]
    shared = {b"A2B1": b"A2B0", b"A2B2": b"A2B0", b"B2A1": b"B2A0", b"B2A2": b"B2A0"}
    count = len(tags) + len(shared)
    offset = 128 + 4 + 12 * count
    placed: dict[bytes, tuple[int, int]] = {}
    body = b""
    for sig, data in tags:
        placed[sig] = (offset + len(body), len(data))
        body += data + bytes(-len(data) % 4)
    table = struct.pack(">I", count) + b"".join(struct.pack(">4sII", sig, *placed[sig]) for sig, _ in tags)
    table += b"".join(struct.pack(">4sII", sig, *placed[source]) for sig, source in shared.items())
    size = 128 + len(table) + len(body)
    header = struct.pack(">I4sI4s4s4s6H4s4sIII", size, b"lcms", 0x02100000, b"prtr", b"CMYK", b"Lab ",
                         2026, 1, 1, 0, 0, 0, b"acsp", b"", 0, 0, 0)
    header += bytes(8) + struct.pack(">I", 0) + b"".join(_s15(v) for v in D50) + b"pkit" + bytes(16) + bytes(28)
    assert len(header) == 128
    return header + table + body


def main(argv: list[str]) -> int:
    """Write the profile to the file named on the command line."""
    if len(argv) != 1:
        print("usage: python -m printkit.draw.press_model FILE", file=sys.stderr)
        return 2
    with open(argv[0], "wb") as out:
        out.write(profile_bytes())
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
