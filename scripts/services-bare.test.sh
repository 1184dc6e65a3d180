#!/usr/bin/env bash
# Manual test of scripts/services.sh on a machine without PostgreSQL and Redis (not run by CI).
# Builds a bare Debian root filesystem with debootstrap and runs the script in it with chroot, on
# ports 55432/56379 (a chroot shares the host's network, whose 5432/6379 may be taken):
#   1. as a normal user: must exit 1 and print the sudo command;
#   2. as root: must install postgresql + redis-server, start them, and let
#      `psql -h 127.0.0.1 -U postgres` in without a password;
#   3. again, with both stopped: must start them without touching pg_hba.conf again.
# Then stops what it started and unmounts what it mounted; deletes the root unless KEEP=1.
# Needs root and debootstrap (apt-get install -y debootstrap).
# Usage: sudo bash scripts/services-bare.test.sh [dir]   (MIRROR=..., SUITE=bookworm)
set -uo pipefail
dir="${1:-/tmp/bare}"
mirror="${MIRROR:-http://deb.debian.org/debian}"
suite="${SUITE:-bookworm}"
pg_port=55432 redis_port=56379
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
[ "$(id -u)" -eq 0 ] || { echo "run as root" >&2; exit 1; }
command -v debootstrap >/dev/null || { echo "apt-get install -y debootstrap" >&2; exit 1; }

in_root() { chroot "$dir" env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root "$@"; }
fail=0
check() { # check <description> <command...>: runs the command, prints ok/FAIL
  local desc="$1"
  shift
  if "$@" >/dev/null; then echo "ok   - $desc"; else echo "FAIL - $desc"; fail=1; fi
}

# shellcheck disable=SC2317 # called by the trap
cleanup() {
  trap - EXIT INT TERM
  # Stop only what runs inside the chroot: its own cluster(s) and the redis-server on $redis_port.
  if [ -d "$dir/etc/postgresql" ]; then
    for v in "$dir"/etc/postgresql/*; do
      in_root pg_ctlcluster "$(basename "$v")" main stop 2>/dev/null
    done
  fi
  pid="$(in_root redis-cli -p "$redis_port" info server 2>/dev/null | sed -n 's/^process_id:\([0-9]*\).*/\1/p')"
  [ -n "$pid" ] && kill "$pid"
  sleep 1
  for m in "$dir/dev/shm" "$dir/proc"; do mountpoint -q "$m" && umount "$m"; done
  if [ "${KEEP:-0}" != 1 ]; then
    if findmnt -rn -o TARGET | grep -q "^$dir/"; then
      echo "something is still mounted under $dir; not deleting it" >&2
    else
      rm -rf "$dir"
    fi
  fi
}

if [ ! -x "$dir/bin/bash" ]; then
  echo "debootstrap $suite from $mirror into $dir"
  debootstrap --variant=minbase "$suite" "$dir" "$mirror" >/tmp/services-bare-debootstrap.log 2>&1 ||
    { echo "debootstrap failed: /tmp/services-bare-debootstrap.log" >&2; exit 1; }
fi
trap cleanup EXIT INT TERM
cp /etc/resolv.conf "$dir/etc/resolv.conf"
mountpoint -q "$dir/proc" || mount -t proc proc "$dir/proc"
mkdir -p "$dir/dev/shm" && { mountpoint -q "$dir/dev/shm" || mount -t tmpfs shm "$dir/dev/shm"; }
# Package scripts start services on the default ports, which belong to the host here: let them
# start PostgreSQL only (Debian picks a free port for the new cluster; 5432 is taken, so 5433), the
# way a systemd machine starts both after apt-get install, and not Redis (it would try 6379).
# shellcheck disable=SC2016 # $1 is for the policy script
printf '#!/bin/sh\ncase "$1" in postgresql) exit 0 ;; *) exit 101 ;; esac\n' >"$dir/usr/sbin/policy-rc.d"
chmod +x "$dir/usr/sbin/policy-rc.d"
mkdir -p "$dir/opt/mashrou/scripts"
cp "$here/services.sh" "$dir/opt/mashrou/scripts/services.sh"
in_root id -u tester >/dev/null 2>&1 || in_root useradd -m tester
run_script() { in_root env MASHROU_PG_PORT=$pg_port MASHROU_REDIS_PORT=$redis_port "$@" bash /opt/mashrou/scripts/services.sh; }

echo "== 1. as a normal user"
out="$(run_script setpriv --reuid=tester --regid=tester --clear-groups 2>&1)"; rc=$?
# shellcheck disable=SC2001
sed 's/^/   | /' <<<"$out"
check "exits 1" [ "$rc" -eq 1 ]
check "prints the sudo command" grep -q 'sudo bash /opt/mashrou/scripts/services.sh' <<<"$out"

echo "== 2. as root"
run_script 2>&1 | sed 's/^/   | /'; rc=${PIPESTATUS[0]}
check "exits 0" [ "$rc" -eq 0 ]
check "psql as postgres over 127.0.0.1 without a password" \
  in_root psql -h 127.0.0.1 -p $pg_port -U postgres -w -Atc 'select 1'
check "redis answers" [ "$(in_root redis-cli -p $redis_port ping)" = PONG ]
hba="$(ls "$dir"/etc/postgresql/*/main/pg_hba.conf)"
check "pg_hba.conf has the trust lines once" [ "$(grep -c '^host .* postgres .* trust' "$hba")" -eq 2 ]
check "another user still needs a password" \
  [ "$(in_root psql -h 127.0.0.1 -p $pg_port -U tester -w -c 'select 1' postgres 2>&1 | grep -c 'no password supplied')" -eq 1 ]

echo "== 3. again, with both stopped"
in_root pg_ctlcluster "$(basename "$(dirname "$(dirname "$hba")")")" main stop
in_root redis-cli -p $redis_port shutdown nosave >/dev/null 2>&1
sleep 1
run_script 2>&1 | sed 's/^/   | /'; rc=${PIPESTATUS[0]}
check "exits 0" [ "$rc" -eq 0 ]
check "psql works" in_root psql -h 127.0.0.1 -p $pg_port -U postgres -w -Atc 'select 1'
check "redis answers" [ "$(in_root redis-cli -p $redis_port ping)" = PONG ]
check "pg_hba.conf not rewritten" [ "$(grep -c '^# Added by mashrou' "$hba")" -eq 1 ]

[ $fail -eq 0 ] && echo "services-bare: all passed" || echo "services-bare: FAILED"
exit $fail
