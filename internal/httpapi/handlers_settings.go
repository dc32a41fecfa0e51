package httpapi

import (
	"context"
	"net/http"
	"strconv"

	"brigade/internal/settings"
	"brigade/internal/tenancy"
)

// Settings lists travel with their version: the ETag on reads, If-Match on
// writes (0 while the franchise still has the defaults).

type settingsOutput[T any] struct {
	ETag string `header:"ETag"`
	Body SettingsBody[T]
}

// SettingsBody is a settings list with its version.
type SettingsBody[T any] struct {
	Version   int    `json:"version" doc:"À renvoyer dans If-Match ; 0 : valeurs par défaut, jamais enregistrées"`
	UpdatedAt string `json:"updatedAt,omitempty" doc:"Dernière modification (vide pour les valeurs par défaut)"`
	UpdatedBy string `json:"updatedBy,omitempty"`
	Value     T      `json:"value"`
}

type settingsInput[T any] struct {
	IfMatch string `header:"If-Match" required:"true" doc:"Version lue (ETag) ; \"0\" pour les valeurs par défaut"`
	Body    T
}

func settingsAnswer[T any](v settings.Versioned[T], err error) (*settingsOutput[T], error) {
	if err != nil {
		return nil, err
	}
	out := &settingsOutput[T]{ETag: strconv.Quote(strconv.Itoa(v.Version)), Body: SettingsBody[T]{Version: v.Version, UpdatedBy: v.UpdatedBy, Value: v.Value}}
	if v.Version > 0 {
		out.Body.UpdatedAt = v.UpdatedAt.UTC().Format("2006-01-02T15:04:05Z")
	}
	return out, nil
}

// settingsRoutes builds the read and write handlers of one settings list.
func settingsRoutes[T any](read func(context.Context, tenancy.Principal) (settings.Versioned[T], error),
	write func(context.Context, tenancy.Principal, int, T) (settings.Versioned[T], error),
) (get func(context.Context, *struct{}) (*settingsOutput[T], error), put func(context.Context, *settingsInput[T]) (*settingsOutput[T], error)) {
	get = func(ctx context.Context, _ *struct{}) (*settingsOutput[T], error) {
		return settingsAnswer(read(ctx, principal(ctx)))
	}
	put = func(ctx context.Context, in *settingsInput[T]) (*settingsOutput[T], error) {
		v, err := ifMatch(in.IfMatch, 0, "L'en-tête If-Match doit porter la version des paramètres que vous modifiez (\"0\" pour les valeurs par défaut).")
		if err != nil {
			return nil, err
		}
		return settingsAnswer(write(ctx, principal(ctx), v, in.Body))
	}
	return get, put
}

func (s *Server) settingsRouteTable() []route {
	sizesGet, sizesPut := settingsRoutes(s.Settings.Sizes, s.Settings.SaveSizes)
	printersGet, printersPut := settingsRoutes(s.Settings.Printers, s.Settings.SavePrinters)
	screensGet, screensPut := settingsRoutes(s.Settings.Screens, s.Settings.SaveScreens)
	languagesGet, languagesPut := settingsRoutes(s.Settings.Languages, s.Settings.SaveLanguages)
	kioskGet, kioskPut := settingsRoutes(s.Settings.Kiosk, s.Settings.SaveKiosk)
	colorsGet, colorsPut := settingsRoutes(s.Settings.Colors, s.Settings.SaveColors)
	return []route{
		{method: http.MethodGet, path: "/api/v1/settings/sizes", id: "getSizes", tag: "Paramètres", summary: "Les dix tailles et les libellés product_size_1..10", access: signedIn, roles: franchiseWide, lockable: true, original: []string{"listeSizes"}, register: handle(sizesGet)},
		{method: http.MethodPut, path: "/api/v1/settings/sizes", id: "saveSizes", tag: "Paramètres", summary: "Enregistrer les tailles ; If-Match obligatoire", access: signedIn, roles: admins, lockable: true, register: handle(sizesPut)},
		{method: http.MethodGet, path: "/api/v1/settings/printers", id: "getPrinters", tag: "Paramètres", summary: "Les imprimantes (cuisine et étiquettes)", access: signedIn, roles: franchiseWide, lockable: true, original: []string{"listePrinters", "screenPrinterStatus"}, register: handle(printersGet)},
		{method: http.MethodPut, path: "/api/v1/settings/printers", id: "savePrinters", tag: "Paramètres", summary: "Enregistrer les imprimantes ; If-Match obligatoire", access: signedIn, roles: admins, lockable: true, register: handle(printersPut)},
		{method: http.MethodGet, path: "/api/v1/settings/screens", id: "getScreens", tag: "Paramètres", summary: "Les écrans de cuisine", access: signedIn, roles: franchiseWide, lockable: true, original: []string{"screenPrinterStatus"}, register: handle(screensGet)},
		{method: http.MethodPut, path: "/api/v1/settings/screens", id: "saveScreens", tag: "Paramètres", summary: "Enregistrer les écrans ; If-Match obligatoire", access: signedIn, roles: admins, lockable: true, register: handle(screensPut)},
		{method: http.MethodGet, path: "/api/v1/settings/languages", id: "getLanguages", tag: "Paramètres", summary: "Les langues des cartes (remplacées par celles du pays quand il change)", access: signedIn, roles: franchiseWide, lockable: true, original: []string{"listesLangue", "listesLangueR"}, register: handle(languagesGet)},
		{method: http.MethodPut, path: "/api/v1/settings/languages", id: "saveLanguages", tag: "Paramètres", summary: "Enregistrer les langues ; If-Match obligatoire", access: signedIn, roles: admins, lockable: true, register: handle(languagesPut)},
		{method: http.MethodGet, path: "/api/v1/settings/kiosk", id: "getKioskConfig", tag: "Paramètres", summary: "Configuration générale des bornes (masquer les noms)", access: signedIn, roles: franchiseWide, lockable: true, original: []string{"GET /borneparam", "GET /borneparam/findOneParam/{id}"}, register: handle(kioskGet)},
		{method: http.MethodGet, path: "/api/v1/settings/colors", id: "getKioskColors", tag: "Paramètres", summary: "Couleurs des bornes", access: signedIn, roles: franchiseWide, lockable: true, original: []string{"colors_borne"}, register: handle(colorsGet)},
		{method: http.MethodPut, path: "/api/v1/settings/colors", id: "saveKioskColors", tag: "Paramètres", summary: "Enregistrer les couleurs des bornes ; If-Match obligatoire", access: signedIn, roles: admins, lockable: true, register: handle(colorsPut)},
		{method: http.MethodGet, path: "/kiosk/v1/parameters", id: "deviceKioskConfig", tag: "Bornes et caisses", summary: "Paramètres Borne publiés de la franchise de l'équipement (masquer les noms)", access: device, original: []string{"GET /borneparam/published/?franchiseId="}, register: handle(s.deviceKioskConfig)},
		{method: http.MethodPut, path: "/kiosk/v1/parameters", id: "deviceSaveKioskConfig", tag: "Bornes et caisses", summary: "Enregistrer les Paramètres Borne depuis la page sans session (/brigade/configborne), avec la clé d'un équipement de la franchise", access: device, register: handle(s.deviceSaveKioskConfig)},
		{method: http.MethodPut, path: "/api/v1/settings/kiosk", id: "saveKioskConfig", tag: "Paramètres", summary: "Enregistrer la configuration générale des bornes ; If-Match obligatoire (\"0\" : Sauvegarder, sinon Appliquer)", access: signedIn, roles: admins, lockable: true, original: []string{"POST /borneparam", "PUT /borneparam/{id}"}, register: handle(kioskPut)},
	}
}

func (s *Server) deviceKioskConfig(ctx context.Context, _ *struct{}) (*settingsOutput[settings.KioskConfig], error) {
	return settingsAnswer(s.Settings.KioskForDevice(ctx, deviceFrom(ctx)))
}

func (s *Server) deviceSaveKioskConfig(ctx context.Context, in *settingsInput[settings.KioskConfig]) (*settingsOutput[settings.KioskConfig], error) {
	v, err := ifMatch(in.IfMatch, 0, "L'en-tête If-Match doit porter la version des paramètres que vous modifiez (\"0\" pour les valeurs par défaut).")
	if err != nil {
		return nil, err
	}
	return settingsAnswer(s.Settings.SaveKioskFromDevice(ctx, deviceFrom(ctx), v, in.Body))
}
