"""The timing every benchmark here uses: the best of a few runs, in this process."""
import time


def best_time(run, repeats):
    """(the shortest of `repeats` timings of run(), in seconds; run's last result)."""
    times, result = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    return min(times), result
