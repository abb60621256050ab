-- Employee documents (E/document, E/qualification/{id}/document, expense
-- attachments): documents rows with employee_id set plus their
-- employee_document_links row. Lists and metadata reads never load the
-- bytes.

-- name: CreateEmployeeDocumentLink :exec
INSERT INTO employee_document_links (document_id, business_id, employee_id, employee_qualification_id, expense_request_id)
VALUES ($1, $2, $3, $4, $5);

-- name: ListEmployeeDocuments :many
SELECT d.id, d.friendly_name, d.content_type, d.size, d.permissions, d.created_at,
       l.leave_request_id, l.timesheet_line_id, l.expense_request_id
FROM employee_document_links l JOIN documents d ON d.id = l.document_id
WHERE l.business_id = $1 AND l.employee_id = $2 AND l.employee_qualification_id IS NULL
ORDER BY d.id;

-- name: GetEmployeeDocument :one
SELECT d.id, d.friendly_name, d.content_type, d.size, d.permissions, d.created_at,
       l.leave_request_id, l.timesheet_line_id, l.expense_request_id
FROM employee_document_links l JOIN documents d ON d.id = l.document_id
WHERE l.business_id = $1 AND l.employee_id = $2 AND l.document_id = $3 AND l.employee_qualification_id IS NULL;

-- name: GetEmployeeDocumentContent :one
SELECT d.friendly_name, d.content_type, d.content
FROM employee_document_links l JOIN documents d ON d.id = l.document_id
WHERE l.business_id = $1 AND l.employee_id = $2 AND l.document_id = $3;

-- name: UpdateEmployeeDocumentPermissions :execrows
UPDATE documents SET permissions = $4, updated_at = $5
WHERE business_id = $1 AND employee_id = $2 AND id = $3;

-- name: DeleteEmployeeDocument :execrows
-- The link and any acknowledgement go with it (ON DELETE CASCADE).
DELETE FROM documents
WHERE documents.business_id = $1 AND documents.employee_id = $2 AND documents.id = $3
  AND documents.id IN (SELECT l.document_id FROM employee_document_links l WHERE l.employee_qualification_id IS NULL);

-- name: LinkDocumentToLeaveRequest :execrows
UPDATE employee_document_links SET leave_request_id = $4
WHERE business_id = $1 AND employee_id = $2 AND document_id = $3 AND employee_qualification_id IS NULL;

-- name: UnlinkDocumentFromLeaveRequest :execrows
UPDATE employee_document_links SET leave_request_id = NULL
WHERE business_id = $1 AND employee_id = $2 AND document_id = $3 AND leave_request_id = $4;

-- name: LinkDocumentToTimesheetLine :execrows
UPDATE employee_document_links SET timesheet_line_id = $4
WHERE business_id = $1 AND employee_id = $2 AND document_id = $3 AND employee_qualification_id IS NULL;

-- name: UnlinkDocumentFromTimesheetLine :execrows
UPDATE employee_document_links SET timesheet_line_id = NULL
WHERE business_id = $1 AND employee_id = $2 AND document_id = $3 AND timesheet_line_id = $4;

-- name: LinkDocumentToExpenseRequest :execrows
UPDATE employee_document_links SET expense_request_id = $4
WHERE business_id = $1 AND employee_id = $2 AND document_id = $3 AND employee_qualification_id IS NULL;

-- name: UnlinkDocumentFromExpenseRequest :execrows
UPDATE employee_document_links SET expense_request_id = NULL
WHERE business_id = $1 AND employee_id = $2 AND document_id = $3 AND expense_request_id = $4;

-- name: CountEmployeeLeaveRequest :one
SELECT COUNT(*) FROM leave_requests WHERE business_id = $1 AND employee_id = $2 AND id = $3;

-- name: CountEmployeeTimesheetLine :one
SELECT COUNT(*) FROM timesheet_lines WHERE business_id = $1 AND employee_id = $2 AND id = $3;

-- name: ListEmployeeExpenseAttachments :many
-- The documents attached to an employee's expense requests with ids in
-- $3..$4 (a page of requests).
SELECT d.id, d.friendly_name, d.created_at, l.expense_request_id
FROM employee_document_links l JOIN documents d ON d.id = l.document_id
WHERE l.business_id = $1 AND l.employee_id = $2 AND l.expense_request_id >= $3 AND l.expense_request_id <= $4
ORDER BY l.expense_request_id, d.id;

-- name: ListQualificationDocuments :many
SELECT d.id, d.friendly_name, d.content_type, d.size, d.permissions, d.created_at, l.employee_qualification_id
FROM employee_document_links l JOIN documents d ON d.id = l.document_id
WHERE l.business_id = $1 AND l.employee_id = $2 AND l.employee_qualification_id IS NOT NULL
ORDER BY d.id;

-- name: GetQualificationDocumentContent :one
SELECT d.friendly_name, d.content_type, d.content
FROM employee_document_links l JOIN documents d ON d.id = l.document_id
WHERE l.business_id = $1 AND l.employee_qualification_id = $2 AND l.document_id = $3;

-- name: DeleteQualificationDocument :execrows
DELETE FROM documents
WHERE documents.business_id = $1 AND documents.id = $3
  AND documents.id IN (SELECT l.document_id FROM employee_document_links l WHERE l.employee_qualification_id = $2);

-- name: DeleteQualificationDocuments :exec
DELETE FROM documents
WHERE documents.business_id = $1
  AND documents.id IN (SELECT l.document_id FROM employee_document_links l WHERE l.employee_qualification_id = $2);

-- name: AcknowledgeDocument :exec
INSERT INTO document_acknowledgements (document_id, employee_id, business_id, acknowledged_at)
VALUES ($1, $2, $3, $4)
ON CONFLICT (document_id, employee_id) DO NOTHING;

-- name: GetDocumentAcknowledgement :one
SELECT acknowledged_at FROM document_acknowledgements WHERE document_id = $1 AND employee_id = $2;
