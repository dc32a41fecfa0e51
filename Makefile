# Brigade — the two commands a newcomer needs are `make run` and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := help

GO        ?= go
NPM       ?= npm
BIN       := bin/brigade
WEB       := web
VERSION   ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS   := -X main.version=$(VERSION)
PG_URL    ?= postgres://postgres:postgres@127.0.0.1:5432/test?sslmode=disable
# The end-to-end server listens on E2E_PORT, or on a port free at the time (two clones can test at once).
E2E_PORT  ?=

.PHONY: help
help: ## Liste des commandes
	@grep -hE '^[a-zA-Z_-]+:.*## ' $(MAKEFILE_LIST) | awk 'BEGIN{FS=":.*## "}{printf "  \033[1mmake %-12s\033[0m %s\n", $$1, $$2}'

.PHONY: run
run: build ## Installe, construit et démarre Brigade sur http://127.0.0.1:8080 avec la franchise de démo
	./$(BIN) serve

.PHONY: test
test: test-go test-web test-e2e ## Installe ce qu'il faut et lance tous les tests (Go sur SQLite et PostgreSQL, Vitest, Playwright)

.PHONY: build
build: web-build ## Construit le binaire bin/brigade avec l'application web intégrée
	$(GO) build -tags embedui -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/brigade

$(WEB)/node_modules/.installed: $(WEB)/package.json $(WEB)/package-lock.json
	cd $(WEB) && $(NPM) ci --no-audit --no-fund
	@touch $@

.PHONY: web-deps
web-deps: $(WEB)/node_modules/.installed ## Installe les paquets npm (npm ci)

.PHONY: web-build
web-build: web-deps ## Construit l'application web (web/dist, fichiers précompressés .br et .gz)
	cd $(WEB) && $(NPM) run build

.PHONY: gen
gen: web-deps ## Régénère web/openapi.json et les types TypeScript de l'API
	$(GO) run ./cmd/brigade openapi > $(WEB)/openapi.json
	cd $(WEB) && $(NPM) run gen:api

.PHONY: test-go
test-go: nginx ## Tests Go sur SQLite et PostgreSQL, fichiers sur dossier et S3, deux instances derrière nginx (démarre ou installe PostgreSQL, versitygw et nginx s'ils manquent ; BRIGADE_TEST_POSTGRES=off, BRIGADE_TEST_S3=off pour s'en passer)
	@url="$${BRIGADE_TEST_POSTGRES_URL:-}"; \
	if [ -z "$$url" ] && [ "$${BRIGADE_TEST_POSTGRES:-}" != "off" ]; then \
	  scripts/pg-install.sh || { echo "PostgreSQL ne répond pas sur 127.0.0.1:5432 et n'a pu être ni démarré ni installé ; BRIGADE_TEST_POSTGRES=off lance les tests sur SQLite seulement" >&2; exit 1; }; \
	  url="$(PG_URL)"; \
	fi; \
	if [ -z "$$url" ] && [ "$${CI:-}" = "true" ]; then echo "PostgreSQL est obligatoire en CI" >&2; exit 1; fi; \
	if [ -n "$$url" ]; then echo "Tests Go sur SQLite et PostgreSQL ($$url)"; else echo "ATTENTION : tests Go sur SQLite seulement (BRIGADE_TEST_POSTGRES=off)" >&2; fi; \
	s3="$${BRIGADE_TEST_S3_URL:-}"; \
	if [ -z "$$s3" ] && [ "$${BRIGADE_TEST_S3:-}" != "off" ]; then \
	  s3=$$(scripts/s3-start.sh) || { echo "Le serveur S3 de test (versitygw) n'a pu être ni installé ni démarré ; BRIGADE_TEST_S3=off lance les tests des fichiers sur dossier seulement" >&2; exit 1; }; \
	  export AWS_ACCESS_KEY_ID=brigade AWS_SECRET_ACCESS_KEY=brigade-secret; unset AWS_SESSION_TOKEN; \
	fi; \
	if [ -z "$$s3" ] && [ "$${CI:-}" = "true" ]; then echo "S3 est obligatoire en CI" >&2; exit 1; fi; \
	if [ -n "$$s3" ]; then echo "Fichiers sur dossier et S3 ($$s3)"; else echo "ATTENTION : fichiers sur dossier seulement (BRIGADE_TEST_S3=off)" >&2; fi; \
	BRIGADE_TEST_POSTGRES_URL="$$url" BRIGADE_TEST_S3_URL="$$s3" $(GO) test -count=1 -timeout 20m ./...

.PHONY: bench
bench: ## Benchmark des commandes et rapports (1 000 000 de commandes ; PG=postgres://… pour PostgreSQL)
	$(GO) run ./bench/reports $(if $(PG),-postgres $(PG))

.PHONY: bench-deploy
bench-deploy: ## Benchmark de la génération des cartes (1 000 restaurants ; PG=postgres://… pour PostgreSQL)
	$(GO) run ./bench/deploy $(if $(PG),-postgres $(PG))

.PHONY: bench-feed
bench-feed: ## Benchmark du flux des bornes contre nginx (304 et gzip, wrk ; installe nginx et wrk s'ils manquent)
	@command -v wrk >/dev/null 2>&1 && { command -v nginx >/dev/null 2>&1 || test -x /usr/sbin/nginx; } || { echo "Installation de nginx et wrk (apt)…"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx wrk >/dev/null) || \
	  (sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx wrk >/dev/null) || true; }
	$(GO) run ./bench/feed

.PHONY: bench-sse
bench-sse: ## Benchmark des flux SSE des bornes sur une instance (2 000 flux : mémoire, délai d'annonce d'un menu)
	$(GO) run ./bench/sse

.PHONY: test-web
test-web: web-build ## Tests Vitest de l'application web, types à jour et poids des premiers écrans (JS gzip, web/scripts/bundle-size.mjs)
	cd $(WEB) && $(NPM) test && $(NPM) run size

.PHONY: chromium
chromium: ## Installe Chromium de Debian s'il manque (tests de bout en bout)
	@command -v chromium >/dev/null 2>&1 || { echo "Installation de chromium (apt)…"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) || \
	  (sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null); }

.PHONY: nginx
nginx: ## Installe nginx de Debian s'il manque (test des deux instances, benchmark du flux)
	@command -v nginx >/dev/null 2>&1 || test -x /usr/sbin/nginx || { echo "Installation de nginx (apt)…"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null) || \
	  (sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null); }

.PHONY: test-e2e
test-e2e: build chromium ## Tests Playwright dans Chromium contre le vrai binaire (captures dans web/test-results)
	port="$(E2E_PORT)"; [ -n "$$port" ] || port=$$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"); \
	cd $(WEB) && BRIGADE_E2E_PORT=$$port $(NPM) run e2e

.PHONY: fmt
fmt: ## Formate le code Go
	gofmt -w cmd internal web/*.go

.PHONY: clean
clean: ## Supprime les produits de construction (pas les données)
	rm -rf bin $(WEB)/dist $(WEB)/test-results $(WEB)/playwright-report
