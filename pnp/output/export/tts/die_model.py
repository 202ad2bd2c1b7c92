"""A paper die as a Tabletop Simulator die: a 3D model (OBJ) textured with the die's own printed net.

Tabletop Simulator's "Custom Dice" take an image laid out on a template that ships with the game and
is not published; a "Custom Model" of type Dice takes any mesh and texture. Our nets are the solid
unfolded, so the printed net is the model's texture as it is: each face's corners in the mesh are
its corners on the page (its UV coordinates), and every face looks exactly as it prints. The rotation
values tell TTS which face is up after a roll (the number, or the face's id, in its roll message).
"""

from __future__ import annotations

import math
from typing import Any

from pnp.layout.pieces.dienet import net, solid
from pnp.layout.scene import Face

Vec = tuple[float, float, float]
INCH = 72.0  # points per TTS unit: a TTS unit is about an inch


def _sub(a: Vec, b: Vec) -> Vec:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def _cross(a: Vec, b: Vec) -> Vec:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _unit(a: Vec) -> Vec:
    n = math.sqrt(a[0] ** 2 + a[1] ** 2 + a[2] ** 2)
    return (a[0] / n, a[1] / n, a[2] / n)


def edge_of(kind: str, face: Face) -> float | None:
    """The edge (points) of the net drawn on `face`, or None when the face is not a net pnp folds."""
    try:
        unit = net(kind, 1.0)
    except ValueError:
        return None
    edge = face.w / unit.width
    return edge if abs(unit.height * edge - face.h) < 0.5 else None


def die_mesh(kind: str, edge: float) -> tuple[str, list[Vec]]:
    """The die as Wavefront OBJ text (units: TTS units, y up, faces counter-clockwise from outside, UVs on
    the net) and each face's outward normal in the OBJ's axes, by face index."""
    the_net = net(kind, edge)
    verts, faces = solid(kind, edge)
    turned = [(x / INCH, z / INCH, -y / INCH) for x, y, z in verts]  # the solid's z axis up (a proper rotation)
    lines = ["# pnp: a paper die, its net as the texture", "o die"]
    lines += [f"v {x:.6f} {y:.6f} {z:.6f}" for x, y, z in turned]
    normals: list[Vec] = []
    for nf in the_net.faces:
        ids = faces[nf.index]
        n = _unit(_cross(_sub(turned[ids[1]], turned[ids[0]]), _sub(turned[ids[2]], turned[ids[0]])))
        normals.append(n)
        lines.append(f"vn {n[0]:.6f} {n[1]:.6f} {n[2]:.6f}")
    uv = 0
    for nf in the_net.faces:
        corners = []
        for k, vid in enumerate(faces[nf.index]):
            x, y = nf.polygon[k]
            lines.append(f"vt {x / the_net.width:.6f} {1 - y / the_net.height:.6f}")
            uv += 1
            corners.append(f"{vid + 1}/{uv}/{nf.index + 1}")
        lines.append("f " + " ".join(corners))
    return "\n".join(lines) + "\n", normals


def up_rotation(normal: Vec) -> dict[str, float]:
    """Euler angles (degrees, Unity's: z, then x, then y) that turn a face with this outward normal (OBJ
    axes) to face up. Unity reads an OBJ mirrored in x (its axes are left-handed)."""
    nx, ny, nz = -normal[0], normal[1], normal[2]
    r = math.hypot(nx, ny)
    z = math.degrees(math.atan2(nx, ny)) if r > 1e-9 else 0.0
    x = math.degrees(math.atan2(-nz, r))
    return {"x": round(x % 360, 4), "y": 0.0, "z": round(z % 360, 4)}


def face_values(faces: list[Any] | None, count: int) -> list[str]:
    """What TTS says a roll shows: each face's number, else its id or symbol, else its place (1..count)."""
    out = []
    for i in range(count):
        data = faces[i] if faces and i < len(faces) and isinstance(faces[i], dict) else {}
        value = next((data[k] for k in ("number", "id", "symbol") if data.get(k) is not None), i + 1)
        out.append(str(value))
    return out


def die_object(name: str, mesh_url: str, texture_url: str, normals: list[Vec], values: list[str],
               transform: dict[str, float]) -> dict[str, Any]:
    """TTS's saved state of the die: a Custom_Model of type Dice, cardboard, with its rotation values."""
    return {"Name": "Custom_Model", "Transform": transform, "Nickname": name, "Description": "",
            "CustomMesh": {"MeshURL": mesh_url, "DiffuseURL": texture_url, "NormalURL": "", "ColliderURL": "",
                           "Convex": True, "MaterialIndex": 3, "TypeIndex": 2, "CastShadows": True},
            "RotationValues": [{"Value": value, "Rotation": up_rotation(n)}
                               for value, n in zip(values, normals, strict=True)]}
