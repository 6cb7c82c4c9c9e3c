"""Where chunks are played: here, on numba threads, or as tasks on a dask.distributed cluster.

Both yield (chunk number, result frame) as chunks finish; the engine writes each as a parquet part.
A cluster returns the same rows as a local run because a game depends only on its index and recipe.
"""

from __future__ import annotations

from collections.abc import Iterator

from sim.errors import ParamError
from sim.play import play_chunk_task, play_frame


class LocalBackend:
    def __init__(self, threads: int | None):
        self.threads = threads

    def __enter__(self):
        import numba

        if self.threads is not None:
            numba.set_num_threads(self.threads)
        return self

    def __exit__(self, *exc):
        return False

    def map_chunks(self, prep, chunks: list[int]) -> Iterator:
        for c in chunks:
            first, count = prep.recipe.chunk_range(c)
            yield c, play_frame(prep, first, count)


class DaskBackend:
    """`local[:WORKERS]` starts a LocalCluster here; `tcp://HOST:PORT` uses a running scheduler."""

    def __init__(self, address: str, threads: int | None):
        self.address = address
        self.threads = threads or 1  # numba threads per task: a worker process per core is the usual shape

    def __enter__(self):
        try:
            from dask.distributed import Client, LocalCluster
        except ImportError:
            raise ParamError("--cluster needs dask.distributed: pip install 'playout[dist]'") from None
        self.cluster = None
        if self.address.startswith("local"):
            _, _, workers = self.address.partition(":")
            n = int(workers) if workers else None
            self.cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None)
            self.client = Client(self.cluster)
        else:
            try:
                self.client = Client(self.address, timeout="10s")
            except OSError as e:
                raise ParamError(f"--cluster {self.address}: no scheduler answers there ({e})") from None
        return self

    def __exit__(self, *exc):
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()
        return False

    def map_chunks(self, prep, chunks: list[int]) -> Iterator:
        import polars as pl
        from dask.distributed import as_completed

        recipe = prep.recipe.to_json()
        workers = max(1, len(self.client.scheduler_info().get("workers", {})))
        in_flight = 2 * workers  # bounded, so results never pile up in memory
        pending = iter(chunks)
        futures = as_completed()
        for c in pending:
            futures.add(self.client.submit(play_chunk_task, recipe, c, self.threads, pure=False))
            if futures.count() >= in_flight:
                break
        for future in futures:
            chunk, table = future.result()
            future.release()
            yield chunk, pl.from_arrow(table)
            nxt = next(pending, None)
            if nxt is not None:
                futures.add(self.client.submit(play_chunk_task, recipe, nxt, self.threads, pure=False))


def parse_cluster(address: str | None) -> str | None:
    if address is None:
        return None
    if address == "local" or address.startswith("local:"):
        _, _, workers = address.partition(":")
        if workers and (not workers.isdigit() or int(workers) < 1):
            raise ParamError(f"--cluster {address!r}: write local or local:WORKERS with WORKERS >= 1")
        return address
    if address.startswith("tcp://") and ":" in address[6:]:
        return address
    raise ParamError(f"--cluster {address!r}: write local, local:WORKERS or tcp://HOST:PORT")


def backend_for(cluster: str | None, threads: int | None):
    return LocalBackend(threads) if cluster is None else DaskBackend(parse_cluster(cluster), threads)
