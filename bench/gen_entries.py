#!/usr/bin/env python3
"""Writes a CSV history in the shape of `routine entries --format csv`.

`habits` habits over `days` days ending 2026-11-22, a third of them quantity
habits. Each habit has gap days and as many days with two entries, so that streaks,
gaps and week sums are realistic and there are `habits * days` rows in all
(365,000 for 100 habits over 10 years). Deterministic for a seed.
"""
import csv
import datetime
import random
import sys


def write(path, habits=100, days=3650, seed=2):
    rng = random.Random(seed)
    end = datetime.date(2026, 11, 22)
    rows = 0
    with open(path, "w", newline="") as f:
        out = csv.writer(f)
        out.writerow(["habit", "dayKey", "value", "note", "timestamp", "timeZone"])
        for h in range(habits):
            name = f"Habit {h:03d}"
            quantity = h % 3 == 0
            # As many gap days as days with two entries: `habits * days` rows in all.
            gaps = int(days * 0.4 * rng.random())
            picked = rng.sample(range(days), 2 * gaps)
            skip, double = set(picked[:gaps]), set(picked[gaps:])
            for d in range(days):
                if d in skip:
                    continue
                day = end - datetime.timedelta(days=days - 1 - d)
                for _ in range(2 if d in double else 1):
                    value = f"{rng.randint(1, 200) / 10:.1f}" if quantity else ""
                    stamp = f"{day.isoformat()}T07:{rng.randint(0, 59):02d}:00Z"
                    out.writerow([name, day.isoformat(), value, "", stamp, "UTC"])
                    rows += 1
    return rows


if __name__ == "__main__":
    n = write(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 100,
              int(sys.argv[3]) if len(sys.argv) > 3 else 3650)
    print(f"{n} rows")
