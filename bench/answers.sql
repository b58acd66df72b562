-- What `insights` counts, in SQL: each question's standing answer per day (the last
-- recorded), each habit's done days, due daily from its first entry (habits in no
-- routine); the same-day and day-before counts per question, option and habit.
CREATE TEMP TABLE ans AS
  SELECT node_id, day_key, option_text FROM run_step WHERE id IN (
    SELECT MAX(id) FROM run_step WHERE outcome = 'answered' AND retracted_at IS NULL
    GROUP BY routine_id, node_id, day_key);
CREATE TEMP TABLE done AS SELECT DISTINCT habit_id, day_key FROM habit_entry WHERE deleted_at IS NULL;
CREATE INDEX done_day ON done(habit_id, day_key);
CREATE TEMP TABLE first AS SELECT habit_id, MIN(day_key) AS first_day FROM done GROUP BY habit_id;
SELECT a.node_id, a.option_text, f.habit_id, SUM(d.day_key IS NOT NULL), COUNT(*)
  FROM ans a JOIN first f ON a.day_key >= f.first_day
  LEFT JOIN done d ON d.habit_id = f.habit_id AND d.day_key = a.day_key
  GROUP BY a.node_id, a.option_text, f.habit_id;
SELECT a.node_id, a.option_text, f.habit_id, SUM(d.day_key IS NOT NULL), COUNT(*)
  FROM ans a JOIN first f ON date(a.day_key, '-1 day') >= f.first_day
  LEFT JOIN done d ON d.habit_id = f.habit_id AND d.day_key = date(a.day_key, '-1 day')
  GROUP BY a.node_id, a.option_text, f.habit_id;
-- calendar
-- What `answers mood --calendar` shows, in SQL: the year's standing answer per day and
-- the count of each option.
CREATE TEMP TABLE ans AS
  SELECT day_key, option_text FROM run_step WHERE id IN (
    SELECT MAX(s.id) FROM run_step s JOIN routine r ON r.id = s.routine_id
    WHERE r.slug = 'lifetime' AND s.node_id = 'mood' AND s.outcome = 'answered' AND s.retracted_at IS NULL
      AND s.day_key BETWEEN '2026-01-01' AND '2026-12-31'
    GROUP BY s.day_key);
SELECT day_key, option_text FROM ans ORDER BY day_key;
SELECT option_text, COUNT(*) FROM ans GROUP BY option_text;
