#!/usr/bin/env bash
# A backup of everything the site cannot rebuild from the repository, in one folder per run:
#   db.dump        the database (pg_dump, custom format): accounts, payments, enrolments, progress, secrets
#   uploads.tar.gz the files in DATA_DIR: the pictures in uploads/ (not with S3_BUCKET: the bucket keeps
#                  its own versions), the lessons' files and renditions in lessons/, and the content
#                  repository staff edit and publish from, content-repo/ (with its history)
#   api.env        the settings, with the database password and the Paystack secret
# then, when BACKUP_COPY and BACKUP_TARGET are set (ADIRE_ETC/backup.env), a copy off the machine,
# and removes local backups older than 30 days. Run as root: nightly from cron, and before every
# release (release.sh does). Prints the folder it wrote.
set -euo pipefail
ETC=${ADIRE_ETC:-/etc/adire}
BACKUPS=${ADIRE_BACKUPS:-/var/backups/adire}
KEEP_DAYS=${ADIRE_BACKUP_DAYS:-30}

set -a
. "$ETC/api.env"
[[ -f $ETC/backup.env ]] && . "$ETC/backup.env"
set +a
umask 077
out="$BACKUPS/$(date -u +%Y-%m-%dT%H%M%S.%3NZ)"
mkdir -p "$out.partial"
pg_dump --format=custom --file="$out.partial/db.dump" "$DATABASE_URL"
data=${DATA_DIR:-./data}
folders=()
if [[ -z ${S3_BUCKET:-} && -d $data/uploads ]]; then folders+=(uploads); fi
for folder in lessons content-repo; do
  if [[ -d $data/$folder ]]; then folders+=("$folder"); fi
done
if ((${#folders[@]} > 0)); then
  tar -C "$data" -czf "$out.partial/uploads.tar.gz" "${folders[@]}"
fi
cp "$ETC/api.env" "$out.partial/api.env"
# Only a complete backup gets its name: a run that failed halfway leaves a .partial folder.
mv "$out.partial" "$out"
if [[ -n ${BACKUP_COPY:-} && -n ${BACKUP_TARGET:-} ]]; then
  # shellcheck disable=SC2086 # BACKUP_COPY is a command with its options, e.g. "scp -rq".
  $BACKUP_COPY "$out" "$BACKUP_TARGET"
fi
find "$BACKUPS" -mindepth 1 -maxdepth 1 -type d -mtime "+$KEEP_DAYS" -exec rm -rf {} +
echo "$out"
