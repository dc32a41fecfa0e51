# Brigade in one image: the web app built with Node, embedded into the Go
# binary, which runs alone on a distroless base as a non-root user.
#   docker build -t brigade .
#   docker run -p 8080:8080 -v brigade-data:/data brigade          (SQLite, demo)
# compose.yaml runs two instances on PostgreSQL and S3 behind nginx.

FROM node:20-bookworm-slim AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build

FROM golang:1.26-bookworm AS server
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=web /src/web/dist ./web/dist
ARG VERSION=dev
# SQLite is pure Go (modernc.org/sqlite): no C library in the image.
RUN CGO_ENABLED=0 go build -trimpath -tags embedui -ldflags "-X main.version=${VERSION}" -o /out/brigade ./cmd/brigade \
 && mkdir -p /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=server /out/brigade /usr/local/bin/brigade
# The data folder (SQLite and blobs on the embedded default) belongs to the
# image's non-root user.
COPY --from=server --chown=65532:65532 /out/data /data
ENV BRIGADE_LISTEN=0.0.0.0:8080 \
    BRIGADE_DATA=/data
VOLUME /data
EXPOSE 8080
USER nonroot:nonroot
ENTRYPOINT ["/usr/local/bin/brigade"]
CMD ["serve"]
