package httpapi

func registerBusinessAdmin(a *API) {
}
