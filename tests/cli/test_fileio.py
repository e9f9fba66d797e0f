"""Output writing (attnlogic.kernel.fileio): regular files only, refusals as InputError naming the
parameter ``path``, nothing written or destroyed on refusal, weights + sidecar as one unit.

Device nodes, FIFOs, sockets and links are made in a temporary folder; a character device
is made with mknod where the test runs as root, else /dev/null (a device of the system)
is checked through a link-free path."""

from __future__ import annotations

import os
import socket
import stat

import pytest

from attnlogic.kernel.errors import InputError
from attnlogic.kernel.fileio import (check_output_path, write_bytes_atomic, write_files_atomic,
                              write_text_atomic)


def _refused(path, needle):
    with pytest.raises(InputError) as exc:
        write_bytes_atomic(path, b"x")
    assert needle in str(exc.value)
    assert exc.value.parameters == ("path",)


def _listing(folder):
    return sorted(os.listdir(folder))


def test_regular_files_are_written_and_replaced(tmp_path):
    p = tmp_path / "a.txt"
    write_text_atomic(p, "one")
    write_text_atomic(p, "two")
    assert p.read_text() == "two"
    assert _listing(tmp_path) == ["a.txt"]
    mode = stat.S_IMODE(os.stat(p).st_mode)
    assert mode == 0o666 & ~_umask()


def _umask():
    m = os.umask(0)
    os.umask(m)
    return m


def test_missing_folders_are_created(tmp_path):
    p = tmp_path / "x" / "y" / "f.json"
    write_text_atomic(p, "{}")
    assert p.read_text() == "{}"


@pytest.mark.parametrize("name, needle", [("", "empty file name"), ("  ", "empty file name"),
                                          ("sub/", "ends in a folder"), (".", "ends in a folder"),
                                          ("sub/..", "ends in a folder"), ("a\x00b", "NUL")])
def test_bad_names_are_refused(tmp_path, monkeypatch, name, needle):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    _refused(name, needle)
    assert _listing(tmp_path) == ["sub"]
    assert _listing(tmp_path / "sub") == []


def test_directory_is_refused(tmp_path):
    d = tmp_path / "d"
    d.mkdir()
    _refused(d, "is a directory")
    assert d.is_dir() and _listing(d) == []


def test_fifo_and_socket_are_refused(tmp_path):
    f = tmp_path / "fifo"
    os.mkfifo(f)
    _refused(f, "not a regular file")
    assert stat.S_ISFIFO(os.lstat(f).st_mode)
    s = tmp_path / "sock"
    srv = socket.socket(socket.AF_UNIX)
    try:
        srv.bind(str(s))
        _refused(s, "not a regular file")
        assert stat.S_ISSOCK(os.lstat(s).st_mode)
    finally:
        srv.close()
    assert _listing(tmp_path) == ["fifo", "sock"]


@pytest.mark.skipif(os.geteuid() != 0, reason="mknod of a character device needs root")
def test_character_device_made_here_is_refused(tmp_path):
    dev = tmp_path / "null"
    os.mknod(dev, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    _refused(dev, "not a regular file")
    assert stat.S_ISCHR(os.lstat(dev).st_mode)          # still the device, not a file
    assert _listing(tmp_path) == ["null"]


def test_system_devices_and_pseudo_file_systems_are_refused():
    before = os.stat("/dev/null")
    for p in ("/dev/null", "/proc/attnlogic-test", "/sys/attnlogic-test", "/proc/self/x"):
        _refused(p, "kernel pseudo file system")
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev


def test_links_are_refused_and_their_targets_untouched(tmp_path):
    target = tmp_path / "target.txt"
    target.write_text("keep")
    link = tmp_path / "link"
    link.symlink_to(target)
    _refused(link, "symbolic link")
    assert os.path.islink(link) and target.read_text() == "keep"
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "nowhere")
    _refused(dangling, "symbolic link")
    assert not (tmp_path / "nowhere").exists()
    dlink = tmp_path / "devlink"
    dlink.symlink_to("/dev/null")
    _refused(dlink, "symbolic link")
    assert sorted(_listing(tmp_path)) == ["dangling", "devlink", "link", "target.txt"]


def test_a_folder_link_to_a_pseudo_file_system_is_refused(tmp_path):
    (tmp_path / "p").symlink_to("/proc")
    _refused(tmp_path / "p" / "x", "kernel pseudo file system")


def test_a_file_as_a_folder_is_refused(tmp_path):
    f = tmp_path / "f"
    f.write_text("data")
    _refused(f / "x.json", "not a directory")
    assert f.read_text() == "data"


def test_check_output_path_writes_nothing(tmp_path):
    p = tmp_path / "new" / "file.bin"
    assert check_output_path(p) == p
    assert _listing(tmp_path) == []


def test_a_unit_is_written_whole(tmp_path):
    a, b = tmp_path / "m.safetensors", tmp_path / "m.json"
    write_files_atomic([(a, b"weights"), (b, b"sidecar")])
    assert a.read_bytes() == b"weights" and b.read_bytes() == b"sidecar"


def test_a_unit_with_a_bad_member_writes_nothing(tmp_path):
    a, b = tmp_path / "m.safetensors", tmp_path / "m.json"
    b.mkdir()
    with pytest.raises(InputError):
        write_files_atomic([(a, b"weights"), (b, b"sidecar")])
    assert _listing(tmp_path) == ["m.json"] and _listing(b) == []


def test_a_unit_failing_at_the_second_rename_restores_the_first(tmp_path, monkeypatch):
    """The second rename fails (simulated): the first target is put back as it was, new or
    old, and no temporary file stays."""
    a, b = tmp_path / "m.safetensors", tmp_path / "m.json"
    real_replace = os.replace
    calls = []

    def failing_replace(src, dst):
        calls.append(dst)
        if str(dst) == str(b):
            raise PermissionError(13, "Permission denied", str(dst))
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", failing_replace)
    with pytest.raises(InputError, match="Permission denied"):
        write_files_atomic([(a, b"new weights"), (b, b"new sidecar")])
    assert _listing(tmp_path) == []                      # a was new: removed again
    monkeypatch.setattr(os, "replace", real_replace)
    a.write_bytes(b"old weights")
    monkeypatch.setattr(os, "replace", failing_replace)
    with pytest.raises(InputError):
        write_files_atomic([(a, b"new weights"), (b, b"new sidecar")])
    assert _listing(tmp_path) == ["m.safetensors"]
    assert a.read_bytes() == b"old weights"              # a existed: restored


def test_save_model_refuses_a_sidecar_directory_and_leaves_no_weights(tmp_path):
    torch = pytest.importorskip("torch")  # noqa: F841
    from attnlogic.compiler import compile_formula

    (tmp_path / "m.json").mkdir()
    with pytest.raises(InputError, match="is a directory"):
        compile_formula("P a", ["a", "b"]).save(tmp_path / "m.safetensors")
    assert _listing(tmp_path) == ["m.json"]
