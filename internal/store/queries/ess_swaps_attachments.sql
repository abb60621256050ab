-- Self-service shift swaps and leave attachments. The
-- swap writes are in roster.sql.

-- name: VoidRosterShiftSwap :exec
-- An accepted swap whose shift no longer belongs to the proposer is
-- cancelled instead (in the accepting transaction).
UPDATE roster_shift_swaps SET status = 'Cancelled', rejected_reason = $2, updated_at = $3 WHERE id = $1;

-- name: LastRosterShiftSwapOf :one
-- The latest swap of a shift that names the employee (as proposer or
-- colleague): tells a closed swap (409) from none (404).
SELECT id, status, from_employee_id, to_employee_id FROM roster_shift_swaps
WHERE business_id = $1 AND shift_id = $2 AND (from_employee_id = $3 OR to_employee_id = $3)
ORDER BY id DESC LIMIT 1;

-- name: SetLeaveRequestAttachment :execrows
-- The request's attachment (an employee document linked to it), or none.
UPDATE leave_requests SET attachment_id = $4, version = version + 1, updated_at = $5
WHERE id = $1 AND business_id = $2 AND employee_id = $3;

-- name: DeleteLeaveAttachmentDocument :execrows
-- The attachment's document goes with it (its link by ON DELETE CASCADE).
DELETE FROM documents WHERE business_id = $1 AND employee_id = $2 AND id = $3;
