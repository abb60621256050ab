package employee

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/payrolld/payrolld/internal/employeegroup"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// GroupCandidates lists the employees of a business as employee group
// filters see them, with every filter type answered: locations (and, for
// LocationOrParents, their ancestors), pay schedule, employment type,
// employing entity and tags. It replaces the minimal reader of
// employeegroup.GroupCollections (wired in cli), so a group's matching employees agree
// with the restricted-user scope, which evaluates the same filters in SQL.
func (s *Service) GroupCandidates(ctx context.Context, q *store.Queries, bizID int64) ([]employeegroup.GroupCandidate, error) {
	rows, err := q.ListEmployeesForGroupCandidates(ctx, bizID)
	if err != nil {
		return nil, err
	}
	links, err := q.ListEmployeeLocationsOfBusiness(ctx, bizID)
	if err != nil {
		return nil, err
	}
	locs := map[int64][]int64{}
	for _, l := range links {
		locs[l.EmployeeID] = append(locs[l.EmployeeID], l.LocationID)
	}
	parents := map[int64]int64{}
	recs, err := q.ListRecords(ctx, store.ListRecordsParams{BusinessID: bizID, Kind: record.KindLocation})
	if err != nil {
		return nil, err
	}
	for _, r := range recs {
		var l struct {
			ParentID *int64 `json:"parentId"`
		}
		if json.Unmarshal([]byte(r.Data), &l) == nil && l.ParentID != nil {
			parents[r.ID] = *l.ParentID
		}
	}
	ids := func(list []int64) []string {
		out := make([]string, len(list))
		for i, id := range list {
			out[i] = strconv.FormatInt(id, 10)
		}
		return out
	}
	out := make([]employeegroup.GroupCandidate, len(rows))
	for i, r := range rows {
		var withParents []int64
		seen := map[int64]bool{}
		for _, l := range locs[r.ID] {
			for cur, hops := l, 0; cur != 0 && !seen[cur] && hops < 100; cur, hops = parents[cur], hops+1 {
				seen[cur] = true
				withParents = append(withParents, cur)
			}
		}
		var tags []string
		for _, t := range strings.FieldsFunc(r.Tags, func(c rune) bool { return c == '|' || c == ',' }) {
			if t = strings.TrimSpace(t); t != "" {
				tags = append(tags, t)
			}
		}
		values := map[string][]string{
			"Employee":          {strconv.FormatInt(r.ID, 10)},
			"Location":          ids(locs[r.ID]),
			"LocationOrParents": ids(withParents),
			"Tag":               tags,
			"EmploymentType":    nil,
			"PaySchedule":       nil,
			"EmployingEntity":   nil,
		}
		if r.EmploymentType != "" {
			values["EmploymentType"] = []string{r.EmploymentType}
		}
		if r.PayScheduleID.Valid {
			values["PaySchedule"] = []string{strconv.FormatInt(r.PayScheduleID.Int64, 10)}
		}
		if r.EmployingEntityID != "" {
			values["EmployingEntity"] = []string{r.EmployingEntityID}
		}
		out[i] = employeegroup.GroupCandidate{ID: r.ID, ExternalID: r.ExternalID, Name: strings.TrimSpace(r.FirstName + " " + r.Surname), Values: values}
	}
	return out, nil
}
