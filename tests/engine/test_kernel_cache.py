"""The kernel cache's key: a build flag that changes the machine code (bounds checks, an LLVM level below
numba's default 3) gets its own cache directory; the default flags keep the key the CLI has always used."""

from sim.kernel_cache import kernel_source_hash


def test_build_flags_key_their_own_cache_and_the_defaults_change_nothing(monkeypatch):
    monkeypatch.delenv("NUMBA_OPT", raising=False)
    monkeypatch.delenv("NUMBA_BOUNDSCHECK", raising=False)
    plain = kernel_source_hash()
    monkeypatch.setenv("NUMBA_OPT", "3")  # numba's default level: the CLI's kernels
    assert kernel_source_hash() == plain
    monkeypatch.setenv("NUMBA_OPT", "1")
    opt1 = kernel_source_hash()
    monkeypatch.setenv("NUMBA_BOUNDSCHECK", "1")
    checked = kernel_source_hash()
    assert len({plain, opt1, checked}) == 3
