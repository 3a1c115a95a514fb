#!/bin/sh
# Makes the Node base image that deploy/Containerfile builds FROM, by hand, on a machine that reaches no
# container registry (the development machine reaches only npm's registry and Debian's mirrors, so
# docker.io/library/node:26.12.1-bookworm-slim cannot be pulled there). On a normal machine this script is not
# needed: the Containerfile's default NODE_IMAGE is pulled. Here (deploy/README.md, "The image"):
#   sh deploy/base-image.sh
#   buildah bud --isolation chroot --storage-driver vfs --build-arg NODE_IMAGE=localhost/pawline-node-base:26.12.1 … .
# What it makes: Debian 12 (bookworm) minbase from the Debian mirror, upgraded from bookworm-updates and
# bookworm-security, with ca-certificates, plus the Node that package.json pins (the launcher's runtime from the
# npm registry, tools/launcher/runtime.cjs), its headers, this machine's npm and corepack, laid out as in the official node image (/usr/local/bin/node, /usr/local/include/node,
# /usr/local/lib/node_modules/npm). Committed to buildah's local storage as localhost/pawline-node-base:<node version>.
# Root only (debootstrap and buildah's storage). Idempotent: does nothing when the image exists; FORCE=1 makes
# it anew. The root file system is assembled in a temporary directory under /var/tmp, removed at the end.
# Settings (environment): MIRROR (Debian mirror, default the one in /etc/apt/sources.list.d/debian.sources),
# STORAGE_DRIVER (vfs: what works in an unprivileged container; podman and buildah must use the same one).
set -eu

[ "$(id -u)" = 0 ] || { echo "base-image.sh: run as root (debootstrap, buildah storage)" >&2; exit 1; }
for tool in debootstrap buildah node npm; do
  command -v "$tool" >/dev/null || { echo "base-image.sh: $tool is missing (apt-get install -y --no-install-recommends buildah debootstrap)" >&2; exit 1; }
done

# the pinned runtime (fetched into .data/runtime when missing), not whatever Node this machine has
NODE_BIN=$(readlink -f "$(node "$(dirname "$0")/../tools/launcher/runtime.cjs" --bin-dir)/node")
NODE_VERSION=$("$NODE_BIN" -p process.versions.node)
NODE_MODULES=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")")   # …/lib/node_modules
IMAGE=${IMAGE:-localhost/pawline-node-base:$NODE_VERSION}
STORAGE_DRIVER=${STORAGE_DRIVER:-vfs}
SUITE=bookworm
# the mirror apt uses here (deb822 "URIs:" line), else Debian's CDN
MIRROR=${MIRROR:-$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | grep -v security | head -n 1)}
MIRROR=${MIRROR:-http://deb.debian.org/debian}
SECURITY_MIRROR=${SECURITY_MIRROR:-${MIRROR%/debian}/debian-security}
bah() { buildah --storage-driver "$STORAGE_DRIVER" "$@"; }

if [ "${FORCE:-0}" != 1 ] && bah inspect --type image "$IMAGE" >/dev/null 2>&1; then
  echo "base-image.sh: $IMAGE exists (FORCE=1 makes it anew)"
  exit 0
fi

ROOTFS=$(mktemp -d /var/tmp/pawline-rootfs.XXXXXX)
CTR=
cleanup() {
  # debootstrap mounts /proc and /sys inside the target while it installs; never rm -rf through a mount
  for m in proc sys dev/pts dev; do umount -l "$ROOTFS/$m" 2>/dev/null || true; done
  rm -rf --one-file-system "$ROOTFS"
  if [ -n "$CTR" ]; then bah rm "$CTR" >/dev/null 2>&1 || true; fi
}
trap cleanup EXIT INT TERM

echo "base-image.sh: debootstrap $SUITE from $MIRROR into $ROOTFS"
# libatomic1: Node 26's Linux binary links libatomic.so.1, which minbase lacks (it stopped the first build here)
debootstrap --variant=minbase --include=ca-certificates,libatomic1 "$SUITE" "$ROOTFS" "$MIRROR"

# the security and point-release updates the official images carry
cat >"$ROOTFS/etc/apt/sources.list" <<EOF
deb $MIRROR $SUITE main
deb $MIRROR $SUITE-updates main
deb $SECURITY_MIRROR $SUITE-security main
EOF
cp /etc/resolv.conf "$ROOTFS/etc/resolv.conf"
chroot "$ROOTFS" sh -c 'apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get -y -q upgrade && apt-get clean'
# what an image does not need: apt's indexes and caches, documentation (copyright files stay), the build's resolv.conf
rm -rf "$ROOTFS"/var/lib/apt/lists/* "$ROOTFS"/var/cache/apt/* "$ROOTFS"/var/cache/debconf/*-old \
  "$ROOTFS"/var/log/* "$ROOTFS"/usr/share/man/* "$ROOTFS"/usr/share/info/* "$ROOTFS"/tmp/*
find "$ROOTFS/usr/share/doc" -type f ! -name copyright -delete
find "$ROOTFS/usr/share/doc" -type d -empty -delete
: >"$ROOTFS/etc/resolv.conf"

# this machine's Node and npm, where the official node image has them
install -D -m 0755 "$NODE_BIN" "$ROOTFS/usr/local/bin/node"
mkdir -p "$ROOTFS/usr/local/lib/node_modules"
for pkg in npm corepack; do
  if [ -d "$NODE_MODULES/$pkg" ]; then cp -a "$NODE_MODULES/$pkg" "$ROOTFS/usr/local/lib/node_modules/$pkg"; fi
done
# Node's headers, as the official image has them in /usr/local/include/node: node-gyp compiles native addons
# against them (argon2, deploy/Containerfile). It would download them from nodejs.org, which this machine does
# not reach, so npm's global config (prefix /usr/local) points node-gyp here, as the machine's own npmrc does.
NODE_INCLUDE=$(dirname "$(dirname "$NODE_BIN")")/include/node
[ -f "$NODE_INCLUDE/common.gypi" ] || { echo "base-image.sh: Node's headers are missing ($NODE_INCLUDE)" >&2; exit 1; }
mkdir -p "$ROOTFS/usr/local/include" "$ROOTFS/usr/local/etc"
cp -a "$NODE_INCLUDE" "$ROOTFS/usr/local/include/node"
echo 'nodedir=/usr/local' >"$ROOTFS/usr/local/etc/npmrc"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$ROOTFS/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$ROOTFS/usr/local/bin/npx"
if [ -d "$ROOTFS/usr/local/lib/node_modules/corepack" ]; then
  ln -sf ../lib/node_modules/corepack/dist/corepack.js "$ROOTFS/usr/local/bin/corepack"
fi
chroot "$ROOTFS" /usr/local/bin/node -e 'process.stdout.write(`node ${process.version} runs in the root file system\n`)'

echo "base-image.sh: committing $IMAGE"
CTR=$(bah from scratch)
MNT=$(bah mount "$CTR")
tar -C "$ROOTFS" --numeric-owner -cf - . | tar -C "$MNT" --numeric-owner -xpf -
bah umount "$CTR" >/dev/null
bah config \
  --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  --env NODE_VERSION="$NODE_VERSION" \
  --cmd node \
  --os linux --arch "$(dpkg --print-architecture)" \
  --label org.opencontainers.image.description="Debian $SUITE minbase + Node $NODE_VERSION, made by deploy/base-image.sh (no registry reachable)" \
  "$CTR"
bah commit --rm "$CTR" "$IMAGE"
CTR=
bah images "$IMAGE"
