"""Output locations: the one place that checks, creates, locks and writes into them.

Every command that writes (run, report, sweep, value, matrix, stats --csv, regress) goes through here,
so each gets the same care:

- `check(text, option)` validates a location before anything is created: not empty, not an existing
  file, inside a directory that can be written, every new name short enough for the file system;
- `OutputDir(path, option)` (a context manager) creates the directories, takes an exclusive lock (the file
  .playout-lock) so two commands never write into one location at once, and on a failure removes what it
  created as long as nothing was written into it, and removes the temporary files a killed writer left in
  it; a fault of the machine while creating (a full disk) is a WriteError (exit code 1), not bad input;
- `atomic_write` / `atomic_write_bytes`: a file appears whole or not at all (a temporary file, fsync,
  rename, fsync of the directory), with the permissions the user's umask gives; a failure while writing
  (a full disk, an I/O error) becomes a WriteError naming the file (exit code 1).
"""

from __future__ import annotations

import errno
import os
import re
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from sim.errors import RunDirError, WriteError

LOCK_FILE = ".playout-lock"


def check(text: str | Path, option: str) -> Path:
    """The location as a Path, after checking that it can be used; creates nothing."""
    if not str(text).strip():
        raise RunDirError(f"{option} is empty: name a directory")
    path = Path(text)
    try:
        return _checked(path, option)
    except OSError as e:  # the path cannot even be looked at (a name too long, a loop of links...)
        raise RunDirError(f"{option} {path} cannot be written ({e.strerror or e})") from None


def _checked(path: Path, option: str) -> Path:
    if path.exists() and not path.is_dir():
        raise RunDirError(f"{option} {path} is an existing file, not a directory")
    existing, new_names = _nearest_existing(path)
    if not existing.is_dir():
        raise RunDirError(f"{option} {path} cannot be written ({existing} is a file)")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise RunDirError(f"{option} {path} cannot be written ({existing} is read-only for this user)")
    try:
        longest = os.pathconf(existing, "PC_NAME_MAX")
    except (OSError, ValueError):
        longest = 255
    for name in new_names:
        if len(name.encode()) > longest:
            raise RunDirError(
                f"{option} {path} cannot be written (a name of {len(name.encode())} bytes; this file system "
                f"allows {longest})"
            )
    return path


def _nearest_existing(path: Path) -> tuple[Path, list[str]]:
    """The deepest existing ancestor of path (or path itself) and the names below it still to create."""
    probe, names = path.absolute(), []
    while not probe.exists() and probe != probe.parent:
        names.append(probe.name)
        probe = probe.parent
    return probe, names[::-1]


class OutputDir:
    """A checked, created and locked output directory, for the duration of a `with` block."""

    def __init__(self, path: str | Path, option: str = "--out", lock: bool = True):
        self.path = check(path, option)
        self.option = option
        self.lock = lock  # False for a directory that only receives single atomic files (the baselines)
        self._created: list[Path] = []
        self._lock_fd: int | None = None

    def __enter__(self) -> OutputDir:
        existing, names = _nearest_existing(self.path)
        try:
            for name in names:
                existing = existing / name
                existing.mkdir()
                self._created.append(existing)
            if self.lock:
                self._lock()
        except OSError as e:
            self._remove_created()
            raise refusal(e, f"{self.option} {self.path}") from None
        except BaseException:
            self._remove_created()
            raise
        if self.lock:
            remove_stale_temps(self.path)  # ours now: a temp file here is a killed writer's, never finished
        return self

    def _lock(self) -> None:
        try:
            import fcntl
        except ImportError:  # no flock on this platform: the directory is used unlocked
            return

        fd = os.open(self.path / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o666)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 64).decode(errors="replace").strip() or "unknown"
            os.close(fd)
            raise RunDirError(
                f"{self.option} {self.path} is in use by another playout command (process {holder}): "
                "wait for it to finish, or choose another directory"
            ) from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self._lock_fd = fd

    def __exit__(self, exc_type, exc, tb) -> bool:
        if exc_type is not None:
            self._remove_created()
        if self._lock_fd is not None:
            os.close(self._lock_fd)  # closing releases the lock
            self._lock_fd = None
        return False

    def _remove_created(self) -> None:
        """Undo the directories this command created, if nothing but the lock file was written in them."""
        if not self._created:
            return
        lock = self.path / LOCK_FILE
        if lock.exists() and [p.name for p in self.path.iterdir()] == [LOCK_FILE]:
            lock.unlink()
        for d in reversed(self._created):
            try:
                d.rmdir()
            except OSError:
                break  # not empty: something was written, keep it


# What the user can change (another location, permissions, a shorter name): bad input, exit code 2. Any other
# refusal (a full disk, a quota, an I/O error) is a fault of the machine: exit code 1, like a failed write.
USER_ERRNOS = frozenset({errno.EACCES, errno.EPERM, errno.EROFS, errno.ENAMETOOLONG, errno.ENOTDIR, errno.EEXIST,
                         errno.ELOOP, errno.EISDIR})  # fmt: skip


def refusal(error: OSError, where: str) -> RunDirError | WriteError:
    """The one-line error for an OSError while creating or locking `where` (the option and the path)."""
    if error.errno in USER_ERRNOS:
        return RunDirError(f"{where} cannot be written ({error.strerror or error})")
    return WriteError(f"cannot create {where} ({error.strerror or error})")


def is_temp(name: str) -> bool:
    """Whether a file name is one of atomic_write's temporary files (.NAME.PID.HEX.tmp)."""
    return re.fullmatch(r"\..+\.\d+\.[0-9a-f]{8}\.tmp", name) is not None


def remove_stale_temps(directory: Path) -> list[Path]:
    """Remove atomic_write's temporary files left in `directory` by a writer that was killed (kill -9, a power
    cut) before it could rename or remove them; the caller holds the directory's lock, so no writer is live.
    The files removed."""
    try:
        stale = [p for p in directory.iterdir() if is_temp(p.name) and p.is_file()]
    except OSError:
        return []
    for p in stale:
        p.unlink(missing_ok=True)
    return stale


def atomic_write(path: str | Path, write: Callable[[BinaryIO], None]) -> Path:
    """Write a file through write(f) so that it appears whole or not at all, durably. Its directory must
    exist (OutputDir creates it)."""
    path = Path(path)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)  # the umask decides who may read it
        with os.fdopen(fd, "wb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        fsync_dir(path.parent)
    except BaseException as e:
        tmp.unlink(missing_ok=True)
        if isinstance(e, OSError):
            raise WriteError(f"cannot write {path} ({e.strerror or e})") from None
        raise
    return path


def atomic_write_bytes(path: str | Path, data: bytes) -> Path:
    return atomic_write(path, lambda f: f.write(data))


def fsync_dir(path: Path) -> None:
    """Make a rename or unlink in `path` durable (where the file system supports syncing a directory)."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError as e:
        if e.errno not in (errno.EINVAL, errno.EBADF, errno.EROFS):
            raise
    finally:
        os.close(fd)
