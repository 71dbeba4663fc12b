#!/usr/bin/env bash
# Times `grundy seq` against Beling's ogsolve on the same games, same n, in
# one run, and prints wall and CPU seconds, the ratio and both checksums.
#
#   cargo install ogsolve --root SOMEWHERE && PATH=SOMEWHERE/bin:$PATH
#   cargo build --release && scripts/bench-ogsolve.sh [GAME:N[:METHODS] ...]
#
# METHODS is a comma-separated list of ogsolve methods to try (default all
# four rare/common ones); the best wall time counts.
set -euo pipefail
grundy=${GRUNDY:-target/release/grundy}
command -v ogsolve >/dev/null || { echo "ogsolve is not on PATH" >&2; exit 2; }
[ -x "$grundy" ] || { echo "build first: cargo build --release" >&2; exit 2; }
cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=(0.6:1000000 0.376:1000000 0.14:10000000:rc,rc2 0.6:10000000:rc2,rc2s)
timed() { # prints "wall user checksum-line" for a command
    local out; out=$( { /usr/bin/time -f "TIME %e %U" "$@" 2>&1 1>&3 3>&-; } 3>&1 )
    echo "$out"
}
printf '%-8s %10s | %-22s | %-22s | %s\n' game n "grundy wall/cpu (s)" "ogsolve best wall/cpu" "ratio (wall)"
for c in "${cases[@]}"; do
    IFS=: read -r game n methods <<<"$c"
    methods=${methods:-rc,rc2,rcs,rc2s}
    ours=$(timed "$grundy" seq "$game" --to "$n" --summary --stats)
    ow=$(grep '^TIME' <<<"$ours" | awk '{print $2}'); ou=$(grep '^TIME' <<<"$ours" | awk '{print $3}')
    osum=$(grep -o 'checksum: [0-9A-F]*' <<<"$ours" | awk '{print $2}')
    best=""; bw=""; bu=""; bsum=""
    for m in ${methods//,/ }; do
        peer=$(timed ogsolve -m "$m" -n "$n" "$game" -s)
        w=$(grep '^TIME' <<<"$peer" | awk '{print $2}'); u=$(grep '^TIME' <<<"$peer" | awk '{print $3}')
        sum=$(printf "%08X" "0x$(grep -o "checksum: [0-9A-Fa-f]*" <<<"$peer" | awk "{print \$2}")")
        if [ -z "$bw" ] || awk "BEGIN{exit !($w < $bw)}"; then best=$m; bw=$w; bu=$u; bsum=$sum; fi
    done
    ratio=$(awk "BEGIN{printf \"%.2f\", $ow / $bw}")
    printf '%-8s %10s | %8s / %-11s | %5s %6s / %-8s | %s  (checksums %s %s)\n' \
        "$game" "$n" "$ow" "$ou" "$best" "$bw" "$bu" "$ratio" "$osum" "$bsum"
done
