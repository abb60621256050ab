package httpapi

func registerScheduleReference(a *API) {
}
