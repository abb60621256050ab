package httpapi

func registerCoreReference(a *API) {
}
