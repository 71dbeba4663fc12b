#!/usr/bin/env bash
# The survey of 0.?? as a Slurm job array on a one-node cluster on this
# machine: installs Debian's slurm-wlm and munge when missing, writes a
# slurm.conf for this node (CPUs and memory from `slurmd -C`) in a scratch
# folder, starts munged, slurmctld and slurmd directly (no systemd), submits
# the job script of docs/survey.md, waits, merges, compares with the survey
# run in one piece, and stops the daemons it started, failure or not.
# Runs as root.
set -euo pipefail
# shellcheck source=scripts/survey-common.sh
. "$(dirname "$0")/survey-common.sh"

if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
fi
survey_build

work=$(mktemp -d)
pids=()
stop_daemons() {
  local pid
  for pid in "${pids[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  for pid in "${pids[@]}"; do
    for _ in $(seq 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
  done
  rm -rf "$work"
}
trap stop_daemons EXIT
mkdir -p "$work/munge" "$work/socket" "$work/state" "$work/spool" "$work/run"
# The munge user reaches its folders through this one.
chmod 755 "$work"

# munge: a key of our own, the daemon running as the munge user; its socket
# folder must be open to every user.
chown munge:munge "$work/munge" "$work/socket"
chmod 700 "$work/munge"
chmod 755 "$work/socket"
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chown munge:munge "$work/munge/munge.key"
chmod 400 "$work/munge/munge.key"
socket="$work/socket/munge.socket"
runuser -u munge -- munged --key-file="$work/munge/munge.key" --socket="$socket" \
  --pid-file="$work/munge/munged.pid" --log-file="$work/munge/munged.log" \
  --seed-file="$work/munge/munged.seed"
for _ in $(seq 50); do [ -s "$work/munge/munged.pid" ] && break; sleep 0.1; done
pids+=("$(cat "$work/munge/munged.pid")")
munge --socket="$socket" -n | unmunge --socket="$socket" >/dev/null

host=$(hostname -s)
node=$(slurmd -C | head -1)
cpus=$(sed -n 's/.*CPUs=\([0-9]*\).*/\1/p' <<<"$node")
mem=$(sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p' <<<"$node")
export SLURM_CONF="$work/slurm.conf"
cat >"$SLURM_CONF" <<CONF
ClusterName=survey-test
SlurmctldHost=$host(127.0.0.1)
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
SlurmctldPort=16817
SlurmdPort=16818
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/run/slurmctld.pid
SlurmdPidFile=$work/run/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES State=UP MaxTime=INFINITE
CONF

slurmctld -f "$SLURM_CONF"
for _ in $(seq 100); do [ -s "$work/run/slurmctld.pid" ] && break; sleep 0.1; done
pids+=("$(cat "$work/run/slurmctld.pid")")
slurmd -f "$SLURM_CONF"
for _ in $(seq 100); do [ -s "$work/run/slurmd.pid" ] && break; sleep 0.1; done
pids+=("$(cat "$work/run/slurmd.pid")")
for _ in $(seq 100); do
  sinfo -h -o %t 2>/dev/null | grep -q idle && break
  sleep 0.2
done
if ! sinfo -h -o %t | grep -q idle; then
  sinfo >&2 || true
  tail -20 "$work/slurmctld.log" "$work/slurmd.log" >&2 || true
  exit 1
fi

cd "$work"
survey_block survey.sbatch >survey.sbatch
sbatch --wait survey.sbatch
survey_compare
