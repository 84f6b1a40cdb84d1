#!/usr/bin/env bash
# Restores a backup folder (backup.sh) into a new database and a data folder:
#   restore.sh BACKUP_FOLDER DATABASE_NAME DATA_DIR
# The database is created owned by the application's role (the user in api.env's DATABASE_URL), so
# the API can run its migrations on it; the dump is restored as that role. The pictures go to
# DATA_DIR/uploads. The settings file is left in the backup folder: copy it to /etc/adire/api.env
# yourself when this is a new server (mode 0600). Run as root, with PostgreSQL on this machine.
set -euo pipefail
[[ $# -eq 3 ]] || { echo "usage: restore.sh BACKUP_FOLDER DATABASE_NAME DATA_DIR" >&2; exit 2; }
backup=$1 name=$2 data=$3
ETC=${ADIRE_ETC:-/etc/adire}
set -a
. "$ETC/api.env"
set +a
# postgres://user:password@host:port/database?options → the role, and the same URL on the new database.
role=$(sed -E 's#^postgres(ql)?://([^:@/]+).*#\2#' <<<"$DATABASE_URL")
url=$(sed -E "s#/[^/?]*(\\?.*)?\$#/$name\\1#" <<<"$DATABASE_URL")
runuser -u postgres -- createdb -O "$role" "$name"
pg_restore --no-owner --exit-on-error --dbname="$url" "$backup/db.dump"
# The processes registered in the dump ran on the other database: none of them runs on this one.
psql -q -v ON_ERROR_STOP=1 "$url" -c 'delete from server_processes'
install -d -m 0700 "$data"
if [[ -f $backup/uploads.tar.gz ]]; then tar -C "$data" -xzf "$backup/uploads.tar.gz"; fi
# The API runs as its own user (the systemd unit's User=): the pictures are its files.
id "${ADIRE_USER:-adire}" >/dev/null 2>&1 && chown -R "${ADIRE_USER:-adire}:" "$data"
echo "Restored $backup into the database $name (owner $role) and $data"
