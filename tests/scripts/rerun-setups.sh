#!/usr/bin/env bash
# Each set-up script as a user and CI meet it: killed half way (its whole
# process group, as a timeout or Ctrl+C would; on a fresh machine in the
# middle of its install), then run twice in a row. Every run not killed must succeed and print its last line
# (the URL or add-cloud line the tests use). Exit 77 (the component cannot run
# on this machine) is accepted only where the kernel or the archive cannot
# provide it; under CI anything else fails.
#   tests/scripts/rerun-setups.sh [SCRIPT...]   (default: all of them)
set -uo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"; "$here/scripts/test-sshd" "$work/sshd" stop >/dev/null 2>&1' EXIT
scripts=("$@")
((${#scripts[@]})) || scripts=(setup-postgres setup-senlin test-sshd setup-lxd setup-openstack)
failures=0
say() { echo "rerun-setups: $*"; }

run() { # NAME -> sets status, seconds, last
    local name=$1 args=()
    [ "$name" = test-sshd ] && args=("$work/sshd")
    local start=$SECONDS
    status=0
    timeout -k 10 1800 "$here/scripts/$name" "${args[@]}" >"$work/out" 2>"$work/err" || status=$?
    seconds=$((SECONDS - start))
    last="$(tail -n 1 "$work/out")"
}

# Starts NAME in a process group of its own and kills the group after SECONDS.
run_killed() { # NAME SECONDS
    local name=$1 args=()
    [ "$name" = test-sshd ] && args=("$work/sshd")
    setsid "$here/scripts/$name" "${args[@]}" >"$work/killed.out" 2>&1 &
    local pid=$!
    sleep "$2"
    kill -9 -- "-$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}

check() { # NAME WHICH
    if [ "$status" -eq 77 ]; then
        if grep -qiE 'archive cannot provide|kernel cannot run' "$work/err" || [ "${CI:-}" != true ]; then
            say "$1 ($2): cannot run here: $(tail -n 1 "$work/err")"
            return 1
        fi
    fi
    if [ "$status" -ne 0 ] || [ -z "$last" ]; then
        say "FAIL $1 ($2): exit $status after ${seconds}s: $(tail -n 3 "$work/err" | tr '\n' ' ')"
        failures=$((failures + 1))
        return 1
    fi
    say "ok $1 ($2): ${seconds}s"
}

# Seconds into a first run on a fresh machine: installing, or setting up.
declare -A kill_after=([setup-postgres]=8 [setup-senlin]=5 [test-sshd]=2 [setup-lxd]=15
    [setup-openstack]=40)
for name in "${scripts[@]}"; do
    run_killed "$name" "${kill_after[$name]:-5}"
    say "$name killed after ${kill_after[$name]:-5}s"
    run "$name"
    check "$name" "after the kill" || continue
    run "$name"
    check "$name" "run again" || continue
    [ "$name" = test-sshd ] && "$here/scripts/test-sshd" "$work/sshd" stop >/dev/null 2>&1
done
echo "$((${#scripts[@]} - failures)) passed, $failures failed"
((failures == 0))
