package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"regexp"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/validation"

	"brigade/internal/auth"
	"brigade/internal/brands"
	"brigade/internal/discounts"
	"brigade/internal/menu"
	"brigade/internal/orders"
	"brigade/internal/reports"
	"brigade/internal/settings"
	"brigade/internal/tenancy"
)

// French titles for the statuses the API answers with.
var statusTitles = map[int]string{
	http.StatusBadRequest:            "Requête invalide",
	http.StatusUnauthorized:          "Authentification requise",
	http.StatusForbidden:             "Accès refusé",
	http.StatusNotFound:              "Introuvable",
	http.StatusMethodNotAllowed:      "Méthode non autorisée",
	http.StatusConflict:              "Conflit",
	http.StatusRequestEntityTooLarge: "Requête trop volumineuse",
	http.StatusUnsupportedMediaType:  "Format non pris en charge",
	http.StatusUnprocessableEntity:   "Données invalides",
	http.StatusTooManyRequests:       "Trop de requêtes",
	http.StatusInternalServerError:   "Erreur interne",
	http.StatusServiceUnavailable:    "Service indisponible",
}

// French details for huma's own failures (bad JSON, validation).
var statusDetails = map[int]string{
	http.StatusBadRequest:            "La requête est mal formée.",
	http.StatusUnprocessableEntity:   "Certaines valeurs sont invalides : voir le détail par champ.",
	http.StatusRequestEntityTooLarge: "La requête dépasse la taille autorisée.",
	http.StatusUnsupportedMediaType:  "Le format de la requête n'est pas pris en charge (JSON attendu).",
	http.StatusNotFound:              "La ressource demandée est introuvable.",
	http.StatusMethodNotAllowed:      "Cette méthode n'est pas autorisée sur cette ressource.",
	http.StatusInternalServerError:   "Une erreur est survenue. Veuillez réessayer ultérieurement.",
}

func init() {
	// huma's own failures (unreadable JSON, schema validation, unknown
	// route) carry English messages: they get a French detail by status and
	// keep huma's per-field list in errors[], translated below.
	huma.NewError = func(status int, _ string, errs ...error) huma.StatusError {
		detail, ok := statusDetails[status]
		if !ok {
			detail = title(status)
		}
		details := make([]*huma.ErrorDetail, 0, len(errs))
		for _, e := range errs {
			if e == nil {
				continue
			}
			var d *huma.ErrorDetail
			if conv, ok := e.(huma.ErrorDetailer); ok {
				d = conv.ErrorDetail()
			} else {
				d = &huma.ErrorDetail{Message: e.Error()}
			}
			d.Message = frenchMessage(d.Message)
			details = append(details, d)
		}
		return newProblem(status, detail, details...)
	}
	frenchValidationMessages()
}

// huma's messages that are not in its validation package: parameters it
// cannot parse, and the JSON decoder's own errors on an unreadable body.
var frenchParamMessages = map[string]string{
	"invalid integer":                      "doit être un nombre entier",
	"invalid float":                        "doit être un nombre",
	"invalid floating value":               "doit être un nombre",
	"invalid boolean":                      "doit être vrai ou faux",
	"invalid url.URL value":                "doit être une adresse valide",
	"required query parameter is missing":  "paramètre obligatoire manquant",
	"required header parameter is missing": "en-tête obligatoire manquant",
	"required path parameter is missing":   "paramètre obligatoire manquant",
	"unexpected end of JSON input":         "le corps de la requête n'est pas un JSON valide : il s'arrête avant la fin",
	"unexpected EOF":                       "le corps de la requête n'est pas un JSON valide : il s'arrête avant la fin",
}

// englishMessage spots what is left of an English message once the known
// ones are translated (a new huma or decoder message): it must not reach a
// French screen as it is.
var englishMessage = regexp.MustCompile(`(?i)\b(expected|invalid|required|missing|cannot|unexpected|unable|failed|must|looking for|value)\b`)

// frenchMessage gives a per-field message in French.
func frenchMessage(msg string) string {
	if fr, ok := frenchParamMessages[msg]; ok {
		return fr
	}
	switch {
	case strings.HasPrefix(msg, "invalid character"):
		return "le corps de la requête n'est pas un JSON valide : caractère inattendu"
	case strings.Contains(msg, "cannot unmarshal"):
		return "valeur d'un type inattendu"
	case strings.HasPrefix(msg, "invalid date/time"):
		return "date ou heure invalide"
	case strings.HasPrefix(msg, "If-Match precondition failed"), strings.HasPrefix(msg, "If-None-Match"),
		strings.HasPrefix(msg, "If-Modified-Since"), strings.HasPrefix(msg, "If-Unmodified-Since"):
		return "la condition de la requête n'est pas remplie"
	case englishMessage.MatchString(msg) && !strings.ContainsAny(msg, "éèàêçù"):
		return "valeur invalide"
	}
	return msg
}

func title(status int) string {
	if t, ok := statusTitles[status]; ok {
		return t
	}
	return http.StatusText(status)
}

// newProblem builds an answer whose detail we wrote, in French.
func newProblem(status int, detail string, details ...*huma.ErrorDetail) huma.StatusError {
	return &huma.ErrorModel{Status: status, Title: title(status), Detail: detail, Errors: details}
}

func frenchValidationMessages() {
	validation.MsgExpectedRequiredProperty = "le champ %s est obligatoire"
	validation.MsgExpectedMinLength = "doit contenir au moins %d caractère(s)"
	validation.MsgExpectedMaxLength = "doit contenir au plus %d caractères"
	validation.MsgExpectedString = "doit être un texte"
	validation.MsgExpectedNumber = "doit être un nombre"
	validation.MsgExpectedInteger = "doit être un nombre entier"
	validation.MsgExpectedBoolean = "doit être vrai ou faux"
	validation.MsgExpectedObject = "doit être un objet"
	validation.MsgExpectedArray = "doit être une liste"
	validation.MsgExpectedMinimumNumber = "doit être supérieur ou égal à %v"
	validation.MsgExpectedMaximumNumber = "doit être inférieur ou égal à %v"
	validation.MsgExpectedOneOf = "doit être l'une des valeurs « %s »"
	validation.MsgUnexpectedProperty = "champ inconnu"
	validation.MsgExpectedMinItems = "doit contenir au moins %d élément(s)"
	validation.MsgExpectedMaxItems = "doit contenir au plus %d éléments"
	validation.MsgExpectedRFC5322Email = "doit être une adresse e-mail valide : %v"
	validation.MsgExpectedMatchPattern = "doit respecter le format %s"
	validation.MsgExpectedRFC3339DateTime = "doit être une date et une heure (AAAA-MM-JJTHH:MM:SSZ)"
	validation.MsgExpectedRFC1123DateTime = "doit être une date et une heure (RFC 1123)"
	validation.MsgExpectedRFC3339Date = "doit être une date (AAAA-MM-JJ)"
	validation.MsgExpectedRFC3339Time = "doit être une heure (HH:MM:SS)"
	validation.MsgExpectedRFC5890Hostname = "doit être un nom d'hôte valide"
	validation.MsgExpectedRFC2673IPv4 = "doit être une adresse IPv4"
	validation.MsgExpectedRFC2373IPv6 = "doit être une adresse IPv6"
	validation.MsgExpectedRFCIPAddr = "doit être une adresse IP"
	validation.MsgExpectedRFC3986URI = "doit être une adresse (URI) valide : %v"
	validation.MsgExpectedRFC4122UUID = "doit être un identifiant UUID : %v"
	validation.MsgExpectedRegexp = "doit être une expression régulière : %v"
	validation.MsgExpectedMatchAtLeastOneSchema = "ne correspond à aucune des formes acceptées"
	validation.MsgExpectedMatchExactlyOneSchema = "ne correspond à aucune des formes acceptées"
	validation.MsgExpectedNotMatchSchema = "n'a pas une forme acceptée"
	validation.MsgExpectedDuration = "doit être une durée : %v"
	validation.MsgExpectedBase64String = "doit être encodé en base64"
	validation.MsgExpectedArrayItemsUnique = "ne doit pas contenir de doublons"
	validation.MsgExpectedExclusiveMinimumNumber = "doit être supérieur à %v"
	validation.MsgExpectedExclusiveMaximumNumber = "doit être inférieur à %v"
	validation.MsgExpectedNumberBeMultipleOf = "doit être un multiple de %v"
	validation.MsgExpectedBePattern = "doit être au format %s"
	validation.MsgExpectedMinProperties = "doit contenir au moins %d champ(s)"
	validation.MsgExpectedMaxProperties = "doit contenir au plus %d champs"
	validation.MsgExpectedDependentRequiredProperty = "le champ %s est obligatoire quand %s est présent"
}

// problem turns a domain error into the API's answer. Unknown errors are
// logged and answered with a generic 500: raw errors never reach clients.
func problem(ctx context.Context, err error) error {
	var se huma.StatusError
	if errors.As(err, &se) {
		return err
	}
	var ve *tenancy.ValidationError
	var mve menu.ValidationErrors
	var uv *menu.UnsupportedValue
	var ove *orders.ValidationError
	switch {
	case errors.As(err, &mve):
		details := make([]*huma.ErrorDetail, len(mve))
		for i, e := range mve {
			details[i] = &huma.ErrorDetail{Message: e.Message, Location: "body." + e.Path}
		}
		return newProblem(http.StatusUnprocessableEntity, mve.Error(), details...)
	case errors.As(err, &uv):
		return newProblem(http.StatusUnprocessableEntity, uv.Error(), &huma.ErrorDetail{Message: uv.Error(), Location: "body." + uv.Field})
	case errors.Is(err, menu.ErrReadOnly), errors.Is(err, settings.ErrReadOnly):
		return newProblem(http.StatusForbidden, err.Error())
	case errors.Is(err, menu.ErrStale), errors.Is(err, settings.ErrStale):
		return newProblem(http.StatusConflict, err.Error())
	case errors.As(err, &ve):
		loc := ve.Field
		if !strings.HasPrefix(loc, "query.") && !strings.HasPrefix(loc, "path.") {
			loc = "body." + loc
		}
		return newProblem(http.StatusUnprocessableEntity, ve.Message, &huma.ErrorDetail{Message: ve.Message, Location: loc})
	case errors.As(err, &ove):
		return newProblem(http.StatusUnprocessableEntity, ove.Message, &huma.ErrorDetail{Message: ove.Message, Location: "body." + ove.Field})
	case errors.As(err, new(*orders.ErrTransition)):
		return newProblem(http.StatusConflict, err.Error(), &huma.ErrorDetail{Message: err.Error(), Location: "body.status"})
	case errors.As(err, new(*discounts.Refusal)):
		return newProblem(http.StatusConflict, err.Error())
	case errors.Is(err, discounts.ErrStale), errors.Is(err, brands.ErrStale):
		return newProblem(http.StatusConflict, err.Error())
	case errors.Is(err, reports.ErrRange):
		return newProblem(http.StatusUnprocessableEntity, err.Error(), &huma.ErrorDetail{Message: err.Error(), Location: "query.end"})
	case errors.Is(err, tenancy.ErrNotFound):
		return newProblem(http.StatusNotFound, "La ressource demandée est introuvable.")
	case errors.Is(err, tenancy.ErrForbidden):
		return newProblem(http.StatusForbidden, "Vous n'avez pas les droits nécessaires pour cette action.")
	case errors.Is(err, tenancy.ErrBlocked):
		return newProblem(http.StatusForbidden, blockedDetail)
	case errors.Is(err, tenancy.ErrConflict):
		return newProblem(http.StatusConflict, "Cette ressource a été modifiée entre-temps. Rechargez la page puis recommencez.")
	case errors.Is(err, auth.ErrBadCredentials), errors.Is(err, auth.ErrTokenInvalid), errors.Is(err, auth.ErrTicketInvalid):
		return newProblem(http.StatusUnauthorized, err.Error())
	case errors.Is(err, auth.ErrAccountGone), errors.Is(err, auth.ErrFranchiseClosed):
		return newProblem(http.StatusForbidden, err.Error())
	case errors.Is(err, auth.ErrThrottled):
		return newProblem(http.StatusTooManyRequests, err.Error())
	case errors.Is(err, auth.ErrResetInvalid):
		return newProblem(http.StatusBadRequest, err.Error())
	case errors.Is(err, context.Canceled):
		return newProblem(499, "Requête annulée.")
	}
	slog.ErrorContext(ctx, "internal error", "err", err)
	return newProblem(http.StatusInternalServerError, statusDetails[http.StatusInternalServerError])
}

const blockedDetail = "Accès aux statistiques restreint : des factures de maintenance sont impayées. Contactez le support."
