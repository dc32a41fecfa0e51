#!/usr/bin/env bash
# Make an S3 server answer on 127.0.0.1:${S3_PORT:-7070} for the tests:
# versitygw (pinned, installed once under .tools/bin) with its POSIX backend
# in ${TMPDIR:-/tmp}/brigade-s3, the bucket `brigade` created. A versitygw
# already answering on the port is reused (two clones share it; each test
# run writes under a prefix of its own). Prints the BRIGADE_TEST_S3_URL on
# stdout; the credentials are AWS_ACCESS_KEY_ID=brigade and
# AWS_SECRET_ACCESS_KEY=brigade-secret. Exit 1 when nothing answers.
set -u
root="$(cd "$(dirname "$0")/.." && pwd)"
version="v1.8.0"
bin="$root/.tools/bin/versitygw"
port="${S3_PORT:-7070}"
access="brigade"
secret="brigade-secret"
bucket="brigade"
data="${TMPDIR:-/tmp}/brigade-s3"
endpoint="http://127.0.0.1:$port"
empty_sha="e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

# what_answers prints "versitygw", "autre" or "rien" for the port.
what_answers() {
  local headers
  headers="$(curl -s -m 2 -D - -o /dev/null "$endpoint/" 2>/dev/null)" || { echo rien; return; }
  if grep -qi '^server: *versitygw' <<<"$headers"; then echo versitygw; else echo autre; fi
}

# s3 sends a signed request with the test credentials; prints the HTTP code.
s3() {
  curl -s -m 10 -o /dev/null -w '%{http_code}' --aws-sigv4 "aws:amz:us-east-1:s3" --user "$access:$secret" \
    -H "x-amz-content-sha256: $empty_sha" "$@"
}

mkdir -p "$data/root"
# Two clones starting at once: one starts the server, the other reuses it.
if command -v flock >/dev/null 2>&1; then
  exec 9>"$data/.lock"
  flock 9
fi

case "$(what_answers)" in
autre)
  echo "Le port $port répond mais ce n'est pas versitygw : choisissez un autre port avec S3_PORT=…" >&2
  exit 1
  ;;
rien)
  if [ ! -x "$bin" ]; then
    echo "Installation de versitygw $version dans .tools/bin (go install, environ 2 minutes la première fois)…" >&2
    GOBIN="$root/.tools/bin" go install "github.com/versity/versitygw/cmd/versitygw@$version" >&2 || {
      echo "L'installation de versitygw a échoué" >&2
      exit 1
    }
  fi
  echo "Démarrage de versitygw sur $endpoint (données dans $data, journal dans $data/versitygw.log)" >&2
  # Detached (setsid, nohup): the server outlives make and serves the next runs.
  launcher=""
  command -v setsid >/dev/null 2>&1 && launcher="setsid"
  $launcher nohup "$bin" --access "$access" --secret "$secret" --port "127.0.0.1:$port" --quiet \
    posix "$data/root" >"$data/versitygw.log" 2>&1 </dev/null 9>&- &
  pid=$!
  ready=""
  for _ in $(seq 1 150); do
    state="$(what_answers)"
    [ "$state" = versitygw ] && { ready=1; break; }
    if [ "$state" = autre ]; then
      echo "Le port $port répond mais ce n'est pas versitygw : choisissez un autre port avec S3_PORT=…" >&2
      exit 1
    fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.2
  done
  if [ -z "$ready" ]; then
    echo "versitygw ne répond pas sur $endpoint ; son journal :" >&2
    tail -n 20 "$data/versitygw.log" >&2
    exit 1
  fi
  ;;
esac

code="$(s3 -I "$endpoint/$bucket")"
if [ "$code" = 404 ]; then
  code="$(s3 -X PUT "$endpoint/$bucket")"
  # 409: created meanwhile by another run.
  [ "$code" = 409 ] && code=200
fi
if [ "$code" != 200 ]; then
  echo "versitygw sur $endpoint refuse le compartiment « $bucket » (HTTP $code) : a-t-il été démarré avec d'autres identifiants ?" >&2
  exit 1
fi
echo "s3://$bucket?endpoint=$endpoint&region=us-east-1"
