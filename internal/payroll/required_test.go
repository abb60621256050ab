package payroll

import (
	"reflect"
	"testing"
)

type reqBase struct {
	ID int64 `json:"id"`
}

type reqModel struct {
	reqBase
	Name     string   `json:"name,omitempty" required:"true"`
	ParentID int64    `json:"parentId" required:"true"`
	Date     DateTime `json:"date" required:"true"`
	Note     string   `json:"note"`
}

func TestRequiredMembers(t *testing.T) {
	if got := RequiredMemberNames(reflect.TypeFor[reqModel]()); !reflect.DeepEqual(got, []string{"name", "parentId", "date"}) {
		t.Fatalf("names %v", got)
	}
	var v Validation
	v.RequiredMembers(&reqModel{Name: "  \t", Note: ""})
	err, _ := v.Err().(*Error)
	if err == nil || len(err.Fields) != 3 || err.Fields["name"][0] != "name is required" || err.Fields["parentId"] == nil || err.Fields["date"] == nil {
		t.Fatalf("err %#v", err)
	}
	d, _ := ParseDateTime("2026-12-01T00:00:00")
	var ok Validation
	ok.RequiredMembers(&reqModel{Name: "a", ParentID: 3, Date: d})
	if ok.Err() != nil {
		t.Fatalf("complete model: %v", ok.Err())
	}
}
