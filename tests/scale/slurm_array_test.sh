#!/usr/bin/env bash
# The cluster test: a private one-node Slurm (its own munged, slurmctld and slurmd; conf, state, spool,
# socket and ports in one temporary folder) runs the array script of docs/SCALE.md, read from the doc.
#
# Usage: slurm_array_test.sh IMRESIZE SCALE_MD HELPERS_PY PYTHON
# Exit: 0 passed, 1 failed, 77 skipped (no Slurm here, or its daemons cannot start: the reason is printed).
# Under CI=true there is no skip: CI installs Slurm and munge (.ci/deps test), so a missing command or a
# daemon that will not start (a broken generated slurm.conf, say) fails the test with the same reason.
#
# 1. The script and the list-making `find` line are cut from docs/SCALE.md between its slurm-array
#    markers; only N (16 there) and the /data/ prefix are rewritten, and the site's resources
#    (--cpus-per-task, --mem, --array) are given on the sbatch line, as a user adapting it would.
# 2. The N tasks' union must be byte-identical to one unsharded run, and each task's log must say what it
#    owns (counted here by the doc's FNV-1a rule, not by imresize) and that it finished.
# 3. Again with one task cancelled mid-run (scancel) and the doc's rerun `sbatch --array=K`.
# Every daemon started here is stopped by pid on every exit path, then the folder is removed.
set -uo pipefail

imresize=$(realpath -e "$1") scale_md=$2 helpers=$3 python=$4
tasks=4      # N: two run at a time on a 2-CPU machine, so the array also queues
images=64    # small images in nested folders: the test is about scheduling, not pixels
deadline=60  # seconds any one wait may take (cluster start, an array, a cancel)

say() { printf 'slurm-array-test [%2ds]: %s\n' "$SECONDS" "$*"; }
fail() { say "FAIL: $*"; exit 1; }
skip() {
  case ${CI:-} in
    true | TRUE | True | 1 | yes) say "FAIL (CI=true, where Slurm is installed and must start): $*"; exit 1 ;;
  esac
  say "SKIP: $*"
  exit 77
}

# ---- cleanup: every path out of this script goes through it ----------------------------------------
scratch="" daemons=() daemon_names=() cluster_up=0
stop_pid() {  # TERM, up to 5 s to go, then KILL
  local pid=$1 name=$2 i
  kill -TERM "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null; return; }
  for ((i = 0; i < 50; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$pid" 2>/dev/null; then say "$name (pid $pid) ignored SIGTERM: killing it"; kill -KILL "$pid"; fi
  wait "$pid" 2>/dev/null
}
# Processes started through this cluster carry this marker in their environment (job steps), or hold
# a file in the folder open (slurmstepd, which rewrites its environment for its title, keeps the slurmd
# log open and is a child of init). Any still alive after the daemons stopped is killed by its pid.
marker() { printf 'RL_SLURM_TEST_DIR=%s' "$scratch"; }
marked_pids() {  # [VARIABLE=VALUE]: those also carrying that one
  local f pid
  for f in $(grep -lsxzF "$(marker)" /proc/[0-9]*/environ); do
    [ $# = 0 ] || grep -qsxzF "$1" "$f" || continue
    pid=${f#/proc/} pid=${pid%/environ}
    echo "$pid"
  done
}
our_pids() {
  { marked_pids; find /proc/[0-9]*/cwd /proc/[0-9]*/fd -maxdepth 1 -lname "$scratch/*" 2>/dev/null | cut -d/ -f3; } |
    sort -un | grep -vx "$$"
}
steps_alive() {  # our processes other than the daemons and slurmctld's own slurmscriptd
  local pid ppid
  for pid in $(our_pids); do
    [[ " ${daemons[*]} " == *" $pid "* ]] && continue
    read -r _ _ _ ppid _ <"/proc/$pid/stat" 2>/dev/null || continue
    [[ " ${daemons[*]} " == *" $ppid "* ]] || return 0
  done
  return 1
}
cleanup() {
  local rc=$? pid i queue
  trap - EXIT INT TERM HUP
  if ((cluster_up)); then
    if ((rc != 0 && rc != 77)); then
      say "--- slurmctld log (tail) ---"; tail -n 25 "$scratch/log/slurmctld.log" 2>/dev/null
      say "--- slurmd log (tail) ---"; tail -n 25 "$scratch/log/slurmd.log" 2>/dev/null
    fi
    timeout 10 scancel --quiet --user="$(id -un)" 2>/dev/null
    for ((i = 0; i < 100; i++)); do
      queue=$(timeout 5 squeue -h 2>/dev/null) || break
      [ -z "$queue" ] && break
      sleep 0.1
    done
    for ((i = 0; i < 100; i++)); do steps_alive || break; sleep 0.1; done  # slurmstepd ends after its job
  fi
  for ((i = ${#daemons[@]} - 1; i >= 0; i--)); do stop_pid "${daemons[i]}" "${daemon_names[i]}"; done
  if [ -n "$scratch" ]; then
    for pid in $(our_pids); do
      say "killing leftover pid $pid ($(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null))"
      kill -KILL "$pid" 2>/dev/null
    done
    rm -rf "$scratch"
    [ -e "$scratch" ] && say "could not remove $scratch"
  fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

# waits up to $deadline s for COMMAND to succeed; returns 1 if it never did
wait_for() {
  local end=$((SECONDS + deadline))
  until "$@"; do ((SECONDS < end)) || return 1; sleep 0.1; done
}
started() {  # NAME LOGFILE COMMAND...: starts a daemon in the foreground of a background job
  local name=$1 log=$2
  shift 2
  env "$(marker)" "$@" >"$log" 2>&1 &
  daemons+=($!) daemon_names+=("$name")
}
wait_daemon() {  # CHECK: like wait_for, but gives up at once if the daemon started last has exited
  local end=$((SECONDS + deadline))
  until "$@"; do
    kill -0 "${daemons[-1]}" 2>/dev/null && ((SECONDS < end)) || return 1
    sleep 0.1
  done
}
why_not() { tail -n 15 "$1" | sed 's/^/    /'; }

# ---- what is needed --------------------------------------------------------------------------------
missing=()
for c in slurmctld slurmd sbatch srun squeue sinfo scontrol scancel munged munge unmunge mungekey; do
  command -v "$c" >/dev/null || missing+=("$c")
done
((${#missing[@]} == 0)) ||
  skip "not found on PATH: ${missing[*]} (Debian: apt-get install slurmctld slurmd slurm-client munge; the daemons are in /usr/sbin)"
[[ -n $imresize && -x $imresize ]] || fail "no imresize at '$1'"

# ---- the doc's script, cut between the markers -----------------------------------------------------
section=$(sed -n '/^<!-- slurm-array begin/,/^<!-- slurm-array end -->/p' "$scale_md")
[ -n "$section" ] || fail "$scale_md has no slurm-array markers around its Slurm script"
script=$(printf '%s\n' "$section" | sed -n '/^```bash$/,/^```$/{/^```/d;p}')
find_line=$(printf '%s\n' "$section" | sed -n 's/^ *\(find \/data\/.*\)$/\1/p')
[ -n "$script" ] || fail "no \`\`\`bash block between the slurm-array markers of $scale_md"
[ "$(printf '%s\n' "$find_line" | grep -c .)" = 1 ] || fail "want one 'find /data/...' line between the markers, got: '$find_line'"
doc_n=$(printf '%s\n' "$script" | sed -n 's/^N=\([0-9]*\)$/\1/p')
doc_array=$(printf '%s\n' "$script" | sed -n 's/^#SBATCH --array=0-\([0-9]*\).*$/\1/p')
[ -n "$doc_n" ] || fail "the doc's script has no 'N=<count>' line"
[ "$doc_array" = $((doc_n - 1)) ] || fail "the doc's script has N=$doc_n but '#SBATCH --array=0-$doc_array'"
for want in 'srun imresize batch ' '--scales 2,3,4 --modcrop --save-hr' '--list /data/' \
  '--shard "${SLURM_ARRAY_TASK_ID}/${N}"' '--output=logs/%x-%A-%a.out'; do
  [[ $script == *"$want"* ]] || fail "the doc's script no longer has '$want' (this test checks what it promises)"
done

# ---- the private cluster ---------------------------------------------------------------------------
scratch=$(mktemp -d "${TMPDIR:-/tmp}/rl-slurm.XXXXXX") || fail "mktemp failed"
# Written into slurm.conf and the script unquoted; munge's socket path must also fit in 108 bytes.
[[ $scratch =~ ^[A-Za-z0-9/._-]+$ && ${#scratch} -lt 60 ]] || fail "temporary folder '$scratch' is not a plain short path (set TMPDIR)"
chmod 711 "$scratch"  # munged refuses a socket under a folder that others cannot traverse
mkdir -p "$scratch"/{munge,state,spool,log,work/logs,data}
user=$(id -un)
node_line=$(slurmd -C 2>"$scratch/log/slurmd-C.err" | grep -m1 '^NodeName=') ||
  skip "slurmd -C cannot describe this machine: $(cat "$scratch/log/slurmd-C.err")"
node=${node_line#NodeName=} node=${node%% *}
read -r ctld_port slurmd_port < <("$python" "$helpers" free-ports 2) || fail "no free ports"

mungekey --create --keyfile="$scratch/munge/munge.key" 2>"$scratch/log/mungekey.err" ||
  skip "mungekey cannot make a key: $(cat "$scratch/log/mungekey.err")"
socket=$scratch/munge/socket
started munged "$scratch/log/munged.out" munged --foreground --key-file="$scratch/munge/munge.key" \
  --socket="$socket" --pid-file="$scratch/munge/pid" --seed-file="$scratch/munge/seed" \
  --log-file="$scratch/log/munged.log"
munge_answers() { munge -n -S "$socket" </dev/null 2>/dev/null | unmunge -S "$socket" >/dev/null 2>&1; }
wait_daemon munge_answers || skip "a private munged did not start:
$(why_not "$scratch/log/munged.out")"

conf=$scratch/slurm.conf
cat >"$conf" <<EOF
# A one-node cluster private to one test run: every path is under $scratch.
ClusterName=rltest
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$socket
StateSaveLocation=$scratch/state
SlurmdSpoolDir=$scratch/spool
SlurmctldPidFile=$scratch/slurmctld.pid
SlurmdPidFile=$scratch/slurmd.pid
SlurmctldLogFile=$scratch/log/slurmctld.log
SlurmdLogFile=$scratch/log/slurmd.log
# No cgroups (containers often have none to give); nothing else that reaches outside the folder.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
MailProg=/bin/true
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
KillWait=5
# Schedule as soon as a job is submitted or ends (default: batch jobs at most every 3 s).
SchedulerParameters=batch_sched_delay=0
MinJobAge=600
$node_line NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$conf  # every client command below talks to this cluster only

started slurmctld "$scratch/log/slurmctld.out" slurmctld -D -f "$conf"
ctld_answers() { scontrol ping 2>/dev/null | grep -q 'is UP'; }
wait_daemon ctld_answers || skip "slurmctld did not start (permissions? hostname '$node'?):
$(why_not "$scratch/log/slurmctld.out")"
cluster_up=1  # from here on, cleanup cancels what is queued before it stops the daemons
started slurmd "$scratch/log/slurmd.out" slurmd -D -f "$conf"
node_idle() { [ "$(sinfo -h -n "$node" -o %T 2>/dev/null)" = idle ]; }
wait_daemon node_idle || skip "slurmd did not bring node '$node' up (state '$(sinfo -h -n "$node" -o %T 2>&1)'):
$(why_not "$scratch/log/slurmd.out")"
say "Slurm $(sbatch --version | cut -d' ' -f2) up: node $node, ports $ctld_port/$slurmd_port, in $scratch"

# ---- the dataset, the list, the script and the reference ------------------------------------------
data=$scratch/data
script_file=$scratch/work/build-sr.sbatch
printf '%s\n' "$script" | sed -e "s/^N=$doc_n\$/N=$tasks/" -e "s#/data/#$data/#g" >"$script_file"
src=$(sed -n 's/^srun imresize batch \([^ ]*\) \([^ ]*\) .*$/\1/p' "$script_file")
dst=$(sed -n 's/^srun imresize batch \([^ ]*\) \([^ ]*\) .*$/\2/p' "$script_file")
list=$(sed -n 's/^ *--list \([^ ]*\) .*$/\1/p' "$script_file")
job_name=$(sed -n 's/^#SBATCH --job-name=\([^ ]*\)$/\1/p' "$script_file")
[[ -n $src && -n $dst && -n $list && -n $job_name ]] ||
  fail "cannot read SRC_DIR, DST_DIR, --list and --job-name from the doc's script"
"$python" "$helpers" dataset "$src" "$images" || fail "could not write the dataset"
(cd "$scratch/work" && eval "${find_line//\/data\//$data/}") || fail "the doc's find line failed"
[ "$(wc -l <"$list")" = "$images" ] || fail "the doc's find line listed $(wc -l <"$list") files, want $images"

# owners[i]: how many images shard i owns; shard_images[i]: their paths (one per line)
declare -a owners shard_images
owned=$("$python" "$helpers" owners "$list" "$tasks") || fail "owners failed"
for ((i = 0; i < tasks; i++)); do
  shard_images[i]=$(printf '%s\n' "$owned" | sed -n "s/^$i //p")
  owners[i]=$(printf '%s\n' "${shard_images[i]}" | grep -c .)
done
say "$images images; shards own ${owners[*]} (FNV-1a-64 of the path, mod $tasks)"

whole=$scratch/whole
say "unsharded reference run"
"$imresize" batch "$src" "$whole" --scales 2,3,4 --modcrop --save-hr --jobs 2 >"$scratch/log/whole.out" ||
  fail "the unsharded run failed: $(cat "$scratch/log/whole.out")"
# Every image gives X2, X3, X4 and, with --save-hr, HR/X2, HR/X3, HR/X4: six files.
# Six images per input, and the folder's settings record and lock (.imresize-batch-settings,
# .imresize-batch-lock, docs/CLI.md).
written() { find "$1" -type f ! -name .imresize-batch-settings ! -name .imresize-batch-lock | wc -l; }
[ "$(written "$whole")" = $((6 * images)) ] || fail "the unsharded run wrote $(written "$whole") files, want $((6 * images))"
[ -f "$whole/.imresize-batch-settings" ] || fail "the unsharded run left no settings record"

PATH="$(dirname "$imresize"):$PATH"  # the script calls plain `imresize`, as on a cluster
export PATH
site=(--cpus-per-task=1 --mem=64M)           # this machine's resources in place of 8 CPUs and 8G
submit() {  # ARRAY: sets job to the new job's id
  local out
  out=$(cd "$scratch/work" && env "$(marker)" sbatch --parsable "${site[@]}" --array="$1" "$script_file" 2>&1) ||
    fail "sbatch --array=$1 failed: $out"
  job=${out%%;*}
}
job_states() { scontrol -o show job "$1" 2>/dev/null | sed -n 's/.* ArrayTaskId=\([^ ]*\) .* JobState=\([^ ]*\) .* ExitCode=\([^ ]*\) .*/\1 \2 \3/p'; }
job_over() { [ -n "$(job_states "$1")" ] && ! job_states "$1" | grep -qE ' (PENDING|CONFIGURING|RUNNING|COMPLETING|SUSPENDED|REQUEUED|RESIZING|STAGE_OUT|SIGNALING)'; }
wait_job() { wait_for job_over "$1" || fail "job $1 not over after ${deadline}s: $(job_states "$1" | tr '\n' ';')"; }
task_state() { job_states "$1" | awk -v t="$2" '$1 == t {print $2, $3}'; }
task_log() { echo "$scratch/work/logs/$job_name-$1-$2.out"; }  # --output=logs/%x-%A-%a.out

# The two lines of docs/SCALE.md; COUNT images done and SKIPPED skipped. With nothing skipped, every
# image wrote its six files.
check_log() {  # JOB TASK DONE SKIPPED
  local log owns done=$3 skipped=$4
  log=$(task_log "$1" "$2")
  [ -f "$log" ] || fail "no log $log"
  owns="imresize batch: shard $2/$tasks owns ${owners[$2]} of $images images from '$list' under '$src', scales 2,3,4, "
  grep -qF "$owns" "$log" || fail "task $2's log lacks '$owns':
$(cat "$log")"
  local finished="imresize batch: shard $2/$tasks finished in "
  local counts="$done done, $skipped skipped (outputs exist), 0 failed; "
  ((skipped == 0)) && counts+="$((6 * done)) files written, "
  grep -F "$finished" "$log" | grep -qF "$counts" || fail "task $2's log lacks '$finished...: $counts...':
$(cat "$log")"
}
union_is_whole() {  # WHY
  local temps
  temps=$(find "$dst" -name '.*rl-tmp-*')
  [ -z "$temps" ] || fail "$1: temporary files left: $temps"
  diff -r "$whole" "$dst" >"$scratch/log/diff.out" || fail "$1: the union differs from the unsharded run:
$(head -n 20 "$scratch/log/diff.out")"
}

# ---- 1. the array as documented ---------------------------------------------------------------------
submit "0-$((tasks - 1))"
wait_job "$job"
for ((i = 0; i < tasks; i++)); do
  [ "$(task_state "$job" "$i")" = "COMPLETED 0:0" ] || fail "task $i of job $job: $(task_state "$job" "$i"), want COMPLETED 0:0:
$(cat "$(task_log "$job" "$i")")"
  check_log "$job" "$i" "${owners[i]}" 0
done
union_is_whole "the array of $tasks tasks"
say "1. array job $job: $tasks tasks completed; union identical to the unsharded run"

# ---- 2. one task cancelled mid-run, then the doc's rerun --------------------------------------------
rm -rf "$dst"
# The shard with most images is cancelled, once it has written every output of one image and before
# its last: then the rerun has both work to skip and work to do.
k=0
for ((i = 1; i < tasks; i++)); do ((owners[i] > owners[k])) && k=$i; done
outputs_of() {  # IMAGE: its six output paths (docs/SCALE.md: X{S}/.../{name}x{S}.png, HR/X{S}/.../{name}.png)
  local rel=$1 sub stem s
  sub=$(dirname "$rel") stem=$(basename "$rel" .png)
  [ "$sub" = . ] && sub="" || sub="$sub/"
  for s in 2 3 4; do echo "$dst/X$s/$sub${stem}x$s.png"; echo "$dst/HR/X$s/$sub$stem.png"; done
}
complete_images() {  # how many of shard k's images have all six outputs
  local n=0 rel f whole_image
  while IFS= read -r rel; do
    whole_image=1
    while IFS= read -r f; do [ -f "$f" ] || { whole_image=0; break; }; done < <(outputs_of "$rel")
    n=$((n + whole_image))
  done <<<"${shard_images[k]}"
  echo "$n"
}
# Task k's imresize is found by its environment and paused (SIGSTOP) between looks, so that "mid-run"
# is a state the test sees, not a race it hopes to win: each look lets it run 10 ms more.
task_pid() {
  local p comm
  for p in $(marked_pids "SLURM_ARRAY_TASK_ID=$k"); do
    read -r comm <"/proc/$p/comm" 2>/dev/null && [ "$comm" = imresize ] && { pid=$p; return 0; }
  done
  return 1
}
all_threads_stopped() {  # PID: every thread in state T, so no file changes while the test looks
  local stat state
  for stat in /proc/"$1"/task/*/stat; do
    read -r _ _ state _ <"$stat" 2>/dev/null && [ "$state" = T ] || return 1
  done
}
wait_stopped() {
  local i
  for ((i = 0; i < 400; i++)); do all_threads_stopped "$1" && return 0; sleep 0.005; done
  fail "task $k (pid $1) did not stop in 2 s"
}
submit "0-$((tasks - 1))"
pid=""
wait_for task_pid || fail "task $k's imresize never started: $(job_states "$job" | tr '\n' ';')"
kill -STOP "$pid"
end=$((SECONDS + deadline))
while :; do
  wait_stopped "$pid"
  done_images=$(complete_images)
  ((done_images >= 1)) && break
  ((SECONDS < end)) || fail "task $k wrote no whole image in ${deadline}s"
  kill -CONT "$pid"
  sleep 0.01
  kill -STOP "$pid" 2>/dev/null || fail "task $k ended before it wrote one whole image"
done
((done_images < owners[k])) || fail "task $k had done all its images before it could be cancelled"
# Slurm's cancel sends SIGCONT then SIGTERM (then SIGKILL after KillWait): the pause ends with it.
scancel "${job}_$k" || fail "scancel ${job}_$k failed"
wait_job "$job"
for ((i = 0; i < tasks; i++)); do
  want="COMPLETED 0:0"
  ((i == k)) && want=CANCELLED
  [[ "$(task_state "$job" "$i")" == "$want"* ]] || fail "task $i of job $job: $(task_state "$job" "$i"), want $want"
  ((i == k)) || check_log "$job" "$i" "${owners[i]}" 0
done
grep -qF "shard $k/$tasks finished" "$(task_log "$job" "$k")" && fail "cancelled task $k says it finished:
$(cat "$(task_log "$job" "$k")")"
left=$((owners[k] - $(complete_images)))
((left > 0)) || fail "the cancel of task $k came after its last image: nothing was left to rerun"
say "2. array job $job: task $k cancelled with $done_images of ${owners[k]} images whole, $left left undone"

first=$job
submit "$k"  # docs/SCALE.md: sbatch --array=3,7 build-sr.sbatch
rerun=$job job=$first
wait_job "$rerun"
[ "$(task_state "$rerun" "$k")" = "COMPLETED 0:0" ] || fail "rerun of task $k: $(task_state "$rerun" "$k"):
$(cat "$(task_log "$rerun" "$k")")"
check_log "$rerun" "$k" "$left" "$((owners[k] - left))"
union_is_whole "after the rerun of task $k"
say "2. rerun job $rerun (--array=$k): $left images done, $((owners[k] - left)) skipped; union identical to the unsharded run"
say "PASS"
