#!/usr/bin/env bash
# Restarts Vupt instances one at a time behind a load balancer: each is restarted (SIGTERM: it stops
# taking connections and tells its WebSocket clients to reconnect, which they do through the proxy to
# the other instance, resuming their chat from the last message id), then the next waits until this
# one answers /readyz and the proxy has had time to see it healthy again.
#
# Usage: scripts/rolling-restart.sh 'COMMAND TO RESTART ONE' URL_OF_ONE 'COMMAND TO RESTART TWO' URL_OF_TWO ...
#   e.g. scripts/rolling-restart.sh 'systemctl restart vupt@1' http://127.0.0.1:3001 \
#                                   'systemctl restart vupt@2' http://127.0.0.1:3002
# READY_TIMEOUT (seconds, default 60): how long an instance may take to become ready.
# SETTLE (seconds, default 5): pause after ready, at least the proxy's health-check interval.
set -euo pipefail

if [ $# -lt 2 ] || [ $(($# % 2)) -ne 0 ]; then
  sed -n '7,9p' "$0" >&2
  exit 2
fi
ready_timeout=${READY_TIMEOUT:-60}
settle=${SETTLE:-5}

while [ $# -gt 0 ]; do
  restart=$1
  url=${2%/}
  shift 2
  echo "Reiniciando: $restart"
  sh -c "$restart"
  deadline=$((SECONDS + ready_timeout))
  until curl -fsS -o /dev/null --max-time 5 "$url/readyz"; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "$url não ficou pronta em ${ready_timeout}s; as demais não foram reiniciadas" >&2
      exit 1
    fi
    sleep 1
  done
  echo "Pronta: $url"
  if [ $# -gt 0 ]; then sleep "$settle"; fi
done
echo "Todas as instâncias reiniciadas."
