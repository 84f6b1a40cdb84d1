#!/usr/bin/env bash
# Follows docs/deployment.md on this machine, from nothing (its 'Proved by a script'): the blocks
# marked `<!-- deploy-test: NAME -->` are read from that guide and run as written, with /srv, /etc
# and /var moved into a temporary folder, the ports moved to free ones, and a few system commands
# standing in (bin/ below): useradd and chown do nothing (all runs as root), systemctl starts the API
# processes as the unit does and the generated nginx as its unit does. Run as root from anywhere:
#   scripts/deploy/test.sh        (DEPLOY_PORT_BASE=4470 takes 4470-4476; DEPLOY_PG_PORT=5434)
set -euo pipefail
cd "$(dirname "$0")/../.."
REPO=$PWD
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
BASE=${DEPLOY_PORT_BASE:-4470}
PGPORT=${DEPLOY_PG_PORT:-5434}
P_NGINX=$BASE P1=$((BASE + 1)) P2=$((BASE + 2)) P_CHECK=$((BASE + 3)) P_TLS=$((BASE + 4)) P_HTTP=$((BASE + 5)) P_MAIL=$((BASE + 6))

[[ $(id -u) -eq 0 ]] || { echo "Run this as root: it starts PostgreSQL as the postgres user." >&2; exit 1; }
[[ -f dist/.server/catalogue.json ]] || { echo "No build in dist/: run npm run build first." >&2; exit 1; }
command -v nginx >/dev/null || { echo "nginx is not installed." >&2; exit 1; }

W=$(mktemp -d /tmp/adire-deploy-XXXXXX)
chmod 0755 "$W"
mkdir -p "$W/bin" "$W/run" "$W/log" "$W/mail" "$W/offsite" "$W/www" "$W/etc/cron.d" "$W/tls"
export ADIRE_ROOT=$W/srv/adire ADIRE_ETC=$W/etc/adire ADIRE_BACKUPS=$W/var/backups/adire
export ADIRE_PORTS="$P1 $P2" ADIRE_LISTEN=127.0.0.1:$P_NGINX
export PGHOST=127.0.0.1 PGPORT
export PATH="$W/bin:$REPO/node_modules/.bin:$PATH"
J=$REPO/scripts/deploy/journey.ts
# The deployment guide whose marked blocks this test runs.
GUIDE=$REPO/docs/deployment.md
T0=$(date +%s%N)
elapsed() { local tenths=$((($(date +%s%N) - T0) / 100000000)); echo "$((tenths / 10)).$((tenths % 10))"; }
step() { printf '[deploy test %6s s] %s\n' "$(elapsed)" "$*"; }
fail() { echo "FAILED: $*" >&2; exit 1; }

cleanup() {
  set +e
  for pid in "$W"/run/*.pid; do
    [[ -f $pid ]] || continue
    # The restore check runs in a subshell: its node process is that subshell's child.
    for stat in /proc/[0-9]*/stat; do
      read -r child _ _ parent _ 2>/dev/null <"$stat" && [[ $parent == "$(cat "$pid")" ]] && kill "$child" 2>/dev/null
    done
    kill "$(cat "$pid")" 2>/dev/null
  done
  for prefix in "$ADIRE_ROOT/nginx" "$W/tls-nginx"; do
    [[ -f $prefix/nginx.pid ]] && kill -QUIT "$(cat "$prefix/nginx.pid")" 2>/dev/null
  done
  [[ -d $W/pg ]] && runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$W/pg" -m fast -w stop >/dev/null 2>&1
  sleep 0.5
  if [[ ${KEEP:-} == 1 ]]; then echo "Kept $W"; else rm -rf "$W"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---- Stand-ins for what a test machine must not do or does not have -------------------------------
cat >"$W/bin/useradd" <<'SH'
#!/bin/sh
exit 0
SH
cp "$W/bin/useradd" "$W/bin/chown"
cat >"$W/bin/install" <<'SH'
#!/usr/bin/env bash
# install without -o/-g: everything here belongs to root.
args=()
while [[ $# -gt 0 ]]; do case $1 in -o | -g) shift 2 ;; *) args+=("$1"); shift ;; esac; done
exec /usr/bin/install "${args[@]}"
SH
cat >"$W/bin/runuser" <<'SH'
#!/usr/bin/env bash
# runuser -u postgres runs as postgres; as adire (no such user here) it runs as root.
if [[ $1 == -u && $2 != postgres ]]; then shift 3; exec "$@"; fi
exec /usr/sbin/runuser "$@"
SH
cat >"$W/bin/systemctl" <<SH
#!/usr/bin/env bash
# The units of the guide's 'First install', step 6: what their ExecStart, WorkingDirectory and
# EnvironmentFile do, without systemd.
verb=\$1 unit=\${2:-}
case \$unit in
  adire-nginx) [[ \$verb == start ]] && exec nginx -c "$ADIRE_ROOT/nginx/nginx.conf" -p "$ADIRE_ROOT/nginx/" ;;
  adire-api@*)
    port=\${unit#adire-api@} pidfile=$W/run/api-\$port.pid
    if [[ -f \$pidfile ]]; then
      pid=\$(cat "\$pidfile"); kill -TERM "\$pid" 2>/dev/null
      while kill -0 "\$pid" 2>/dev/null; do sleep 0.1; done
      rm -f "\$pidfile"
    fi
    [[ \$verb == stop ]] && exit 0
    cd "$ADIRE_ROOT/current" || exit 1
    (set -a && . "$ADIRE_ETC/api.env" && set +a && PORT=\$port HOST=127.0.0.1 exec setsid "$ADIRE_ROOT/current/node_modules/.bin/node" src/server/main.ts) \
      >>"$W/log/api-\$port.log" 2>&1 </dev/null &
    echo \$! >"\$pidfile"
    ;;
esac
exit 0
SH
chmod +x "$W"/bin/*

# ---- The guide's blocks, with the paths and ports of this test -------------------------------------
block() {
  awk -v name="$1" '
    $0 ~ "<!-- deploy-test: " name " -->" { want = 1; next }
    want && /^ *```/ { if (inside) exit; inside = 1; match($0, /^ */); indent = RLENGTH; next }
    inside { print substr($0, indent + 1) }
  ' "$GUIDE" | sed -e "s#/srv/adire#$W/srv/adire#g; s#/etc/adire#$W/etc/adire#g; s#/var/lib/adire#$W/var/lib/adire#g" \
    -e "s#/var/backups/adire#$W/var/backups/adire#g; s#/etc/cron.d/#$W/etc/cron.d/#g; s#/var/www/html#$W/www#g" \
    -e "s#/etc/letsencrypt/live/adireacademy.ng#$W/tls#g; s#127.0.0.1:5432#127.0.0.1:$PGPORT#g" \
    -e "s#4611#$P1#g; s#4612#$P2#g; s#4619#$P_CHECK#g; s#127.0.0.1:8080#127.0.0.1:$P_NGINX#g" \
    -e "s#listen 443 ssl http2;#listen 127.0.0.1:$P_TLS ssl http2;#; s#listen 80;#listen 127.0.0.1:$P_HTTP;#; /listen \[::\]/d"
}
run_block() {
  local text
  text=$(block "$1")
  [[ -n $text ]] || fail "docs/deployment.md has no block marked deploy-test: $1"
  eval "$text"
}

# ---- PostgreSQL installed and running (Debian's package does this) ---------------------------------
/usr/bin/install -d -o postgres -m 0700 "$W/pg"
runuser -u postgres -- "$PG_BIN/initdb" -D "$W/pg" --auth=trust --username=postgres -E UTF8 --locale=C.UTF-8 >/dev/null
runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$W/pg" -l "$W/pg/server.log" -w \
  -o "-p $PGPORT -k $W/pg -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
export PGUSER=postgres
node_modules/.bin/node scripts/deploy/mail-sink.ts "$P_MAIL" "$W/mail" >"$W/log/mail.log" 2>&1 &
echo $! >"$W/run/mail.pid"
step "PostgreSQL on $PGPORT, mail sink on $P_MAIL"

# ---- First install: steps 2 to 4 ------------------------------------------------------------------
run_block folders
run_block database
run_block settings
[[ $(stat -c %a "$ADIRE_ETC/api.env") == 600 ]] || fail "api.env is not 0600"
# The placeholders, as the IT person fills them in: the mail sink, the TLS site's address, test payments.
sed -i -e "s#^SMTP_URL=.*#SMTP_URL=smtp://127.0.0.1:$P_MAIL#" -e "s#^PUBLIC_SITE_URL=.*#PUBLIC_SITE_URL=https://127.0.0.1:$P_TLS#" \
  -e 's#^PAYSTACK_SECRET_KEY=.*#PAYMENTS_TEST_MODE=1#' "$ADIRE_ETC/api.env"
step "folders, the adire role and database, api.env"

# ---- Releases: this checkout's build, and an upgrade with a migration and a new price -------------
make_release() { # name
  local r=$ADIRE_ROOT/releases/$1
  mkdir -p "$r"
  cp -r src scripts drizzle package.json "$r/"
  ln -s "$REPO/node_modules" "$r/node_modules"
  ln -s "$REPO/content" "$r/content"
  # Hard links where /tmp and the checkout share a file system; a copy otherwise (9 MB).
  cp -al dist "$r/dist" 2>/dev/null || { rm -rf "$r/dist" && cp -a dist "$r/dist"; }
  echo "$r"
}
R1=$(make_release r1)
R2=$(make_release r2)
# r2: a staff price edit (a new catalogue file: the hard link to r1's stays as it was) and a migration.
node -e '
  const fs = require("node:fs"); const file = process.argv[1];
  const catalogue = JSON.parse(fs.readFileSync(file, "utf8"));
  catalogue.courses[0].price_kobo += 2_000_000;
  fs.rmSync(file); fs.writeFileSync(file, JSON.stringify(catalogue));
  const journal = process.argv[2] + "/meta/_journal.json"; const j = JSON.parse(fs.readFileSync(journal, "utf8"));
  const last = j.entries.at(-1); const tag = String(last.idx + 1).padStart(4, "0") + "_deploy_test";
  j.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag });
  fs.writeFileSync(journal, JSON.stringify(j, null, 2));
  fs.writeFileSync(process.argv[2] + "/" + tag + ".sql", "CREATE TABLE \"deploy_test\" (\"id\" integer PRIMARY KEY);");
' "$R2/dist/.server/catalogue.json" "$R2/drizzle"
COURSE=$(node -e 'console.log(JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8")).courses[0].id)' dist/.server/catalogue.json)
step "releases r1 (this build) and r2 (a new price for $COURSE, a migration)"

# ---- Step 7: in service; the TLS site in front ----------------------------------------------------
"$R1/scripts/deploy/release.sh" "$R1" | sed 's/^/  /'
step "r1 in service: processes $P1 $P2, nginx on $P_NGINX"

# The units of step 6, as systemd reads them (their ExecStart exists now that current does).
if command -v systemd-analyze >/dev/null; then
  mkdir -p "$W/etc/systemd/system"
  block unit-api >"$W/etc/systemd/system/adire-api@$P1.service"
  block unit-nginx >"$W/etc/systemd/system/adire-nginx.service"
  out=$(systemd-analyze verify "$W/etc/systemd/system/adire-api@$P1.service" "$W/etc/systemd/system/adire-nginx.service" 2>&1) ||
    fail "systemd-analyze verify refuses the guide's units: $out"
  [[ -z $out ]] || fail "systemd-analyze verify warns about the guide's units: $out"
  step "the guide's two units pass systemd-analyze verify"
fi

openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 \
  -keyout "$W/tls/privkey.pem" -out "$W/tls/fullchain.pem" 2>/dev/null
mkdir -p "$W/tls-nginx"
{
  echo "pid nginx.pid; error_log error.log; events {} http { access_log off;"
  block tls-site
  echo "}"
} >"$W/tls-nginx/nginx.conf"
nginx -t -q -c "$W/tls-nginx/nginx.conf" -p "$W/tls-nginx/" || fail "nginx -t refuses the guide's TLS site"
nginx -c "$W/tls-nginx/nginx.conf" -p "$W/tls-nginx/"
SITE=https://127.0.0.1:$P_TLS
export NODE_EXTRA_CA_CERTS=$W/tls/fullchain.pem
curl -sf --cacert "$W/tls/fullchain.pem" -o /dev/null "$SITE/" || fail "the home page through TLS"
[[ $(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$P_HTTP/") == 301 ]] || fail "port 80 does not redirect to https"
step "the guide's TLS site passes nginx -t and serves the home page"

# ---- Step 9: a student, through the TLS site ------------------------------------------------------
EMAIL=student-$RANDOM@example.com
PHOTO=$(node "$J" signup "$SITE" "$W/mail" "$EMAIL")
node "$J" photo "$SITE" "$EMAIL" "$PHOTO" | sed 's/^/  /'
step "signed up $EMAIL with the mailed code; a 2 MB photo uploaded through TLS and both nginx"

# ---- Step 10: the first admin of the staff console, invited by the guide's command ----------------
invited=$(run_block first-admin 2>&1) || fail "the guide's invite-staff command failed: $invited"
grep -q "https://127.0.0.1:$P_TLS/staff/welcome?token=" <<<"$invited" || fail "invite-staff printed no welcome link: $invited"
grep -lq 'registrar@adireacademy.ng' "$W/mail"/*.eml || fail "no invitation mail reached registrar@adireacademy.ng"
step "the first admin invited: the welcome link printed and mailed"

# ---- Monitoring ----------------------------------------------------------------------------------
# Whichever process took the sign-up counts it (read whole first: grep -q would cut curl off).
metrics=$(curl -sf "http://127.0.0.1:$P1/metrics" && curl -sf "http://127.0.0.1:$P2/metrics") || fail "/metrics on the processes' ports"
grep -q '^adire_http_requests_total{route="/api/v1/user/auth/student/signup",method="POST",status="201"} 1$' <<<"$metrics" ||
  fail "/metrics on the processes' ports does not count the sign-up"
for origin in "http://127.0.0.1:$P_NGINX" "$SITE"; do
  code=$(curl -s --cacert "$W/tls/fullchain.pem" -o "$W/metrics.out" -w '%{http_code}' "$origin/metrics")
  [[ $code == 404 ]] && ! grep -q adire_ "$W/metrics.out" || fail "/metrics answered $code through $origin"
done
step "/metrics on the processes' ports, 404 through nginx and the TLS site"

# ---- Backups (nightly), then the upgrade ----------------------------------------------------------
run_block backup
printf 'BACKUP_COPY="cp -r"\nBACKUP_TARGET=%s/\n' "$W/offsite" >"$ADIRE_ETC/backup.env"
"$R1/scripts/deploy/backup.sh" >/dev/null
step "backup: $(ls "$ADIRE_BACKUPS"), copied to $(ls "$W/offsite")"

OLD_PRICE=$(node "$J" price "$SITE" "$COURSE")
# Students keep coming during the upgrade: every call through the site must succeed.
(
  ok=0 bad=0 refused=0
  while [[ ! -f $W/run/stop-load ]]; do
    code=$(curl -s --cacert "$W/tls/fullchain.pem" -o /dev/null -w '%{http_code}' "$SITE/api/v1/user/courses/$COURSE")
    if [[ $code == 200 ]]; then ok=$((ok + 1)); elif [[ $code == 503 ]]; then refused=$((refused + 1)); else
      bad=$((bad + 1))
      echo "$code" >>"$W/log/load-errors"
    fi
    sleep 0.05
  done
  echo "$ok $bad $refused" >"$W/run/load-result"
) &
NEW=r2
run_block upgrade | sed 's/^/  /'
touch "$W/run/stop-load"
wait $!
read -r ok bad refused <"$W/run/load-result"
NEW_PRICE=$(node "$J" price "$SITE" "$COURSE")
[[ $bad == 0 ]] || fail "$bad of $((ok + bad + refused)) calls failed during the upgrade: $(sort "$W/log/load-errors" | uniq -c | tr '\n' ' ')"
[[ $NEW_PRICE != "$OLD_PRICE" ]] || fail "the price is still $OLD_PRICE after the upgrade"
for port in $P1 $P2; do
  [[ $(node "$J" price "http://127.0.0.1:$port" "$COURSE") == "$NEW_PRICE" ]] || fail "process $port charges another price"
done
psql -d adire -Atc 'select count(*) from deploy_test' >/dev/null || fail "r2's migration did not run"
[[ $(ls "$ADIRE_BACKUPS" | wc -l) == 2 ]] || fail "release.sh took no backup before the upgrade"
step "upgraded to r2: $OLD_PRICE -> $NEW_PRICE on both processes, migration applied, $ok calls during it answered, $refused refused with 503 (an old process in the second between the new one's start and nginx's switch), 0 failed"

# ---- Rollback -------------------------------------------------------------------------------------
"$R1/scripts/deploy/release.sh" "$R1" | sed 's/^/  /'
[[ $(node "$J" price "$SITE" "$COURSE") == "$OLD_PRICE" ]] || fail "the rollback did not bring back $OLD_PRICE"
step "rolled back to r1: $OLD_PRICE again (r2's table stays)"

# ---- Restore the backup taken before the upgrade, and the student's photo shows ---------------------
run_block restore
echo $! >"$W/run/api-check.pid"
for _ in $(seq 1 120); do curl -sf -o /dev/null "http://127.0.0.1:$P_CHECK/api/v1/health" && break; sleep 0.5; done
node "$J" photo "http://127.0.0.1:$P_CHECK" "$EMAIL" "$PHOTO" | sed 's/^/  /'
step "restored into adire_check: the student logs in and the photo is served"
echo "The deploy test passed in $(elapsed) s."
