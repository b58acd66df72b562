-- The figures of `routine stats --day 2026-11-22` computed in SQL over the table that
-- `sqlite3 .import --csv history.csv entries` makes: the anchor of the stats benchmark.
WITH ref AS (SELECT julianday('2026-11-22') AS d),
live AS (SELECT habit, julianday(dayKey) AS j, CAST(NULLIF(value, '') AS REAL) AS v
         FROM entries, ref WHERE julianday(dayKey) <= ref.d),
days AS (SELECT DISTINCT habit, j FROM live),
islands AS (SELECT habit, j, j - ROW_NUMBER() OVER (PARTITION BY habit ORDER BY j) AS grp FROM days),
runs AS (SELECT habit, MIN(j) AS first, MAX(j) AS last, COUNT(*) AS len FROM islands GROUP BY habit, grp),
week AS (SELECT habit, COUNT(*) AS n, SUM(v) AS s FROM live, ref WHERE j > ref.d - 7 GROUP BY habit)
SELECT r.habit,
       MAX(r.last = ref.d) AS doneToday,
       MAX(CASE WHEN r.last = ref.d THEN ref.d - r.first + 1 ELSE 0 END) AS currentStreak,
       MAX(CASE WHEN r.first <= ref.d - 1 AND r.last >= ref.d - 1 THEN ref.d - r.first ELSE 0 END) AS previousStreak,
       MAX(r.len) AS bestStreak,
       (SELECT COUNT(*) FROM days x WHERE x.habit = r.habit AND x.j > ref.d - 7) AS momentum,
       COALESCE(w.n, 0) AS weekCount, w.s AS weekSum
FROM runs r CROSS JOIN ref LEFT JOIN week w ON w.habit = r.habit
GROUP BY r.habit ORDER BY r.habit;
