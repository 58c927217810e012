# Sourced by .ci/run, after it installed PostgreSQL and Redis from Debian. Starts each on 127.0.0.1 with a
# throwaway data folder and a free port, exports their URLs for the tests
# (CCSDK_TEST_POSTGRES_URL, CCSDK_TEST_REDIS_URL) and stops both when the run exits.
# The store adapters' tests also start throwaway servers of their own (restarts, faults).


ccsdk_free_port() {
  node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

CCSDK_DB_DIR="$(mktemp -d /tmp/ccsdk-ci-db.XXXXXX)"
CCSDK_PG_BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
CCSDK_PG_PORT="$(ccsdk_free_port)"
CCSDK_REDIS_PORT="$(ccsdk_free_port)"

# PostgreSQL refuses to run as root: the data folder belongs to the postgres user, and so do initdb and the server.
ccsdk_as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
[ "$(id -u)" = 0 ] && chown postgres:postgres "$CCSDK_DB_DIR"
ccsdk_as_pg mkdir "$CCSDK_DB_DIR/pg"
ccsdk_as_pg "$CCSDK_PG_BIN/initdb" -D "$CCSDK_DB_DIR/pg/data" -U ccsdk -A trust -E UTF8 --locale=C --no-sync >/dev/null
ccsdk_as_pg "$CCSDK_PG_BIN/pg_ctl" -D "$CCSDK_DB_DIR/pg/data" -l "$CCSDK_DB_DIR/pg/server.log" -w -t 60 \
  -o "-p $CCSDK_PG_PORT -h 127.0.0.1 -k $CCSDK_DB_DIR/pg -F -c max_connections=300" start >/dev/null

mkdir "$CCSDK_DB_DIR/redis"
redis-server --port "$CCSDK_REDIS_PORT" --bind 127.0.0.1 --dir "$CCSDK_DB_DIR/redis" --save '' --appendonly no \
  --daemonize yes --pidfile "$CCSDK_DB_DIR/redis/redis.pid" --logfile "$CCSDK_DB_DIR/redis/server.log"
for _ in $(seq 1 100); do
  [ -s "$CCSDK_DB_DIR/redis/redis.pid" ] && redis-cli -p "$CCSDK_REDIS_PORT" ping >/dev/null 2>&1 && break
  sleep 0.1
done

# Stops both servers and waits until each has exited before removing the folder: Redis writes its log and
# removes its pid file while it shuts down, and an `rm -rf` racing it fails with "Directory not empty"
# (a CI run whose tests all passed once exited 1 that way). Nothing here changes the run's exit status.
CCSDK_DB_STOP_WAIT_TENTHS=100
ccsdk_stop_databases() {
  local status=$?
  set +e
  ccsdk_as_pg "$CCSDK_PG_BIN/pg_ctl" -D "$CCSDK_DB_DIR/pg/data" -m fast -w stop >/dev/null 2>&1
  local redis_pid=""
  [ -s "$CCSDK_DB_DIR/redis/redis.pid" ] && redis_pid="$(cat "$CCSDK_DB_DIR/redis/redis.pid")"
  if [ -n "$redis_pid" ]; then
    redis-cli -p "$CCSDK_REDIS_PORT" shutdown nosave >/dev/null 2>&1 || kill "$redis_pid" 2>/dev/null
    for _ in $(seq 1 "$CCSDK_DB_STOP_WAIT_TENTHS"); do
      kill -0 "$redis_pid" 2>/dev/null || break
      sleep 0.1
    done
  fi
  rm -rf "$CCSDK_DB_DIR" 2>/dev/null || { sleep 1; rm -rf "$CCSDK_DB_DIR"; } ||
    echo "warning: could not remove $CCSDK_DB_DIR (left behind; the run's result stands)" >&2
  exit "$status"
}
trap ccsdk_stop_databases EXIT

export CCSDK_TEST_POSTGRES_URL="postgres://ccsdk@127.0.0.1:$CCSDK_PG_PORT/postgres"
export CCSDK_TEST_REDIS_URL="redis://127.0.0.1:$CCSDK_REDIS_PORT"
echo "PostgreSQL on $CCSDK_TEST_POSTGRES_URL, Redis on $CCSDK_TEST_REDIS_URL (throwaway, stopped at exit)"
