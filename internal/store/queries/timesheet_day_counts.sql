-- name: MergeTimesheetDayCounts :one
-- PostgreSQL only (migration 01080): folds every delta of up to @max_days
-- days that have new deltas into one merged row a day, and returns how many
-- days it took. The DELETE takes only the rows its snapshot sees, so a
-- delta inserted meanwhile stays for the next round, and a second merge
-- running at once skips the rows this one deleted: the sums never change.
WITH days AS (
    SELECT DISTINCT business_id, day FROM timesheet_day_count_deltas WHERE NOT merged LIMIT sqlc.arg(max_days)::bigint
), gone AS (
    DELETE FROM timesheet_day_count_deltas d USING days
    WHERE d.business_id = days.business_id AND d.day = days.day
    RETURNING d.business_id, d.day, d.n
), folded AS (
    INSERT INTO timesheet_day_count_deltas (business_id, day, n, merged)
    SELECT gone.business_id, gone.day, SUM(gone.n)::bigint, TRUE FROM gone
    GROUP BY gone.business_id, gone.day HAVING SUM(gone.n) <> 0
    RETURNING 1
)
SELECT COUNT(*) FROM days;
