#!/usr/bin/env bash
# Lighthouse's own CLI with its mobile defaults (simulated slow 4G, 4x CPU), a fresh Chromium per run,
# on the built server with only the seeded community (as `npm start` leaves it); prints the median of
# RUNS runs per page. Usage: npm run build && scripts/lighthouse-cli.sh [/path ...]
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
PORT=${PORT:-4800}
PAGES=("$@")
[ ${#PAGES[@]} -gt 0 ] || PAGES=(/ /univille /univille/portal /univille/eventos)
OUT=$(mktemp -d /tmp/vupt-lighthouse-XXXXXX)
export CHROME_PATH=${CHROMIUM:-/usr/bin/chromium}
FLAGS="--headless=new --no-sandbox --disable-gpu --disable-quic --disable-background-networking --disable-component-update --disable-sync --no-first-run"

NODE_ENV=production DATA_DIR="$OUT/data" PORT=$PORT node dist/main.js >"$OUT/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; rm -rf "$OUT"' EXIT
until curl -sf "http://127.0.0.1:$PORT/" >/dev/null; do sleep 0.2; done

echo "\$ RUNS=$RUNS scripts/lighthouse-cli.sh ${PAGES[*]}"
echo "dados: só a semente (comunidade Univille), servidor compilado em 127.0.0.1:$PORT; lighthouse $(node_modules/.bin/lighthouse --version)"
for page in "${PAGES[@]}"; do
  for run in $(seq "$RUNS"); do
    # Lighthouse sometimes fails to record a trace (NO_NAVSTART) and asks to be run again: up to 3 tries.
    for try in 1 2 3; do
      node_modules/.bin/lighthouse "http://127.0.0.1:$PORT$page" --only-categories=performance --quiet \
        --chrome-flags="$FLAGS" --output=json --output-path="$OUT/$(echo "$page" | tr / _)-$run.json" && break
      echo "Lighthouse falhou em $page (tentativa $try de 3)" >&2
      [ "$try" -lt 3 ] || exit 1
    done
  done
done
node -e '
const { readFileSync, readdirSync } = require("node:fs")
const [dir, ...pages] = process.argv.slice(1)
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]
console.log("| página | desempenho | LCP | TBT | FCP | CLS |")
console.log("|---|---|---|---|---|---|")
for (const page of pages) {
  const prefix = page.replaceAll("/", "_") + "-"
  const runs = readdirSync(dir).filter((f) => f.startsWith(prefix)).map((f) => JSON.parse(readFileSync(`${dir}/${f}`, "utf8")))
  const audit = (id) => median(runs.map((r) => r.audits[id].numericValue))
  const score = median(runs.map((r) => Math.round(r.categories.performance.score * 100)))
  console.log(`| ${page} | ${score} | ${(audit("largest-contentful-paint") / 1000).toFixed(1)} s | ${Math.round(audit("total-blocking-time"))} ms | ${(audit("first-contentful-paint") / 1000).toFixed(1)} s | ${audit("cumulative-layout-shift").toFixed(2)} |`)
}
' "$OUT" "${PAGES[@]}"
