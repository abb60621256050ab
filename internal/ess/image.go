package ess

import (
	"bytes"
	"context"
	"image"
	_ "image/gif" // decoders the profile image check accepts
	_ "image/jpeg"
	_ "image/png"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// MaxImageBytes is the largest profile image accepted (413 above it).
const MaxImageBytes = 2 << 20

// maxImageSide bounds each dimension: a small file can still declare a
// huge bitmap, which clients would choke on.
const maxImageSide = 4096

// ProfileImageMetadata is ProfileImageMetadata.
type ProfileImageMetadata struct {
	ContentType string `json:"contentType" example:"image/png"`
	Extension   string `json:"extension" example:".png"`
	Width       *int64 `json:"width" nullable:"true"`
	Height      *int64 `json:"height" nullable:"true"`
}

// Image is a stored profile image.
type Image struct {
	ProfileImageMetadata
	Data []byte
}

// Images owns employees' profile images (E/image, S/profileimage).
type Images struct {
	Employees *employee.Service
	Clock     payroll.Clock
}

// imageFormats maps the decoders' format names to the type and extension
// stored; anything else is refused.
var imageFormats = map[string][2]string{
	"png":  {"image/png", ".png"},
	"jpeg": {"image/jpeg", ".jpg"},
	"gif":  {"image/gif", ".gif"},
}

// CheckImage decides what data is from its bytes (not from what the
// uploader claims): a PNG, JPEG or GIF within the size limits, else 400
// (413 when too large).
func CheckImage(data []byte) (ProfileImageMetadata, error) {
	if len(data) > MaxImageBytes {
		return ProfileImageMetadata{}, &payroll.Error{Kind: payroll.KindTooLarge, Field: "file", Message: "a profile image may be at most 2 MiB"}
	}
	if len(data) == 0 {
		return ProfileImageMetadata{}, payroll.Invalid("file", "the image is empty")
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return ProfileImageMetadata{}, payroll.Invalid("file", "the file is not a PNG, JPEG or GIF image")
	}
	f, ok := imageFormats[format]
	if !ok {
		return ProfileImageMetadata{}, payroll.Invalid("file", "a profile image must be PNG, JPEG or GIF, not %s", format)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > maxImageSide || cfg.Height > maxImageSide {
		return ProfileImageMetadata{}, payroll.Invalid("file", "a profile image must be between 1 and %d pixels on each side", maxImageSide)
	}
	w, h := int64(cfg.Width), int64(cfg.Height)
	return ProfileImageMetadata{ContentType: f[0], Extension: f[1], Width: &w, Height: &h}, nil
}

// Get returns the employee's profile image (404 when there is none).
func (s *Images) Get(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (_ Image, err error) {
	defer payroll.Wrap(&err, "profile image of employee %d", employeeID)
	_, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return Image{}, err
	}
	r, err := q.GetEmployeeProfileImage(ctx, store.GetEmployeeProfileImageParams{EmployeeID: employeeID, BusinessID: biz.ID})
	if db.IsNoRows(err) {
		return Image{}, payroll.NotFound("profile image")
	}
	if err != nil {
		return Image{}, err
	}
	w, h := r.Width, r.Height
	return Image{ProfileImageMetadata: ProfileImageMetadata{ContentType: r.ContentType, Extension: r.Extension, Width: &w, Height: &h}, Data: r.Content}, nil
}

// Put stores data as the employee's profile image, replacing any.
func (s *Images) Put(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, data []byte) (_ ProfileImageMetadata, err error) {
	defer payroll.Wrap(&err, "store profile image of employee %d", employeeID)
	md, err := CheckImage(data)
	if err != nil {
		return ProfileImageMetadata{}, err
	}
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, _ employee.Employee) error {
		return q.PutEmployeeProfileImage(ctx, store.PutEmployeeProfileImageParams{EmployeeID: employeeID, BusinessID: biz.ID,
			ContentType: md.ContentType, Extension: md.Extension, Width: *md.Width, Height: *md.Height, Content: data, UpdatedAt: s.Clock.Now()})
	})
	return md, err
}

// Delete removes the employee's profile image (404 when there is none).
func (s *Images) Delete(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (err error) {
	defer payroll.Wrap(&err, "delete profile image of employee %d", employeeID)
	return s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, _ employee.Employee) error {
		n, err := q.DeleteEmployeeProfileImage(ctx, store.DeleteEmployeeProfileImageParams{EmployeeID: employeeID, BusinessID: biz.ID})
		if err == nil && n == 0 {
			return payroll.NotFound("profile image")
		}
		return err
	})
}
