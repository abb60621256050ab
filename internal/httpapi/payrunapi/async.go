package payrunapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payrun"
	payrunjobs "github.com/payrolld/payrolld/internal/payrun/jobs"
)

type jobStatusInput struct {
	httpapi.BusinessPath
	JobID string `path:"jobId" maxLength:"36" doc:"the jobId an asynchronous request answered"`
}

// registerAsync serves the asynchronous pay run operations (River jobs,
// payrunjobs.Jobs), when the service has its Jobs.
func registerAsync(a *httpapi.API, s *payrun.Service) {
	j := payrunjobs.JobsOf(s)
	if j == nil {
		return
	}
	tags := []string{"Pay Run"}
	biz := httpapi.CurrentBusiness

	httpapi.Register(a, httpapi.OnPayRuns(business.CreatePayRuns), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/payrun/async", Tags: tags,
		Summary: "Create a pay run asynchronously",
		Description: "Validates the request and queues the creation (as POST B/payrun does it) as a background job on any node; answers the jobId to poll with GET B/payrun/creationstatus/{jobId}. " +
			"With callbackUrl, the job's status (as creationstatus answers it) is POSTed there as JSON once the job has completed or failed (retried with backoff until a 2xx). " +
			"A request without an externalId gets \"job:<jobId>\", so a retried job never creates a second run."},
		func(ctx context.Context, in *createInput) (*httpapi.BodyOf[payrunjobs.JobModel], error) {
			r, err := j.CreateAsync(ctx, biz(ctx), in.Body)
			return &httpapi.BodyOf[payrunjobs.JobModel]{Body: r}, err
		})
	httpapi.Register(a, httpapi.OnPayRuns(business.ReadPayRuns), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payrun/creationstatus/{jobId}", Tags: tags,
		Summary: "Status of an asynchronous pay run job",
		Description: "Queued, Running, Completed (payRunId set) or Failed (additionalInfo says why), with the employees the job calculates. " +
			"Recalculation jobs (P/recalculate/async) are read here too."},
		func(ctx context.Context, in *jobStatusInput) (*httpapi.BodyOf[payrunjobs.JobStatus], error) {
			r, err := j.Status(ctx, biz(ctx), in.JobID)
			return &httpapi.BodyOf[payrunjobs.JobStatus]{Body: r}, err
		})
	httpapi.Register(a, httpapi.OnPayRun(business.CreatePayRuns), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/recalculate/async", Tags: tags,
		Summary: "Recalculate a pay run asynchronously",
		Description: "Queues the recalculation (as P/recalculate) as a background job and answers its id (a GUID); its status is GET B/payrun/creationstatus/{jobId}. " +
			"A finalised run answers 409.", Parameters: httpapi.PathParams("payRunId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[string], error) {
			id, err := httpapi.PathID(ctx, "payRunId", "pay run")
			if err != nil {
				return nil, err
			}
			r, err := j.RecalculateAsync(ctx, biz(ctx), id)
			return &httpapi.BodyOf[string]{Body: r.JobID}, err
		})
}
