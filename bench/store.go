package bench

import "github.com/payrolld/payrolld/internal/store"

func storeAccessParams(businessID, userID int64) store.GetBusinessAccessParams {
	return store.GetBusinessAccessParams{BusinessID: businessID, UserID: userID}
}
