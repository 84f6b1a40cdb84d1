#!/usr/bin/env bash
# Runs the API tests against a real PostgreSQL 15 instead of embedded PGlite: makes a throwaway
# cluster (trust auth, port 5433, socket in /tmp), runs `npm run test:api` with DATABASE_URL
# pointing at it, then the production shape's browser tests on a database of their own (issue 19),
# and always stops and removes the cluster, whether the tests pass, fail or are interrupted. Run as
# root from anywhere: scripts/checks/test-postgres.sh [vitest files: only those, and no production shape]
set -euo pipefail

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
PORT=${PG_TEST_PORT:-5433}
cd "$(dirname "$0")/../.."

if [[ $(id -u) -ne 0 ]]; then
  echo "Run this as root: it starts PostgreSQL as the postgres user." >&2
  exit 1
fi
if [[ ! -x $PG_BIN/initdb ]]; then
  echo "PostgreSQL 15 is not installed at $PG_BIN (apt-get install -y postgresql)." >&2
  exit 1
fi

CLUSTER=$(mktemp -d /tmp/afa-postgres-XXXXXX)
chown postgres:postgres "$CLUSTER"

stop_cluster() {
  su postgres -c "$PG_BIN/pg_ctl -D '$CLUSTER/data' -m fast -w stop" >/dev/null 2>&1 || true
  rm -rf "$CLUSTER"
}
trap stop_cluster EXIT
# An interrupted run still ends through the EXIT trap above.
trap 'exit 130' INT TERM

su postgres -c "$PG_BIN/initdb -D '$CLUSTER/data' --auth=trust --username=postgres --encoding=UTF8 --locale=C.UTF-8" >/dev/null
# fsync=off: the cluster lives for one test run, so durability buys nothing and costs time.
su postgres -c "$PG_BIN/pg_ctl -D '$CLUSTER/data' -l '$CLUSTER/server.log' -w -o \"-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off\" start" >/dev/null
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') is running on 127.0.0.1:$PORT (cluster $CLUSTER)"

# With file arguments, only those files; without, every API test and then the production shape.
DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres" npx vitest run "${@:-tests/api}"
[[ $# -gt 0 ]] && exit 0

# The production shape (tests/production): nginx from `npm run nginx-config` in front of two API
# processes on a database of their own, pictures in s3rver, mail over SMTP. It serves dist/ as built.
if [[ ! -f dist/index.html ]]; then
  echo "No build in dist/: run npm run build first (npm test does)." >&2
  exit 1
fi
"$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres shape
SHAPE_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/shape" npx playwright test -c playwright.production.config.ts
