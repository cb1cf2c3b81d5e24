"""The CMYK ICC profile printkit ships, fitted to public characterization data of offset printing.

Fogra's FOGRA39L data set (1,617 patches measured on ISO 12647-2:2004/Amd 1 offset, paper type 1 and 2, the printing
condition FOGRA39 names; Debian's icc-profiles-free package holds it under the zlib licence) gives the press: its 16
Neugebauer primaries as measured, each ink's effective coverage read off its own measured ramp, and the Yule-Nielsen
factor that brings all patches closest (:func:`fit`: median dE76 2.6 against the measurements, 95 % within 4.9).
:func:`profile_bytes` writes it as an ICC v2 output profile: CMYK -> Lab (``A2B0``/``A2B1``/``A2B2``) by the model on an
11-point grid, and Lab -> CMYK (``B2A0``/``B2A1``/``B2A2``) by inverting it on a 25-point grid, with medium
grey-component replacement and 300 % total ink. Nothing here runs in a build: ``python -m printkit.draw.press_model
printkit/draw/profiles/printkit-fogra39.icc`` writes the profile, and a test checks the shipped file against the data.
"""

from __future__ import annotations

import struct
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

FOGRA39 = Path("/usr/share/color/icc/FOGRA39L.ti3")
"""Where Debian's icc-profiles-free package puts Fogra's FOGRA39L characterization data (CGATS text, zlib licence)."""
MAX_INK = 3.0
B2A_POINTS = 25
"""Grid points per axis of the Lab -> CMYK table (25^3 nodes: 125 KB, 60 KB in a PDF)."""
D50 = np.array([0.9642, 1.0, 0.8249])
DESCRIPTION = "printkit FOGRA39 (fitted to FOGRA39L data)"
COPYRIGHT = ("No copyright: made by printkit from Fogra's FOGRA39L characterization data "
             "(ISO 12647-2:2004/Amd 1, paper type 1/2); free to use, copy and embed")


def read_ti3(path: Path) -> tuple[np.ndarray, np.ndarray]:
    """A CGATS characterization file's CMYK (0-1) and XYZ (white of the perfect diffuser: Y 1) columns."""
    lines = path.read_text(encoding="latin-1").replace("\r", "").splitlines()
    fields = lines[lines.index("BEGIN_DATA_FORMAT") + 1].split()
    rows = [line.split() for line in lines[lines.index("BEGIN_DATA") + 1:lines.index("END_DATA")]]
    table = np.array([[float(v) for v in row] for row in rows])
    cmyk = table[:, [fields.index(f"CMYK_{ink}") for ink in "CMYK"]] / 100
    xyz = table[:, [fields.index(f"XYZ_{axis}") for axis in "XYZ"]] / 100
    return cmyk, xyz


def xyz_to_lab(xyz: np.ndarray) -> np.ndarray:
    """XYZ to CIELAB (D50)."""
    t = xyz / D50
    e = 6 / 29
    f = np.where(t > e ** 3, np.cbrt(np.maximum(t, 0)), t / (3 * e * e) + 4 / 29)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], axis=-1)


@dataclass(frozen=True)
class Model:
    """A press fitted to characterization data: Yule-Nielsen-modified Neugebauer in XYZ, the 16 primaries measured,
    each ink's effective coverage read off its own measured ramp."""

    primaries: np.ndarray
    """XYZ of the 16 Neugebauer primaries, indexed by the bits C=1, M=2, Y=4, K=8."""
    levels: tuple[np.ndarray, ...]
    """Per ink: the nominal tone values of its measured ramp (0-1)."""
    areas: tuple[np.ndarray, ...]
    """Per ink: the effective coverage each of those prints (tone value increase included)."""
    n: float
    """The Yule-Nielsen factor."""

    @property
    def paper(self) -> np.ndarray:
        return self.primaries[0]

    def xyz(self, cmyk: np.ndarray) -> np.ndarray:
        """CMYK (0-1, ``...x4``) to the XYZ the press prints."""
        a = np.stack([np.interp(cmyk[..., i], self.levels[i], self.areas[i]) for i in range(4)], axis=-1)
        weights = np.ones(cmyk.shape[:-1] + (16,))
        for bits in range(16):
            for ink in range(4):
                weights[..., bits] *= a[..., ink] if bits >> ink & 1 else 1 - a[..., ink]
        return (weights @ self.primaries ** (1 / self.n)) ** self.n

    def relative_lab(self, cmyk: np.ndarray) -> np.ndarray:
        """CMYK to media-relative CIELAB (the paper L 100, a 0, b 0): what an ICC output profile's A2B tables hold."""
        return xyz_to_lab(self.xyz(cmyk) / self.paper * D50)


def fit(cmyk: np.ndarray, xyz: np.ndarray) -> Model:
    """The model of a characterization data set: its primaries as measured, ink ramps inverted through the
    Yule-Nielsen formula, the factor n (1 to 4 in steps of 0.1) that brings the patches closest (median dE76)."""
    solid = (cmyk == 0) | (cmyk == 1)
    primaries = np.zeros((16, 3))
    for bits in range(16):
        target = np.array([bits >> ink & 1 for ink in range(4)])
        rows = np.all(solid, axis=1) & np.all(cmyk == target, axis=1)
        primaries[bits] = xyz[rows].mean(axis=0)
    best: tuple[float, Model] | None = None
    for n in np.round(np.arange(1.0, 4.01, 0.1), 2):
        levels, areas = [], []
        for ink in range(4):
            others = [i for i in range(4) if i != ink]
            ramp = np.all(cmyk[:, others] == 0, axis=1)
            values = sorted(set(cmyk[ramp, ink]))
            p0, p1 = primaries[0] ** (1 / n), primaries[1 << ink] ** (1 / n)
            found = []
            for v in values:
                r = xyz[ramp & (cmyk[:, ink] == v)].mean(axis=0) ** (1 / n)
                found.append(float(np.clip(np.dot(p0 - r, p0 - p1) / np.dot(p0 - p1, p0 - p1), 0, 1)))
            levels.append(np.array(values))
            areas.append(np.maximum.accumulate(np.array(found)))
        model = Model(primaries, tuple(levels), tuple(areas), float(n))
        error = float(np.median(np.linalg.norm(model.relative_lab(cmyk) - xyz_to_lab(xyz / primaries[0] * D50), axis=1)))
        if best is None or error < best[0]:
            best = (error, model)
    assert best is not None
    return best[1]


def gcr_black(lab: np.ndarray) -> np.ndarray:
    """The black a colour starts from (medium grey-component replacement): none above L* 85, full at the darkest
    neutrals, less as chroma grows."""
    lightness = np.clip((85 - lab[..., 0]) / (85 - 12), 0, 1) ** 1.3
    chroma = np.hypot(lab[..., 1], lab[..., 2])
    return lightness * np.clip(1 - chroma / 70, 0.25, 1)


def lab_to_cmyk(model: Model, lab: np.ndarray, iterations: int = 60) -> np.ndarray:
    """The inverse: for each media-relative Lab the CMYK (total ink <= 300 %) that prints closest, its black near
    :func:`gcr_black` (damped Gauss-Newton over the model; out-of-gamut colours land on the nearest printable one)."""
    k0 = gcr_black(lab)
    x = np.stack([np.full(k0.shape, 0.3), np.full(k0.shape, 0.3), np.full(k0.shape, 0.3), k0], axis=-1)
    weight = np.array(4.0)

    def residual(v: np.ndarray) -> np.ndarray:
        over = np.maximum(v.sum(axis=-1) - MAX_INK, 0)
        return np.concatenate([model.relative_lab(v) - lab, (weight * (v[..., 3] - k0))[..., None], (200 * over)[..., None]], axis=-1)

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


def a2b_table(model: Model) -> bytes:
    """The ``A2B0`` tag: the model on an 11-point CMYK grid."""
    axis = np.linspace(0, 1, 11)
    grid = np.stack(np.meshgrid(axis, axis, axis, axis, indexing="ij"), axis=-1).reshape(-1, 4)
    return _mft2(4, 3, 11, _lab16(model.relative_lab(grid)))


def profile_bytes(model: Model) -> bytes:
    """The ICC profile of ``model`` (deterministic: the same bytes on every run)."""
    lab_axis = np.linspace(0, 1, B2A_POINTS)
    lab_grid = np.stack(np.meshgrid(lab_axis, lab_axis, lab_axis, indexing="ij"), axis=-1).reshape(-1, 3)
    labs = np.stack([lab_grid[:, 0] * 65535 / 652.8, lab_grid[:, 1] * 65535 / 256 - 128, lab_grid[:, 2] * 65535 / 256 - 128], axis=-1)
    cmyk = lab_to_cmyk(model, np.minimum(labs, [100.0, 127.996, 127.996]))
    b2a = np.clip(np.round(cmyk * 65535), 0, 65535)
    tags: list[tuple[bytes, bytes]] = [
        (b"desc", _text_desc(DESCRIPTION)),
        (b"cprt", b"text" + bytes(4) + COPYRIGHT.encode("ascii") + b"\0"),
        (b"wtpt", b"XYZ " + bytes(4) + b"".join(_s15(v) for v in model.paper)),
        (b"A2B0", a2b_table(model)),
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
    """Write the profile fitted to FOGRA39L (or the .ti3 file given first) to the file named last."""
    if len(argv) not in (1, 2):
        print("usage: python -m printkit.draw.press_model [DATA.ti3] OUT.icc", file=sys.stderr)
        return 2
    cmyk, xyz = read_ti3(Path(argv[0]) if len(argv) == 2 else FOGRA39)
    with open(argv[-1], "wb") as out:
        out.write(profile_bytes(fit(cmyk, xyz)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
