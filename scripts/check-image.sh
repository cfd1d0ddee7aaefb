#!/usr/bin/env bash
# Runs the built image and checks what an operator relies on: its size, the container starting and
# answering /healthz and /readyz, the process not running as root, and a write made through the API
# still there in a new container started on the same volume (the old one removed). Loopback only; cleans up after itself.
set -euo pipefail

IMAGE=${IMAGE:-vupt:latest}
PORT=${CHECK_PORT:-38080}
name=vupt-check-$$
volume=vupt-check-$$
url=http://127.0.0.1:$PORT
email=imagem.$$@univille.br

cleanup() {
  docker rm -f "$name" >/dev/null 2>&1 || true
  docker volume rm "$volume" >/dev/null 2>&1 || true
}
trap cleanup EXIT

wait_healthy() {
  for _ in $(seq 1 60); do
    if curl -fsS "$url/healthz" >/dev/null 2>&1; then return 0; fi
    sleep 1
  done
  echo "no /healthz answer from the container after 60 s" >&2
  docker logs "$name" >&2
  return 1
}

count_accounts() {
  docker exec "$name" node -e "
    const db = require('better-sqlite3')('/data/vupt.sqlite', { readonly: true })
    console.log(db.prepare('select count(*) as n from users where email = ?').get(process.argv[1]).n)
  " "$email"
}

size=$(docker image inspect --format '{{.Size}}' "$IMAGE")
echo "image $IMAGE: $((size / 1000000)) MB"

start() {
  docker run -d --name "$name" -p "127.0.0.1:$PORT:3000" -v "$volume:/data" -e "PUBLIC_URL=$url" "$IMAGE" >/dev/null
  wait_healthy
}

start
echo "started; /healthz: $(curl -fsS "$url/healthz")"
echo "/readyz: $(curl -fsS "$url/readyz")"

uid=$(docker exec "$name" sh -c "awk '/^Uid:/ { print \$2 }' /proc/1/status")
echo "process 1 runs as uid $uid ($(docker exec "$name" id -un))"
[ "$uid" != 0 ] || { echo "the server runs as root" >&2; exit 1; }

# A sign-up through the real API, as the browser sends it (same-origin), is the write to keep.
curl -fsS -o /dev/null -X POST "$url/api/trpc/auth.signUp" \
  -H 'content-type: application/json' -H "origin: $url" -H 'sec-fetch-site: same-origin' \
  --data "{\"email\":\"$email\",\"username\":\"imagem_$$\",\"fullName\":\"Conta da Imagem\",\"course\":\"Design\",\"matricula\":\"20240001\",\"password\":\"senha-da-imagem-1\",\"communitySlug\":\"univille\"}"
before=$(count_accounts)
docker rm -f "$name" >/dev/null
start
after=$(count_accounts)
echo "account written through the API: $before in the first container, $after in a new one on the same volume"
[ "$before" = 1 ] && [ "$after" = 1 ] || { echo "the write did not survive the new container" >&2; exit 1; }
echo "image check passed"
