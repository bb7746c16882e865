#!/usr/bin/env bash
# Makespan of provisioning on the sim cloud against the ideal: with N
# machines, W workers and L ms per provider call, the ideal is ceil(N/W)
# rounds of starts, ceil(N/W) * L (the listing goes on while the first round
# starts); `+listing` is against (ceil(N/W) + 1) * L, the ideal of a pass that
# lists before it starts. Prints one row per size.
# By default it times `berthctl provision --until-idle`, a whole process
# (starting it and opening the store included). --resident times a
# provisioner already running (`berthctl provision`, as the window runs
# one): from `deploy web -n N` returning to the last "started" line of its
# log, the provisioner idle since its first pass; `from_launch` is from the
# deploy's launch instead (its own process and commit included). The commit
# comes between the two.
# Usage: bench/provision-makespan [--postgres] [--resident] LATENCY_MS N [N ...]
# (workers: 16). --postgres: the store is a database of its own on the server
# scripts/setup-postgres runs (root), created for each size and dropped after.
set -euo pipefail
cd "$(dirname "$0")/.."
berthctl="${BERTHCTL:-build/app/berthctl}"
server=""
resident=""
while [ $# -gt 0 ]; do
    case "$1" in
    --postgres) server="$(scripts/setup-postgres 2>/dev/null | tail -1)" ;;
    --resident) resident=1 ;;
    *) break ;;
    esac
    shift
done
latency="$1"
shift
workers=16
provisioner=""
trap '[ -z "$provisioner" ] || kill "$provisioner" 2>/dev/null || true' EXIT
# Seconds since the epoch of a log line's HH:MM:SS.mmm, today.
at() { date -d "today $1" +%s.%N; }
# Waits up to $2 seconds for $1 to hold.
await() {
    local waited=0
    until eval "$1"; do
        sleep 0.05
        waited=$((waited + 1))
        [ "$waited" -lt $(($2 * 20)) ] || { echo "gave up waiting for: $1" >&2; exit 1; }
    done
}
if [ -n "$resident" ]; then
    printf '%-8s %-8s %-10s %-10s %-7s %s\n' machines latency ideal_s measured_s ratio from_launch
else
    printf '%-8s %-8s %-10s %-10s %-7s %s\n' machines latency ideal_s measured_s ratio +listing
fi
for n in "$@"; do
    dir="$(mktemp -d)"
    export XDG_DATA_HOME="$dir/data"
    if [ -n "$server" ]; then
        database="berth_makespan_$$_$n"
        psql "$server" -qc "CREATE DATABASE $database" >/dev/null
        export BERTH_DB="${server%/*}/$database"
    else
        export BERTH_DB="$dir/berth.sqlite"
    fi
    "$berthctl" update-cloud sim --config "latency-ms=$latency" >/dev/null
    "$berthctl" model-config "provision-workers=$workers" >/dev/null
    rounds=$(((n + workers - 1) / workers))
    if [ -n "$resident" ]; then
        "$berthctl" provision >"$dir/log" 2>&1 &
        provisioner=$!
        await "grep -q 'waits to start' '$dir/log'" 30
        # Its first pass (the cloud listed) over: the deploy finds it waiting.
        sleep "$(awk -v l="$latency" 'BEGIN { print 1 + 3 * l / 1000 }')"
        launch=$(date +%s.%N)
        "$berthctl" deploy web -n "$n" >/dev/null
        start=$(date +%s.%N)
        await "[ \$(grep -c ': started ' '$dir/log') -ge $n ]" $((60 + rounds * latency / 1000 * 4))
        kill -INT "$provisioner"
        wait "$provisioner" || true
        provisioner=""
        end=$(at "$(grep ': started ' "$dir/log" | tail -1 | cut -d' ' -f1)")
    else
        "$berthctl" deploy web -n "$n" >/dev/null
        start=$(date +%s.%N)
        "$berthctl" provision --until-idle >/dev/null
        end=$(date +%s.%N)
        launch=""
    fi
    running=$("$berthctl" instances sim --format json | grep -c '"id"')
    [ "$running" -eq "$n" ] || { echo "expected $n instances, found $running" >&2; exit 1; }
    awk -v n="$n" -v r="$rounds" -v l="$latency" -v s="$start" -v e="$end" -v f="$launch" 'BEGIN {
        ideal = r * l / 1000; measured = e - s;
        last = f == "" ? sprintf("%.2f", measured / (ideal + l / 1000)) \
                       : sprintf("%.2f", (e - f) / ideal);
        printf "%-8d %-8d %-10.2f %-10.3f %-7.2f %s\n", n, l, ideal, measured, measured / ideal, last }'
    if [ -n "$server" ]; then
        psql "$server" -qc "DROP DATABASE $database WITH (FORCE)" >/dev/null
    fi
    rm -rf "$dir"
done
