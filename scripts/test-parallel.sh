#!/usr/bin/env bash
# The survey of 0.?? run in shards under GNU parallel, with the line shown in
# docs/survey.md, merged and compared with the survey run in one piece.
# Installs Debian's `parallel` when missing.
set -euo pipefail
# shellcheck source=scripts/survey-common.sh
. "$(dirname "$0")/survey-common.sh"

if ! command -v parallel >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq parallel >/dev/null
fi
survey_build

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
survey_block parallel >jobs.sh
# GNU parallel asks once for a citation notice; this silences it.
mkdir -p "$HOME/.parallel" && touch "$HOME/.parallel/will-cite"
bash jobs.sh
# A second run finds every job in the log and starts none.
bash jobs.sh
[ "$(wc -l <survey-jobs.log)" -eq 5 ] || { cat survey-jobs.log >&2; exit 1; }
survey_compare
