package httpapi

func registerUKReference(a *API) {
}
