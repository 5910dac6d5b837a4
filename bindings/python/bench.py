"""Speed of the installed Python package, in one process (docs/performance.md, "Python package").

    python bindings/python/bench.py            # after `pip install ./bindings/python`

Measures `valid_many` over every word of the default lexicon (636,598, in tile order as
`iter(lx)` gives them, then shuffled), and `anagram("AEINR??")`, exact (720 words) and sub
(7,558 words), each call returning its Python list; `search()` of every word as `StudyWord`
rows, and `valid_many` against a loop over `valid`. Prints medians and best runs, and each
target (issue 15: at least 3 M words/s in tile order; under 100 µs) met or missed. Timings are for reading, not
asserting: no test depends on them.
"""

import datetime
import os
import platform
import random
import statistics
import time

import lexico


def timed(f, number):
    """Seconds per call of `f`, over `number` calls."""
    start = time.perf_counter()
    for _ in range(number):
        f()
    return (time.perf_counter() - start) / number


def verdict(ok):
    return "met" if ok else "MISSED"


def main():
    opened = time.perf_counter()
    lx = lexico.Lexicon()
    opened = time.perf_counter() - opened
    words = list(lx)
    shuffled = words[:]
    random.Random(15).shuffle(shuffled)
    print(f"date     {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC")
    print(f"machine  {platform.machine()}, {os.cpu_count()} CPUs, load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"python   {platform.python_implementation()} {platform.python_version()}")
    print(f"lexicon  {len(lx)} words; Lexicon() took {opened * 1e6:.0f} µs")
    print()

    for name, batch in [("tile order", words), ("shuffled", shuffled)]:
        assert all(lx.valid_many(batch))
        runs = [timed(lambda: lx.valid_many(batch), 1) for _ in range(15)]
        med, best = statistics.median(runs), min(runs)
        rate = len(batch) / med / 1e6
        # The target is for the words as the lexicon lists them; shuffled words show the cost of
        # losing the prefix each word shares with the one before.
        goal = f"; target >= 3 M/s: {verdict(rate >= 3)}" if batch is words else ""
        print(f"valid_many, {len(batch)} words, {name}: median {med * 1e3:.1f} ms = {rate:.1f} M words/s "
              f"(best {len(batch) / best / 1e6:.1f} M/s){goal}")

    for mode, count, target in [("exact", 720, 100e-6), ("sub", 7558, None)]:
        assert len(lx.anagram("AEINR??", mode=mode)) == count
        runs = [timed(lambda: lx.anagram("AEINR??", mode=mode), 200) for _ in range(15)]
        med, best = statistics.median(runs), min(runs)
        goal = f"; target < 100 µs: {verdict(med < target)}" if target else ""
        print(f"anagram('AEINR??', mode='{mode}'), {count} words: median {med * 1e6:.0f} µs "
              f"(best {best * 1e6:.0f} µs){goal}")

    runs = [timed(lambda: lx.search(), 1) for _ in range(5)]
    med, best = statistics.median(runs), min(runs)
    print(f"search(), every word ({len(lx.search())} StudyWord rows): median {med * 1e3:.0f} ms "
          f"(best {best * 1e3:.0f} ms); target < 1 s: {verdict(med < 1)}")
    sevens = len(lx.search(length=7))
    runs = [timed(lambda: lx.search(length=7), 1) for _ in range(5)]
    print(f"search(length=7), {sevens} rows: median {statistics.median(runs) * 1e3:.0f} ms")

    lines = shuffled[:100_000]
    many = statistics.median(timed(lambda: lx.valid_many(lines), 1) for _ in range(5))
    loop = statistics.median(timed(lambda: [lx.valid(w) for w in lines], 1) for _ in range(5))
    print(f"valid_many of 100,000 words: {many * 1e3:.1f} ms; a loop over valid: {loop * 1e3:.1f} ms; "
          f"faster: {verdict(many < loop)}")


if __name__ == "__main__":
    main()
