"""Transcribe the shared fact files (../shared/data/*.json) into our own TOML tables.

Run once by hand when the facts change: `python tools/transcribe_tables.py /work/shared/data`.
Only facts are carried over (shapes, revenues, slots, coordinates, confidence notes); the
layout of the TOML is ours.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import tomli_w

ROOT = Path(__file__).resolve().parent.parent
NODE_KEYS = ("kind", "revenue", "slots", "groups")


def clean_node(node: dict[str, Any]) -> dict[str, Any]:
    out = {k: node[k] for k in NODE_KEYS if k in node}
    if isinstance(out.get("revenue"), dict):
        out["revenue"] = dict(node.get("revenue_by_color") or out["revenue"])
        if "revenue_d_train" in node:
            out["revenue"]["diesel"] = node["revenue_d_train"]
    return out


def clean_paths(paths: list[list[Any]]) -> list[list[str]]:
    return [[str(p[0]), str(p[1])] for p in paths]


def tiles(data: dict[str, Any]) -> dict[str, Any]:
    wanted: dict[str, dict[str, Any]] = {}
    la_map = data["lost_atlas_tile_map"]
    for game, manifest in data["manifests"].items():
        for key, count in manifest.items():
            name = la_map[key]["tile"] if game == "lost_atlas" else key
            entry = wanted.setdefault(name, {"counts": {}})
            entry["counts"][game] = count
            if game == "lost_atlas":
                entry["lost_atlas_id"] = key
                entry["lost_atlas_color"] = la_map[key]["game_color"]
    out: dict[str, Any] = {}
    for name in sorted(wanted, key=lambda n: (len(n), n)):
        src = data["tiles"][name]
        tile: dict[str, Any] = {"color": src["color"]}
        if src.get("label"):
            tile["label"] = src["label"]
        tile["nodes"] = [clean_node(n) for n in src["nodes"]]
        tile["paths"] = clean_paths(src["paths"])
        tile["counts"] = wanted[name]["counts"]
        if "lost_atlas_id" in wanted[name]:
            tile["lost_atlas_id"] = wanted[name]["lost_atlas_id"]
            tile["lost_atlas_color"] = wanted[name]["lost_atlas_color"]
        if "confidence" in src:
            tile["confidence"] = src["confidence"]
        tile["source"] = src.get("source", data["default_source"])
        out[name] = tile
    return {
        "about": (
            "Track tiles transcribed from shared/data/tiles.json. Edges 0-5 clockwise from the "
            "bottom (flat orientation); rotation r turns edge e into (e + r) mod 6. Paths join "
            "'eK' (edge K) and 'nK' (K-th node)."
        ),
        "tiles": out,
    }


def game_map(data: dict[str, Any], phase_colors: dict[str, str]) -> dict[str, Any]:
    hexes: dict[str, Any] = {}
    for name, src in data["hexes"].items():
        h: dict[str, Any] = {"color": src["color"]}
        if src.get("name"):
            h["name"] = src["name"]
        if src.get("label"):
            h["label"] = src["label"]
        if src["nodes"]:
            h["nodes"] = [clean_node(n) for n in src["nodes"]]
        if src["paths"]:
            h["paths"] = clean_paths(src["paths"])
        blocked = [b["edge"] for b in src.get("borders", []) if b.get("type") == "impassable"]
        if blocked:
            h["impassable"] = blocked
        hexes[name] = h
    return {
        "game": data["game"],
        "source": data["source"],
        "layout": data["layout"],
        "phases": phase_colors,
        "trains": {
            t["name"]: (0 if t["distance"] == "unlimited" else t["distance"])
            for t in data["trains"]
        },
        "corporations": {
            c["sym"]: {"name": c["name"], "home": c["home"]} for c in data["corporations"]
        },
        "hexes": hexes,
    }


def phase_colors(data: dict[str, Any]) -> dict[str, str]:
    return {p["name"]: p["tiles"][-1] for p in data["phases"]}


def pieces(data: dict[str, Any]) -> dict[str, Any]:
    out = []
    for piece in data["pieces"]:
        hexes = []
        for src in piece["hexes"]:
            h: dict[str, Any] = {
                "pos": src["pos"],
                "axial": src["axial"],
                "terrain": src["terrain"],
            }
            for key in ("home", "terrain_cost"):
                if key in src:
                    h[key] = src[key]
            if "city" in src:
                h["nodes"] = [{"kind": "city", "revenue": 0, "slots": src["city"]["slots"]}]
            printed = src.get("printed")
            if printed:
                nodes = []
                for n in printed["nodes"]:
                    node = {k: n[k] for k in ("kind", "slots") if k in n}
                    node["revenue"] = n["revenue"] if isinstance(n["revenue"], int) else 0
                    nodes.append(node)
                h["nodes"] = nodes
                h["paths"] = clean_paths(printed["paths"])
                if printed.get("symbol"):
                    h["label"] = printed["symbol"]
                h["confidence"] = str(printed.get("confidence", "see source"))
                h["source"] = str(printed.get("source", ""))
            hexes.append(h)
        out.append({"number": piece["number"], "copies": piece["copies"], "hexes": hexes})
    return {"about": data["what"], "frame": data["frame"], "pieces": out}


def main(src: Path) -> None:
    tiles_json = json.loads((src / "tiles.json").read_text())
    (ROOT / "tables" / "maps").mkdir(parents=True, exist_ok=True)
    (ROOT / "tables" / "tiles.toml").write_text(tomli_w.dumps(tiles(tiles_json)))
    for game in ("1889", "1830"):
        data = json.loads((src / f"{game}-map.json").read_text())
        text = tomli_w.dumps(game_map(data, phase_colors(data)))
        (ROOT / "tables" / "maps" / f"{game}.toml").write_text(text)
    la = json.loads((src / "lost-atlas-map-pieces.json").read_text())
    (ROOT / "tables" / "maps" / "lost_atlas_pieces.toml").write_text(tomli_w.dumps(pieces(la)))


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/work/shared/data"))
