"""Sealed JSON documents: a document that carries the sha256 of its own content, so that a damaged or
hand-edited answer is never read as one (sim/store.py keeps answers with them; results and manifests use
them too)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from sim.errors import InputError, RunDataError
from sim.output import atomic_write_bytes

SEAL = "content_sha256"  # the key under which a sealed JSON document keeps its own hash


def canonical(obj) -> bytes:
    """The bytes hashed for a JSON value: sorted keys, no whitespace, so a rewrite in another layout agrees."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), allow_nan=True).encode()


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def key_of(made_by) -> str:
    """The key of a result: the sha256 of everything that made it."""
    return sha256(canonical(made_by))


# ---------------------------------------------------------------- sealed JSON documents


def seal(doc: dict) -> dict:
    """The document with the sha256 of the rest of it under SEAL."""
    body = {k: v for k, v in doc.items() if k != SEAL}
    return {**body, SEAL: sha256(canonical(body))}


def check_seal(doc: dict, where: Path) -> dict:
    """The document, after checking that its content still hashes to its seal (RunDataError if not)."""
    if not isinstance(doc, dict) or SEAL not in doc:
        raise RunDataError(f"{where}: not written by this version of playout (it carries no {SEAL}): play it again")
    body = {k: v for k, v in doc.items() if k != SEAL}
    if sha256(canonical(body)) != doc[SEAL]:
        raise RunDataError(
            f"{where} was changed after playout wrote it (its content does not match its {SEAL}): "
            "an edited or damaged answer is never read"
        )
    return doc


def write_sealed(path: Path, doc: dict) -> dict:
    sealed = seal(doc)
    atomic_write_bytes(path, (json.dumps(sealed, indent=2) + "\n").encode())
    return sealed


def read_json(path: Path) -> dict:
    """A JSON object from path; InputError naming the file when it is missing, unreadable or not an object."""
    path = Path(path)
    if not path.is_file():
        raise InputError(f"{path}: no such file")
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise InputError(f"{path}: not valid JSON ({str(e).splitlines()[0]})") from None
    if not isinstance(doc, dict):
        raise InputError(f"{path}: expected a JSON object, found {type(doc).__name__}")
    return doc


def read_sealed(path: Path) -> dict:
    return check_seal(read_json(path), path)
