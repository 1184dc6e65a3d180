#!/usr/bin/env bash
# Checks that PostgreSQL and Redis answer on localhost, starting the machine's own if they do not.
# Called by `npm run up` (scripts/up.sh), `npm test` (scripts/test.sh) and CI (.ci/run).
#
# - Installed but not answering: starts them (pg_ctlcluster; redis-server with CI's flags).
# - Missing on Debian/Ubuntu: as root, installs them with apt-get (postgresql, redis-server), lets
#   user postgres connect to 127.0.0.1 without a password, and starts them. Not root: prints the
#   command to run and exits 1.
# - Missing elsewhere (macOS, Windows, other Linux): prints how to install them and exits 1.
#
# The project connects to postgresql://postgres@127.0.0.1:5432 and redis://127.0.0.1:6379.
# MASHROU_PG_PORT and MASHROU_REDIS_PORT change the ports checked (only for testing this script,
# e.g. scripts/services-bare.test.sh; the app and the tests still use 5432 and 6379). They are not
# named PGPORT/REDIS_PORT so that a PGPORT set for psql does not change what this script checks.
set -uo pipefail
pg_port="${MASHROU_PG_PORT:-5432}"
redis_port="${MASHROU_REDIS_PORT:-6379}"
self="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/$(basename "${BASH_SOURCE[0]}")"

# Runs a command for at most 2 seconds (`timeout` is missing on stock macOS: there, without a limit).
limit2() { if command -v timeout >/dev/null; then timeout 2 "$@"; else "$@"; fi; }
pg_up() { (exec 3<>"/dev/tcp/127.0.0.1/$pg_port") 2>/dev/null; }
redis_up() {
  # shellcheck disable=SC2016 # $1 expands in the inner bash: the port, passed after `_`
  [ "$(printf 'PING\r\n' | limit2 bash -c 'exec 3<>"/dev/tcp/127.0.0.1/$1"; cat >&3; head -c 7 <&3' \
    _ "$redis_port" 2>/dev/null)" = "+PONG"$'\r' ]
}
# The PostgreSQL version directory the start below uses (Debian layout: /etc/postgresql/<version>/main).
# shellcheck disable=SC2012 # version directories are plain numbers
pg_version() { ls /etc/postgresql 2>/dev/null | head -n1; }
have_pg() {
  command -v pg_ctlcluster >/dev/null || command -v pg_ctl >/dev/null || command -v postgres >/dev/null
}
have_redis() { command -v redis-server >/dev/null; }

# Debian, Ubuntu and their derivatives (ID or ID_LIKE in /etc/os-release) with apt-get.
is_debian_like() {
  [ -r /etc/os-release ] && command -v apt-get >/dev/null || return 1
  local ids
  # shellcheck source=/dev/null
  ids="$(. /etc/os-release && echo " ${ID:-} ${ID_LIKE:-} ")"
  case "$ids" in *" debian "* | *" ubuntu "*) return 0 ;; *) return 1 ;; esac
}

# Prints how to install the missing services on systems this script does not install on; exit 1.
advise() {
  echo "mashrou: PostgreSQL and/or Redis are not installed (missing: $*)." >&2
  echo "  Needed: PostgreSQL on 127.0.0.1:5432 where user postgres connects without a password," >&2
  echo "  and Redis on 127.0.0.1:6379." >&2
  case "$(uname -s)" in
    Darwin)
      cat >&2 <<'MSG'
  On macOS, with Homebrew (https://brew.sh):
    brew install postgresql@16 redis && brew services start postgresql@16 && brew services start redis
  Homebrew's PostgreSQL superuser is your login user, so also create the postgres role:
    "$(brew --prefix postgresql@16)/bin/createuser" -s postgres
MSG
      ;;
    MINGW* | MSYS* | CYGWIN*)
      cat >&2 <<'MSG'
  On Windows, WSL2 with Ubuntu is the supported path (Redis has no official Windows build):
    wsl --install -d Ubuntu
  then clone the repository inside Ubuntu and run `npm run up` there; it installs them with
    sudo apt-get install -y postgresql redis-server
  (Native Windows is unsupported: PostgreSQL installs with `winget install PostgreSQL.PostgreSQL.16`,
  but Redis needs a third-party port such as Memurai.)
MSG
      ;;
    *)
      cat >&2 <<'MSG'
  Install them with your package manager and start them, e.g.
    Fedora/RHEL:  dnf install postgresql-server redis && postgresql-setup --initdb
    Arch:         pacman -S postgresql redis
    Alpine:       apk add postgresql redis
    openSUSE:     zypper install postgresql-server redis
  then allow user postgres from 127.0.0.1 without a password (`host all postgres 127.0.0.1/32 trust`
  in pg_hba.conf) and create that role if the package does not (`createuser -s postgres`).
MSG
      ;;
  esac
  echo "  Then retry." >&2
  exit 1
}

# Installs the given Debian packages with apt-get (root only), quietly: the output goes to a log
# that is shown only when apt-get fails.
apt_install() {
  local log rc
  log="$(mktemp /tmp/mashrou-apt.XXXXXX.log)"
  echo "mashrou: installing $* with apt-get (log: $log)"
  # DPkg::Lock::Timeout waits for a running apt (e.g. unattended-upgrades on a fresh Ubuntu).
  { apt-get -o DPkg::Lock::Timeout=300 update &&
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y "$@"; } >"$log" 2>&1
  rc=$?
  if [ $rc -ne 0 ]; then
    tail -n 20 "$log" >&2
    echo "mashrou: apt-get failed (full log: $log); install $* yourself and retry" >&2
    exit 1
  fi
  rm -f "$log"
}

# Only for a PostgreSQL this script has just installed (never for one that was already there: its
# pg_hba.conf is left alone). Debian's package creates cluster 'main' owned by postgres, with peer
# authentication on the socket and passwords over TCP; the project connects as user postgres to
# 127.0.0.1 without a password. So: put the cluster on $pg_port, add trust lines for user postgres
# from this machine at the top of pg_hba.conf (first match wins), and restart it if it is running.
configure_new_pg() {
  local ver conf hba tmp
  ver="$(pg_version)"
  if [ -z "$ver" ]; then # postgresql-common was told not to create 'main' (createcluster.conf)
    # shellcheck disable=SC2012
    ver="$(ls /usr/lib/postgresql | sort -V | tail -n1)"
    pg_createcluster "$ver" main >/dev/null || exit 1
  fi
  conf="/etc/postgresql/$ver/main"
  hba="$conf/pg_hba.conf"
  pg_conftool "$ver" main set port "$pg_port"
  tmp="$(mktemp)"
  {
    echo "# Added by mashrou's scripts/services.sh, which installed this PostgreSQL: user postgres"
    echo "# connects from this machine over TCP without a password (postgresql://postgres@127.0.0.1)."
    echo "host    all             postgres        127.0.0.1/32            trust"
    echo "host    all             postgres        ::1/128                 trust"
    echo
    cat "$hba"
  } >"$tmp" && cat "$tmp" >"$hba" # rewrite in place: keeps the file's owner and mode
  rm -f "$tmp"
  if pg_ctlcluster "$ver" main status >/dev/null 2>&1; then
    pg_ctlcluster "$ver" main restart || true
  fi
}

# Install what is missing: only when it is neither answering nor installed.
missing=()
if ! pg_up && ! have_pg; then missing+=(postgresql); fi
if ! redis_up && ! have_redis; then missing+=(redis-server); fi
if [ ${#missing[@]} -gt 0 ]; then
  is_debian_like || advise "${missing[*]}"
  if [ "$(id -u)" -ne 0 ]; then
    echo "mashrou: ${missing[*]} not installed. Run this once (it installs them with" >&2
    echo "  apt-get install -y ${missing[*]}, lets user postgres connect to 127.0.0.1 without a" >&2
    echo "  password, and starts them), then retry:" >&2
    echo "    sudo bash $self" >&2
    exit 1
  fi
  apt_install "${missing[@]}"
  case " ${missing[*]} " in *" postgresql "*) configure_new_pg ;; esac
fi

if ! pg_up; then
  echo "mashrou: PostgreSQL is not answering on 127.0.0.1:$pg_port; starting it"
  if command -v pg_ctlcluster >/dev/null; then
    pg_ctlcluster --skip-systemctl-redirect "$(pg_version)" main start || true
  fi
  for _ in $(seq 1 30); do pg_up && break; sleep 1; done
  pg_up || { echo "mashrou: PostgreSQL did not start; start it and retry" >&2; exit 1; }
fi
if ! redis_up; then
  echo "mashrou: Redis is not answering on 127.0.0.1:$redis_port; starting it"
  mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$redis_port" --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log || true
  for _ in $(seq 1 30); do redis_up && break; sleep 1; done
  redis_up || { echo "mashrou: Redis did not start; start it and retry" >&2; exit 1; }
fi
