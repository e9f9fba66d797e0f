"""File output, in one place: every file the toolkit writes goes through here.

What may be written (:func:`check_output_path`): a *regular file*, new or existing.  Refused,
with one :class:`~attnlogic.kernel.errors.InputError` naming the parameter ``path``:

* an empty name, a name ending in a path separator (``out/``), ``.`` or ``..``;
* an existing directory, device, FIFO or socket (an atomic rename would replace a device
  node such as ``/dev/null`` by a regular file);
* a symbolic link as the last component — **symlinks are refused, never followed**: a rename
  onto a link replaces the link, following it would write outside the folder named; give the
  real path instead (links in the folders above are resolved as usual);
* anything under a kernel pseudo file system (``/proc``, ``/sys``, ``/dev``), after resolving
  the folder's links;
* a folder that exists but is not a directory;
* with ``new_folders=False`` (every single-file output of the command line: ``dfa --out``,
  ``compile --out``/``--onnx``/``--torch-export``): a folder that does not exist — one line,
  never a tree of folders created by a typo.  The writers create missing folders otherwise
  (reports and experiment folders).

How (:func:`write_files_atomic`): each file is written to a temporary file in its target
folder, flushed to disk, then renamed over the target (``os.replace``), so a reader never
sees a partial file and an interrupted run leaves the old file intact.  Several files (a
model's weights and sidecar) are one unit: all temporary files are written first, then
renamed; when a rename fails the targets already renamed are put back as they were (an
existing file is kept aside as a hard link until the unit is complete), so a failure leaves
neither a new file nor a temporary one behind.  Files get the usual permissions (0666 minus
the umask), not mkstemp's 0600.  Any operating-system error becomes an InputError.

Reading with limits: :func:`read_text_capped` reads at most ``max_bytes`` characters (a
device such as ``/dev/zero`` is read no further), :func:`strict_json_loads` parses JSON
refusing duplicate keys, integers of more than ``max_int_digits`` digits and NaN/Infinity
(:class:`StrictJSONError`, a ValueError with the reason).
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
from pathlib import Path

from .errors import InputError
from .signals import signals_held

__all__ = ["read_text_capped", "strict_json_loads", "StrictJSONError", "check_output_path", "write_files_atomic", "write_bytes_atomic", "write_text_atomic",
           "write_json_atomic", "save_figure_atomic", "sidecar_path", "PSEUDO_FILESYSTEMS"]

#: folders whose files are kernel interfaces, never data files
PSEUDO_FILESYSTEMS = ("/proc", "/sys", "/dev")


class StrictJSONError(ValueError):
    """What :func:`strict_json_loads` refuses (beyond malformed JSON)."""


def _no_duplicates(pairs):
    obj = {}
    for key, value in pairs:
        if key in obj:
            raise StrictJSONError(f"duplicate key {key!r}")
        obj[key] = value
    return obj


def _no_constant(name: str):
    raise StrictJSONError(f"{name} is not allowed")


def strict_json_loads(text: str, max_int_digits: int = 12):
    """``json.loads`` that refuses duplicate keys, integers of more than ``max_int_digits``
    digits and NaN/Infinity (StrictJSONError); json.JSONDecodeError for malformed JSON."""
    def bounded_int(s: str) -> int:
        digits = len(s.lstrip("-"))
        if digits > max_int_digits:
            raise StrictJSONError(f"an integer of {digits} digits (at most {max_int_digits})")
        return int(s)

    return json.loads(text, object_pairs_hook=_no_duplicates, parse_int=bounded_int,
                      parse_constant=_no_constant)


def read_text_capped(path, max_bytes: int) -> str:
    """The UTF-8 text of ``path`` (``-``: standard input), at most ``max_bytes`` characters;
    InputError when longer, unreadable or not UTF-8."""
    import sys

    try:
        if path == "-":
            text = sys.stdin.read(max_bytes + 1)
        else:
            with open(path, encoding="utf-8") as fh:
                text = fh.read(max_bytes + 1)
    except OSError as exc:
        raise InputError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise InputError(f"{path}: not UTF-8 text") from None
    if len(text) > max_bytes:
        raise InputError(f"{path}: longer than max_bytes = {max_bytes} characters",
                         parameters=("max_bytes",))
    return text


def _refuse(path, reason: str) -> InputError:
    return InputError(f"cannot write {str(path)!r}: {reason}", parameters=("path",))


def _under_pseudo(folder: str) -> bool:
    real = os.path.realpath(folder)
    return any(real == p or real.startswith(p + os.sep) for p in PSEUDO_FILESYSTEMS)


def check_output_path(path, *, new_folders: bool = True) -> Path:
    """``path`` as a :class:`Path` when it may be written (see the module docstring), else
    InputError.  Does not create anything; ``new_folders=False`` also refuses a path whose
    folder does not exist."""
    text = os.fspath(path) if isinstance(path, os.PathLike) else path
    if not isinstance(text, str):
        raise InputError(f"an output path must be a string, got {type(path).__name__}",
                         parameters=("path",))
    if text.strip() == "":
        raise _refuse(text, "empty file name")
    if "\x00" in text:
        raise _refuse(text, "the name contains a NUL character")
    if text.endswith(("/", os.sep)) or os.path.basename(text) in (".", ".."):
        raise _refuse(text, "the name ends in a folder, not a file name")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise _refuse(text.encode("utf-8", "backslashreplace").decode(), "the name is not valid Unicode") from None
    p = Path(text)
    folder = os.path.dirname(text) or "."
    if _under_pseudo(folder):
        raise _refuse(text, f"it lies under a kernel pseudo file system ({', '.join(PSEUDO_FILESYSTEMS)})")
    try:
        st = os.lstat(text)
    except (FileNotFoundError, NotADirectoryError):
        st = None
    except OSError as exc:
        raise _refuse(text, exc.strerror or str(exc)) from None
    if st is not None:
        if stat.S_ISLNK(st.st_mode):
            raise _refuse(text, "it is a symbolic link (links are not followed; give the real path)")
        if stat.S_ISDIR(st.st_mode):
            raise _refuse(text, "it is a directory")
        if not stat.S_ISREG(st.st_mode):
            raise _refuse(text, "it is not a regular file (a device, FIFO or socket)")
    # every existing ancestor must be a directory
    parent = Path(folder)
    for anc in [parent, *parent.parents]:
        if os.path.lexists(anc):
            if not os.path.isdir(anc):
                raise _refuse(text, f"{str(anc)!r} is not a directory")
            break
        if not new_folders:
            raise _refuse(text, f"the folder {folder!r} does not exist (create it first)")
    return p


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _remove(path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _write_units(items) -> list[Path]:
    """``items``: (path, write) with ``write(tmp_path, fd)`` filling the temporary file."""
    paths = [check_output_path(p) for p, _ in items]
    if len({os.path.abspath(p) for p in paths}) != len(paths):
        raise InputError("two outputs of one unit have the same path", parameters=("path",))
    temps: list[str] = []
    backups: list[str | None] = []
    done: list[int] = []
    try:
        try:
            for p, (_, write) in zip(paths, items):
                p.parent.mkdir(parents=True, exist_ok=True)
                fd, tmp = tempfile.mkstemp(dir=p.parent, prefix=f".{p.name}.", suffix=".tmp")
                temps.append(tmp)
                os.chmod(tmp, 0o666 & ~_umask())
                write(tmp, fd)
            if len(paths) > 1:
                for p in paths:
                    if p.exists():
                        fd, b = tempfile.mkstemp(dir=p.parent, prefix=f".{p.name}.", suffix=".bak")
                        os.close(fd)
                        os.unlink(b)
                        os.link(p, b)
                        backups.append(b)
                    else:
                        backups.append(None)
            for i, (p, tmp) in enumerate(zip(paths, temps)):
                os.replace(tmp, p)
                done.append(i)
        except OSError as exc:
            where = exc.filename if isinstance(exc.filename, str) else paths[len(done)]
            raise _refuse(where, exc.strerror or str(exc)) from None
    except BaseException:
        for i in reversed(done):                 # put the unit back as it was
            b = backups[i] if i < len(backups) else None
            try:
                if b is not None:
                    os.replace(b, paths[i])
                else:
                    os.unlink(paths[i])
            except OSError:
                pass
        for t in temps:
            _remove(t)
        for b in backups:
            if b is not None:
                _remove(b)
        raise
    for b in backups:
        if b is not None:
            _remove(b)
    return paths


def _bytes_writer(data: bytes):
    def write(tmp, fd):
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
    return write


def write_files_atomic(files) -> list[Path]:
    """Write several files as one unit: ``files`` is a sequence of (path, bytes); either all
    of them are in place afterwards, or (InputError, or any exception) none has changed."""
    return _write_units([(p, _bytes_writer(bytes(d))) for p, d in files])


def write_bytes_atomic(path, data: bytes) -> Path:
    return _write_units([(path, _bytes_writer(data))])[0]


def write_text_atomic(path, text: str) -> Path:
    return write_bytes_atomic(path, text.encode("utf-8"))


def write_json_atomic(path, obj, indent: int | None = 2) -> Path:
    return write_text_atomic(path, json.dumps(obj, indent=indent, ensure_ascii=False) + "\n")


def save_figure_atomic(fig, path, dpi: int = 110, close: bool = False) -> Path:
    """Save a matplotlib figure as PNG atomically; with ``close``, the figure is closed
    afterwards (also when saving fails), as every plotting function that made it wants."""
    def write(tmp, fd):
        os.close(fd)
        with signals_held():     # the renderer's C++ code would turn a Ctrl-C into a ValueError
            fig.savefig(tmp, format="png", dpi=dpi, bbox_inches="tight")

    try:
        return _write_units([(path, write)])[0]
    finally:
        if close:
            import matplotlib.pyplot as plt
            plt.close(fig)


def sidecar_path(path: str | os.PathLike) -> Path:
    """The JSON sidecar of a model file: ``m.safetensors`` → ``m.json``, any other name
    ``FILE`` → ``FILE.json`` (here, without torch: a command checks it before loading the
    compiler)."""
    p = Path(path)
    return p.with_suffix(".json") if p.suffix == ".safetensors" else Path(str(p) + ".json")
