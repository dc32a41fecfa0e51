package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"brigade/internal/tenancy"
)

// access says who may call a route.
type access int

const (
	public   access = iota // no sign-in
	signedIn               // any signed-in login, further limited by roles
	device                 // a till or kiosk with its equipment key
)

// route is one line of the route table: the whole API surface is readable
// in routeTable, with the roles each route needs.
type route struct {
	method, path, id string
	summary          string
	tag              string
	access           access
	// roles limits signed-in routes to these roles (nil: every role).
	roles []tenancy.Role
	// lockable routes are refused (403) for a franchise blocked for unpaid
	// maintenance, so that the lock-out is not only in the browser.
	lockable bool
	// streamTicket routes also accept a stream ticket as ?ticket= in place
	// of the Authorization header (EventSource cannot send headers, and the
	// token never goes in a URL).
	streamTicket bool
	// signIn routes check a password: 401 for wrong credentials, 429 (with
	// Retry-After) while the sign-in limits hold the login or the address.
	signIn bool
	// original lists the original client's calls this route replaces.
	original []string
	status   int
	register func(api huma.API, op huma.Operation)
}

const metaRoute = "brigade.route"

var (
	allRoles      []tenancy.Role
	superAdmins   = []tenancy.Role{tenancy.RoleSuperAdmin}
	admins        = []tenancy.Role{tenancy.RoleAdmin}
	franchiseWide = []tenancy.Role{tenancy.RoleAdmin, tenancy.RoleModerator, tenancy.RoleGuest, tenancy.RoleRestaurant}
	restaurants   = []tenancy.Role{tenancy.RoleRestaurant}
)

func (r *route) allows(p tenancy.Principal) bool {
	return r.roles == nil || slices.Contains(r.roles, p.Role)
}

func (r *route) operation() huma.Operation {
	op := huma.Operation{
		OperationID: r.id,
		Method:      r.method,
		Path:        r.path,
		Summary:     r.summary,
		Tags:        []string{r.tag},
		Metadata:    map[string]any{metaRoute: r},
	}
	if r.status != 0 {
		op.DefaultStatus = r.status
	}
	var desc []string
	if r.access == public {
		desc = append(desc, "**Accès :** public.")
	} else if r.access == device {
		op.Security = []map[string][]string{{"deviceKey": {}}}
		desc = append(desc, "**Accès :** caisse ou borne, avec sa clé d'équipement (`Authorization: Bearer brg_dev_…`).")
		op.Errors = []int{http.StatusUnauthorized}
	} else {
		op.Security = []map[string][]string{{"bearer": {}}}
		who := "toute personne connectée"
		if r.roles != nil {
			names := make([]string, len(r.roles))
			for i, role := range r.roles {
				names[i] = "`" + string(role) + "`"
			}
			who = strings.Join(names, ", ")
		}
		desc = append(desc, "**Accès :** "+who+".")
		if r.lockable {
			desc = append(desc, "Refusé (403) pour une franchise bloquée, sauf session super-admin.")
		}
		op.Errors = []int{http.StatusUnauthorized, http.StatusForbidden}
	}
	if r.signIn {
		desc = append(desc, "**Limites :** après 5 échecs pour un identifiant (30 pour une adresse), chaque essai attend un délai qui double de 30 s à 5 min ; "+
			"pendant ce délai, la réponse est 429 avec l'en-tête `Retry-After` (en secondes) et le mot de passe n'est pas vérifié.")
		op.Errors = []int{http.StatusUnauthorized, http.StatusTooManyRequests}
	}
	if len(r.original) > 0 {
		desc = append(desc, "**Remplace :** `"+strings.Join(r.original, "`, `")+"`.")
	}
	op.Description = strings.Join(desc, "\n\n")
	return op
}

// handle adapts a typed handler to the route table and turns its errors
// into problem+json answers.
func handle[I, O any](h func(ctx context.Context, in *I) (*O, error)) func(huma.API, huma.Operation) {
	return func(api huma.API, op huma.Operation) {
		huma.Register(api, op, func(ctx context.Context, in *I) (*O, error) {
			out, err := h(ctx, in)
			if err != nil {
				return nil, problem(ctx, err)
			}
			return out, nil
		})
	}
}

func jsonMarshal(v any) ([]byte, error) { return json.Marshal(v) }

// routeTable is the whole API. Keep it readable: one line per route.
func (s *Server) routeTable() []route {
	return []route{
		// Health.
		{method: http.MethodGet, path: "/api/v1/health", id: "health", tag: "Système", summary: "État du serveur", access: public, register: handle(s.health)},
		{method: http.MethodGet, path: "/api/v1/ready", id: "ready", tag: "Système", summary: "Prêt : 200 une fois le travail de démarrage fini (commandes de démonstration chargées), 503 avant", access: public, register: handle(s.ready)},

		// Authentication (spec: first document §7, second document §7.1).
		{method: http.MethodPost, path: "/api/v1/auth/signin", id: "signin", tag: "Authentification", signIn: true, summary: "Connexion d'un propriétaire de franchise ou d'un super-admin", access: public, original: []string{"POST auth/signin"}, register: handle(s.signin)},
		{method: http.MethodPost, path: "/api/v1/auth/signinResto", id: "signinResto", tag: "Authentification", signIn: true, summary: "Connexion d'un restaurant ou d'un modérateur", access: public, original: []string{"POST auth/signinResto"}, register: handle(s.signinResto)},
		{method: http.MethodPost, path: "/api/v1/auth/signinGuest", id: "signinGuest", tag: "Authentification", signIn: true, summary: "Connexion d'un invité", access: public, original: []string{"POST auth/signinGuest"}, register: handle(s.signinGuest)},
		{method: http.MethodPost, path: "/api/v1/auth/signup", id: "signup", tag: "Authentification", summary: "Création d'un compte propriétaire avec sa franchise", access: public, original: []string{"POST auth/signup"}, status: http.StatusCreated, register: handle(s.signup)},
		{method: http.MethodPost, path: "/api/v1/auth/forgotPassword", id: "forgotPassword", tag: "Authentification", summary: "Demande de lien de réinitialisation du mot de passe", access: public, status: http.StatusNoContent, register: handle(s.forgotPassword)},
		{method: http.MethodPost, path: "/api/v1/auth/resetPassword", id: "resetPassword", tag: "Authentification", summary: "Nouveau mot de passe avec un lien de réinitialisation", access: public, status: http.StatusNoContent, register: handle(s.resetPassword)},
		{method: http.MethodGet, path: "/api/v1/auth/me", id: "me", tag: "Authentification", summary: "Informations de l'utilisateur connecté", access: signedIn, original: []string{"GET /api/v1/dashboard/findOneGuest/{login}", "GET /api/v1/restos/findOneRestaurantDetails/{id}", "GET /api/restos/oneresto/{id}", "GET /api/franchises/V2/findOneProcaisse/{id}"}, register: handle(s.me)},
		{method: http.MethodPost, path: "/api/v1/auth/refresh", id: "refresh", tag: "Authentification", summary: "Nouveau jeton pour la session en cours (connexion par jeton des pages intégrées)", access: signedIn, register: handle(s.refresh)},
		{method: http.MethodPost, path: "/api/v1/auth/check-suspension", id: "checkSuspension", tag: "Authentification", summary: "Contrôle de suspension (franchise bloquée pour maintenance impayée)", access: signedIn, original: []string{"POST {super-admin API}/v2/app-{product}-manager/check-suspension"}, register: handle(s.checkSuspension)},
		{method: http.MethodPost, path: "/api/v1/auth/switch", id: "switchFranchise", tag: "Authentification", summary: "Changer de franchise : nouvelle session pour une autre franchise du compte restaurant (404 pour une franchise où il n'est pas rattaché)", access: signedIn, roles: restaurants, register: handle(s.switchFranchise)},

		// The signed-in user's franchise and restaurants.
		{method: http.MethodGet, path: "/api/v1/franchise", id: "getFranchise", tag: "Franchise", summary: "La franchise de l'utilisateur connecté", access: signedIn, roles: franchiseWide, lockable: true, original: []string{"GET /franchiseprocaisse/{id}"}, register: handle(s.getFranchise)},
		{method: http.MethodGet, path: "/api/v1/restaurants", id: "listRestaurants", tag: "Restaurants", summary: "Restaurants visibles par l'utilisateur", access: signedIn, roles: franchiseWide, lockable: true, original: []string{"GET /api/franchiseprocaisse/v2/restos/{id}", "GET /api/v1/dashboard/findAllRestosGuest/{id_guest}"}, register: handle(s.listRestaurants)},
		{method: http.MethodGet, path: "/api/v1/restaurants/{restaurantId}", id: "getRestaurant", tag: "Restaurants", summary: "Détails d'un restaurant", access: signedIn, roles: franchiseWide, lockable: true, original: []string{"GET /api/v1/restos/findOneRestaurantDetails/{id}"}, register: handle(s.getRestaurant)},
		{method: http.MethodPost, path: "/api/v1/restaurants", id: "createRestaurant", tag: "Restaurants", summary: "Ajouter un restaurant", access: signedIn, roles: admins, lockable: true, status: http.StatusCreated, register: handle(s.createRestaurant)},
		{method: http.MethodPut, path: "/api/v1/restaurants/{restaurantId}", id: "updateRestaurant", tag: "Restaurants", summary: "Modifier un restaurant", access: signedIn, roles: admins, lockable: true, register: handle(s.updateRestaurant)},
		{method: http.MethodPost, path: "/api/v1/restaurants/{restaurantId}/archive", id: "archiveRestaurant", tag: "Restaurants", summary: "Archiver un restaurant (ses commandes sont conservées, ses équipements refusés)", access: signedIn, roles: admins, lockable: true, register: handle(s.archiveRestaurant)},
		{method: http.MethodPost, path: "/api/v1/restaurants/{restaurantId}/restore", id: "restoreRestaurant", tag: "Restaurants", summary: "Désarchiver un restaurant", access: signedIn, roles: admins, lockable: true, register: handle(s.restoreRestaurant)},
		{method: http.MethodGet, path: "/api/v1/restaurants/{restaurantId}/equipments", id: "listEquipments", tag: "Équipements", summary: "Caisses et bornes d'un restaurant", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.listEquipments)},
		{method: http.MethodGet, path: "/api/v1/restaurants/siret/{siret}/equipments", id: "equipmentsBySiret", tag: "Équipements", summary: "Équipements d'un restaurant par SIRET", access: signedIn, roles: franchiseWide, lockable: true, original: []string{"GET /api/v1/restos/findOneRestoWithKeenIds/{siret}"}, register: handle(s.equipmentsBySiret)},
		{method: http.MethodPost, path: "/api/v1/restaurants/{restaurantId}/equipments", id: "createEquipment", tag: "Équipements", summary: "Ajouter une caisse ou une borne", access: signedIn, roles: admins, lockable: true, status: http.StatusCreated, register: handle(s.createEquipment)},
		{method: http.MethodPatch, path: "/api/v1/restaurants/{restaurantId}/equipments/{equipmentId}", id: "renameEquipment", tag: "Équipements", summary: "Renommer un équipement", access: signedIn, roles: admins, lockable: true, register: handle(s.renameEquipment)},
		{method: http.MethodPost, path: "/api/v1/restaurants/{restaurantId}/equipments/{equipmentId}/key", id: "issueEquipmentKey", tag: "Équipements", summary: "Émettre ou renouveler la clé d'un équipement (affichée une seule fois)", access: signedIn, roles: admins, lockable: true, register: handle(s.issueKey)},
		{method: http.MethodDelete, path: "/api/v1/restaurants/{restaurantId}/equipments/{equipmentId}/key", id: "revokeEquipmentKey", tag: "Équipements", summary: "Révoquer la clé d'un équipement (refusée aussitôt)", access: signedIn, roles: admins, lockable: true, register: handle(s.revokeKey)},

		// Franchise information page and change history.
		{method: http.MethodPut, path: "/api/v1/franchise", id: "updateFranchise", tag: "Franchise", summary: "Modifier les informations de la franchise", access: signedIn, roles: admins, lockable: true, original: []string{"PUT /api/v1/franchises/UpdateObjet/{id}"}, register: handle(s.updateFranchise)},
		{method: http.MethodPut, path: "/api/v1/franchise/logo", id: "uploadFranchiseLogo", tag: "Franchise", summary: "Envoyer le logo (PNG, JPEG ou WebP, 1 Mo au plus)", access: signedIn, roles: admins, lockable: true, register: s.registerLogoUpload},
		{method: http.MethodGet, path: "/api/v1/franchise/logo", id: "getFranchiseLogo", tag: "Franchise", summary: "Logo de la franchise", access: signedIn, roles: franchiseWide, register: s.registerLogoDownload},
		{method: http.MethodGet, path: "/api/v1/history", id: "listHistory", tag: "Historique", summary: "Journal des modifications", access: signedIn, roles: franchiseWide, lockable: true, original: []string{"GET /api/v1/historique/logs-details/{a}&{b}"}, register: handle(s.listHistory)},

		// Mes Produits: every product of the franchise's cartes.
		{method: http.MethodGet, path: "/api/v1/products", id: "listProducts", tag: "Cartes", summary: "Mes Produits : les produits actifs de toutes les cartes, avec leurs prix et indicateurs", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.listProducts)},
		{method: http.MethodPost, path: "/api/v1/products/bulk", id: "bulkEditProducts", tag: "Cartes", summary: "Modifier en masse les prix (fixer, ajouter, pourcentage) et indicateurs de produits de plusieurs cartes", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.bulkEditProducts)},
		// Images of the cartes' elements.
		{method: http.MethodPost, path: "/api/v1/images", id: "uploadImage", tag: "Cartes", summary: "Envoyer l'image d'un élément de carte (multipart : kind, file, name, moment)", access: signedIn, roles: admins, lockable: true, status: http.StatusCreated, original: []string{"CartesCampagnesImages/{franchiseId}/categories|products|ingredients|supplements/{path}"}, register: s.registerImageUpload},
		{method: http.MethodGet, path: "/api/v1/images/{kind}/{file}", id: "getImage", tag: "Cartes", summary: "Lire une image d'élément de carte de la franchise", access: signedIn, roles: franchiseWide, lockable: true, register: s.registerImageDownload},
		// Cartes (campaigns) and their documents.
		{method: http.MethodGet, path: "/api/v1/campaigns", id: "listCampaigns", tag: "Cartes", summary: "Cartes de la franchise (liées au restaurant pour un modérateur)", access: signedIn, roles: franchiseWide, lockable: true, original: []string{"CartesCampagnes (par franchiseId)", "RestosCartes (par siret)"}, register: handle(s.listCampaigns)},
		{method: http.MethodPost, path: "/api/v1/campaigns", id: "createCampaign", tag: "Cartes", summary: "Créer une carte", access: signedIn, roles: franchiseWide, lockable: true, status: http.StatusCreated, register: handle(s.createCampaign)},
		{method: http.MethodPost, path: "/api/v1/campaigns/import", id: "importCampaign", tag: "Cartes", summary: "Importer une carte depuis un fichier JSON (export ou document seul)", access: signedIn, roles: franchiseWide, lockable: true, status: http.StatusCreated, register: s.registerImportCampaign},
		{method: http.MethodGet, path: "/api/v1/campaigns/{campaignId}/tags/images.zip", id: "tagImagesZip", tag: "Cartes", summary: "Les images des tags de la carte (logo et fond, tags supprimés exclus) : tags_images.zip", access: signedIn, roles: franchiseWide, lockable: true, register: s.registerTagImagesZip},
		{method: http.MethodGet, path: "/api/v1/campaigns/{campaignId}/export", id: "exportCampaign", tag: "Cartes", summary: "Exporter une carte en fichier JSON (champs de la carte et orderJson)", access: signedIn, roles: franchiseWide, lockable: true, original: []string{"CartesCampagnes/{franchiseId}/{fichier}"}, register: handle(s.exportCampaign)},
		{method: http.MethodGet, path: "/api/v1/campaigns/{campaignId}", id: "getCampaign", tag: "Cartes", summary: "Une carte", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.getCampaign)},
		{method: http.MethodPut, path: "/api/v1/campaigns/{campaignId}", id: "updateCampaign", tag: "Cartes", summary: "Modifier une carte (nom, dates, principale, activation) ; If-Match obligatoire", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.updateCampaign)},
		{method: http.MethodPost, path: "/api/v1/campaigns/{campaignId}/duplicate", id: "duplicateCampaign", tag: "Cartes", summary: "Dupliquer une carte", access: signedIn, roles: franchiseWide, lockable: true, status: http.StatusCreated, register: handle(s.duplicateCampaign)},
		{method: http.MethodDelete, path: "/api/v1/campaigns/{campaignId}", id: "deleteCampaign", tag: "Cartes", summary: "Supprimer une carte, ses liens et son fichier", access: signedIn, roles: franchiseWide, lockable: true, status: http.StatusNoContent, register: handle(s.deleteCampaign)},
		{method: http.MethodGet, path: "/api/v1/campaigns/{campaignId}/document", id: "getCampaignDocument", tag: "Cartes", summary: "Le document de la carte (orderJson), ETag = version", access: signedIn, roles: franchiseWide, lockable: true, original: []string{"CartesCampagnes/{franchiseId}/{fichier}"}, register: handle(s.getDocument)},
		{method: http.MethodPut, path: "/api/v1/campaigns/{campaignId}/document", id: "saveCampaignDocument", tag: "Cartes", summary: "Enregistrer le document (validation, version, historique) ; If-Match obligatoire", access: signedIn, roles: franchiseWide, lockable: true, register: s.registerSaveDocument},

		{method: http.MethodGet, path: "/api/v1/archive/campaigns", id: "listDeletedCampaigns", tag: "Archive", summary: "Cartes supprimées, gardées pour être restaurées (500 au plus, les plus récentes d'abord)", access: signedIn, roles: admins, lockable: true, register: handle(s.listDeletedCampaigns)},
		{method: http.MethodPost, path: "/api/v1/archive/campaigns/{deletedId}/restore", id: "restoreDeletedCampaign", tag: "Archive", summary: "Restaurer une carte supprimée, comme une nouvelle carte (ni principale, ni liée à un restaurant)", access: signedIn, roles: admins, lockable: true, status: http.StatusCreated, register: handle(s.restoreDeletedCampaign)},
		{method: http.MethodGet, path: "/api/v1/campaigns/{campaignId}/trash", id: "getCarteTrash", tag: "Corbeille", summary: "Éléments supprimés d'une carte, par onglet", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.getTrash)},
		{method: http.MethodGet, path: "/api/v1/campaigns/{campaignId}/trash/linked", id: "getTrashLinkedProducts", tag: "Corbeille", summary: "Produits liés à une catégorie (Supprime / Non supprime)", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.linkedProducts)},
		{method: http.MethodPost, path: "/api/v1/campaigns/{campaignId}/trash/restore", id: "restoreFromTrash", tag: "Corbeille", summary: "Restaurer des éléments ; If-Match obligatoire", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.restoreTrash)},
		{method: http.MethodPost, path: "/api/v1/campaigns/{campaignId}/trash/delete", id: "deleteFromTrash", tag: "Corbeille", summary: "Supprimer définitivement des éléments (et leurs références) ; If-Match obligatoire", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.deleteTrash)},

		// Devices.
		{method: http.MethodGet, path: "/kiosk/v1/whoami", id: "deviceWhoami", tag: "Bornes et caisses", summary: "L'équipement authentifié par sa clé, et son restaurant", access: device, register: handle(s.deviceWhoami)},

		// Real-time notices.
		{method: http.MethodGet, path: "/api/v1/events", id: "events", tag: "Temps réel", summary: "Flux SSE des changements (invalide le cache du navigateur)", access: signedIn, streamTicket: true, register: s.registerEvents},
		{method: http.MethodPost, path: "/api/v1/events/ticket", id: "eventsTicket", tag: "Temps réel", summary: "Ticket d'ouverture du flux SSE : à usage unique, valable 30 secondes, lié à la session", access: signedIn, register: handle(s.streamTicket)},

		// Super-admin.
		{method: http.MethodGet, path: "/api/v1/admin/franchises", id: "adminListFranchises", tag: "Super-admin", summary: "Toutes les franchises", access: signedIn, roles: superAdmins, original: []string{"GET /franchises"}, register: handle(s.adminListFranchises)},
		{method: http.MethodPost, path: "/api/v1/admin/franchises", id: "adminCreateFranchise", tag: "Super-admin", summary: "Ouvrir une franchise avec son propriétaire (administrateur) et son premier restaurant, en une fois", access: signedIn, roles: superAdmins, status: http.StatusCreated, register: handle(s.adminCreateFranchise)},
		{method: http.MethodPost, path: "/api/v1/admin/franchises/{franchiseId}/close", id: "adminCloseFranchise", tag: "Super-admin", summary: "Fermer une franchise : ses données sont gardées (une session super-admin les lit et les exporte), ses connexions et clés d'équipement sont refusées", access: signedIn, roles: superAdmins, register: handle(s.adminCloseFranchise)},
		{method: http.MethodPost, path: "/api/v1/admin/franchises/{franchiseId}/reopen", id: "adminReopenFranchise", tag: "Super-admin", summary: "Rouvrir une franchise fermée", access: signedIn, roles: superAdmins, register: handle(s.adminReopenFranchise)},
		{method: http.MethodPost, path: "/api/v1/admin/franchises/{franchiseId}/block", id: "adminBlockFranchise", tag: "Super-admin", summary: "Bloquer une franchise (maintenance impayée)", access: signedIn, roles: superAdmins, register: handle(s.adminBlockFranchise)},
		{method: http.MethodPost, path: "/api/v1/admin/franchises/{franchiseId}/unblock", id: "adminUnblockFranchise", tag: "Super-admin", summary: "Débloquer une franchise", access: signedIn, roles: superAdmins, register: handle(s.adminUnblockFranchise)},
		{method: http.MethodPut, path: "/api/v1/admin/franchises/{franchiseId}/features", id: "adminSetFeatures", tag: "Super-admin", summary: "Fonctionnalités de la franchise (catalogue publié, imprimante et cuisson par défaut des nouveaux produits)", access: signedIn, roles: superAdmins, register: handle(s.adminSetFeatures)},
		{method: http.MethodPost, path: "/api/v1/admin/franchises/{franchiseId}/impersonate", id: "adminImpersonate", tag: "Super-admin", summary: "Ouvrir une session administrateur de la franchise", access: signedIn, roles: superAdmins, register: handle(s.adminImpersonate)},
		{method: http.MethodPut, path: "/api/v1/admin/users/{userId}/franchises/{franchiseId}", id: "adminAttachUserFranchise", tag: "Super-admin", summary: "Rattacher un compte restaurant à une autre franchise, avec ses restaurants dans celle-ci (remplace ceux qu'il y avait)", access: signedIn, roles: superAdmins, status: http.StatusNoContent, register: handle(s.adminAttachUserFranchise)},
		{method: http.MethodDelete, path: "/api/v1/admin/users/{userId}/franchises/{franchiseId}", id: "adminDetachUserFranchise", tag: "Super-admin", summary: "Détacher un compte restaurant d'une franchise (ses jetons de cette franchise sont refusés aussitôt)", access: signedIn, roles: superAdmins, status: http.StatusNoContent, register: handle(s.adminDetachUserFranchise)},
	}
}

const apiDescription = `API REST de Brigade, le back-office des franchises de restauration.

Toutes les réponses d'erreur sont au format ` + "`application/problem+json`" + ` (RFC 9457) avec un ` + "`detail`" + ` en français
et, pour les erreurs de validation, une liste ` + "`errors[]`" + ` indiquant le champ concerné.

Authentification : ` + "`POST /api/v1/auth/signin`" + ` (ou signinResto, signinGuest) renvoie un ` + "`accessToken`" + ` à passer
dans l'en-tête ` + "`Authorization: Bearer …`" + `. Toute lecture de données est limitée à la franchise (et aux restaurants)
de l'utilisateur connecté : la ressource d'une autre franchise répond 404, comme une ressource absente.`
