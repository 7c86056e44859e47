#!/bin/sh
# Writes .env beside compose.yaml, once: the secrets `docker compose` passes to Trellis, its
# database and its broker. An existing .env is kept as it is, never rewritten: Trellis seals
# client secrets, signing keys and queued mail with SECRETS_KEY, and a new key could not unseal
# what the old one sealed (as a key made afresh on every start could not). Keep .env with
# the database's backups; it is in .gitignore and .dockerignore.
set -eu
dir=${1:-$(dirname "$0")/..}
env_file="$dir/.env"
if [ -e "$env_file" ]; then
  echo "trellis: $env_file exists and is kept (its SECRETS_KEY unseals what Trellis sealed)"
  exit 0
fi
umask 077
# 32 random bytes as base64 (SECRETS_KEY's form), and random hex for passwords that sit in URLs
key=$(head -c 32 /dev/urandom | base64 | tr -d '\n')
hex() { head -c "$1" /dev/urandom | od -An -tx1 | tr -d ' \n'; }
{
  echo "# written once by scripts/compose-env.sh: keep it; a new SECRETS_KEY cannot unseal the old one's data"
  echo "SECRETS_KEY=$key"
  echo "POSTGRES_PASSWORD=$(hex 24)"
  echo "MQTT_PASSWORD=$(hex 24)"
} >"$env_file"
echo "trellis: wrote $env_file (SECRETS_KEY, POSTGRES_PASSWORD, MQTT_PASSWORD)"
