# Shared by scripts/test-slurm.sh and scripts/test-parallel.sh: the release
# binary on the PATH, the blocks of docs/survey.md, and the comparison of a
# sharded survey with the survey run in one piece.

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# Builds the command and puts it first on the PATH.
survey_build() {
  (cd "$root" && cargo build --release --locked -p grundy-cli)
  export PATH="$root/target/release:$PATH"
}

# Prints the fenced block that follows the line `<!-- NAME -->` in docs/survey.md.
survey_block() {
  awk -v mark="<!-- $1 -->" '
    $0 == mark { found = 1; next }
    found == 1 && /^```/ { found = 2; next }
    found == 2 && /^```/ { exit }
    found == 2 { print }
  ' "$root/docs/survey.md"
}

# Merges the shard files in the current folder, runs the survey in one
# piece, and fails unless the two tables agree (times aside) and no code is missing.
survey_compare() {
  local to
  to=$(survey_block parallel | grep -o -- '--to [0-9]*')
  # The same pattern and --to as the shards, in one run on every core.
  # shellcheck disable=SC2086
  grundy survey '0.??' $to --out whole.jsonl 2>whole.log
  grundy survey --merge shard-*.jsonl --expect '0.??' --csv 2>missing.txt | sed 's/,[^,]*$//' >sharded.csv
  grundy survey --merge whole.jsonl --csv | sed 's/,[^,]*$//' >whole.csv
  if [ -s missing.txt ]; then
    cat missing.txt >&2
    return 1
  fi
  if ! cmp sharded.csv whole.csv; then
    diff sharded.csv whole.csv | head -20 >&2
    return 1
  fi
  echo "survey: the $(($(wc -l <whole.csv) - 1)) codes of the shards agree with the survey in one piece"
}
