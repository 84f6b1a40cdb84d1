#!/usr/bin/env bash
# Puts a built release in service, or back in service (a rollback is the same command with the
# older release's folder):   release.sh /srv/adire/releases/<name>
#
#  1. A backup (backup.sh), unless this is the first release.
#  2. The nginx config for the new release (npm run nginx-config in its folder), checked (nginx -t).
#  3. `current` points to the new release: whatever (re)starts from now on runs it.
#  4. One process at a time, never sent a request while it restarts: nginx (still on the old
#     release's pages) stops using the first process; it restarts on the new release, which syncs
#     the new catalogue (the old processes then answer 503 within 5 s: one release at a time); once
#     it is healthy nginx switches to the new pages with only that process; then each other process
#     restarts out of nginx and is put back. Pages and prices change at one reload.
#  5. The first start of the new release applies its migrations. There are no down migrations: a
#     rollback runs the older code on the newer tables, so a migration must keep the previous
#     release working (add, never rename or drop in the same release).
#
# Settings (production defaults): ADIRE_ROOT, ADIRE_ETC, ADIRE_PORTS, ADIRE_LISTEN, and
# ADIRE_SERVICE, the command that restarts or starts one API process given its port.
set -euo pipefail
release=$(realpath "$1")
ROOT=${ADIRE_ROOT:-/srv/adire}
ETC=${ADIRE_ETC:-/etc/adire}
read -r -a ports <<<"${ADIRE_PORTS:-4611 4612}"
LISTEN=${ADIRE_LISTEN:-127.0.0.1:8080}
SERVICE=${ADIRE_SERVICE:-systemctl restart adire-api@}
here=$(dirname "$(realpath "$0")")
NGINX=(nginx -c "$ROOT/nginx/nginx.conf" -p "$ROOT/nginx/")

say() { echo "[release $(date -u +%T)] $*"; }
[[ -f $release/dist/.server/catalogue.json ]] || { echo "$release has no build (dist/.server/catalogue.json): run npm run build in it first." >&2; exit 1; }
previous=$(readlink "$ROOT/current" 2>/dev/null || true)

if [[ -n $previous ]]; then
  say "backup: $("$here/backup.sh")"
fi

# The config names the pages' script hashes: one per release, written in the release's own folder.
apis=()
for port in "${ports[@]}"; do apis+=(--api "http://127.0.0.1:$port"); done
(
  cd "$release" && set -a && . "$ETC/api.env" && set +a
  npm run --silent nginx-config -- "${apis[@]}" --listen "$LISTEN" --root "$release/dist" >"$release/nginx.conf"
)
# Variants with some processes marked down: nginx sends them nothing after a reload.
without() { # config, then the ports to leave out
  local config=$1
  shift
  local script=''
  for port in "$@"; do script+="s/^( *server 127\\.0\\.0\\.1:$port)( [^;]*)?;/\\1\\2 down;/;"; done
  sed -E "$script" "$config"
}
use() { # install a config and reload nginx (or start it)
  cat >"$ROOT/nginx/nginx.conf"
  "${NGINX[@]}" -t -q
  if [[ -f $ROOT/nginx/nginx.pid ]] && kill -0 "$(cat "$ROOT/nginx/nginx.pid")" 2>/dev/null; then
    "${NGINX[@]}" -s reload
  else
    ${ADIRE_NGINX_START:-systemctl start adire-nginx}
  fi
  # A reload lets old workers finish their requests; new connections go by the new config at once.
  sleep 1
}
healthy() {
  local port=$1
  for _ in $(seq 1 120); do
    curl -sf -o /dev/null "http://127.0.0.1:$port/api/v1/health" && return 0
    sleep 0.5
  done
  echo "The API process on port $port is not healthy after 60 s: see journalctl -u adire-api@$port" >&2
  return 1
}

ln -sfn "$release" "$ROOT/current.new" && mv -T "$ROOT/current.new" "$ROOT/current"
say "current -> $release"

if [[ -z $previous || ${#ports[@]} -eq 1 ]]; then
  for port in "${ports[@]}"; do $SERVICE"$port"; done
  for port in "${ports[@]}"; do healthy "$port"; done
  use <"$release/nginx.conf"
  say "serving $release"
  exit 0
fi

first=${ports[0]}
rest=("${ports[@]:1}")
without "$previous/nginx.conf" "$first" | use
$SERVICE"$first"
healthy "$first"
say "process $first runs the new release"
without "$release/nginx.conf" "${rest[@]}" | use
say "nginx serves the new pages, with process $first"
for i in "${!rest[@]}"; do
  port=${rest[$i]}
  $SERVICE"$port"
  healthy "$port"
  without "$release/nginx.conf" "${rest[@]:$((i + 1))}" | use
  say "process $port runs the new release"
done
say "serving $release"
