#!/usr/bin/env bash
# Real-repository trial of JsonPerf.Analyzers (issue 27): runs the package on any C# checkout, without editing its
# projects, and reports what each rule finds, what `dotnet format` fixes, and whether the code still builds and
# passes its tests afterwards. See README.md beside this file.
#
#   bash perf-validation/real-repos/trial.sh [options] CHECKOUT
#
# Options (each also readable from the environment variable in brackets):
#   --target PATH        solution or project to build, relative to CHECKOUT [TRIAL_TARGET]
#                        (default: the one *.sln/*.slnx at CHECKOUT's root)
#   --test-target PATHS  solutions or projects for `dotnet test`, space-separated (default: --target) [TRIAL_TEST_TARGET]
#   --test-filter EXPR   `dotnet test --filter` expression [TRIAL_TEST_FILTER]; with global.json's
#                        Microsoft.Testing.Platform runner, pass the runner's own filter in --test-args instead
#   --test-args ARGS     more `dotnet test` arguments, e.g. "-f net10.0" [TRIAL_TEST_ARGS]
#   --test-timeout SEC   limit for each test run (default 1200) [TRIAL_TEST_TIMEOUT]
#   --no-tests           skip both test runs [TRIAL_NO_TESTS=1]
#   --build-args ARGS    more arguments for every `dotnet build` and `dotnet test` [TRIAL_BUILD_ARGS]
#   --config NAME        build configuration (default Debug) [TRIAL_CONFIG]
#   --out DIR            where logs, SARIF files and the diff go (default /tmp/jsonperf-trial/NAME) [TRIAL_OUT]
#   --inject MODE        how the package is added: auto (default), dbt or env [TRIAL_INJECT]
#                        dbt: a Directory.Build.targets at CHECKOUT's root (only when the checkout has none);
#                        env: CustomAfterDirectoryBuildTargets in the environment (build, test and format read it)
#   --cpm-style STYLE    with Central Package Management: packageversion (default) or versionoverride [TRIAL_CPM_STYLE]
#   --reset              `git reset --hard` + `git clean -fdx` the checkout first (it must be a git checkout)
#   --from STEP          start later, reusing OUT's results of an earlier run on the same commit:
#                        tests (reuse the baseline build), fixes (reuse the baseline, tests before and sites)
#   --before-targets FILE  an MSBuild file imported into every project of every step, baseline included (through
#                        CustomBeforeMicrosoftCommonTargets and CustomBeforeMicrosoftCommonCrossTargetingTargets, so
#                        the outer build of a multi-targeted project, which NuGet reads, sees it too): NoWarn for
#                        versions the registry lacks, a package reference it does not have [TRIAL_BEFORE_TARGETS]
#   --budget PROJECT     also measure the analyzers' share of PROJECT's compile (relative to CHECKOUT): Rebuilds of
#                        PROJECT alone with -p:ReportAnalyzer=true, before the fixes [TRIAL_BUDGET]
#   --budget-tfm TFM     the one target framework those Rebuilds compile (default: the project's first) [TRIAL_BUDGET_TFM]
#   --budget-runs N      Rebuilds measured, after TRIAL_BUDGET_WARMUP (default 1) that warm the server (default 3) [TRIAL_BUDGET_RUNS]
#   --floor              the budget's Rebuilds also load perf-validation/FloorProbe (an analyzer with empty callbacks
#                        where JsonPerf has its own): what any analyzer looking at every call costs there [TRIAL_FLOOR=1]
#   --budget-only        stop after the budget (sites and budget only: no tests, no fixes) [TRIAL_BUDGET_ONLY=1]
#   --budget-compiler C  server (default): the budget's Rebuilds through the compiler server, as `dotnet build` by
#                        default (-p:UseSharedCompilation=true, even where the environment sets it false); process: a
#                        new csc per Rebuild, the cold case (docs/real-world.md, the budget) [TRIAL_BUDGET_COMPILER]
#   --recorded FILE      per-site outcomes recorded by an earlier trial (recorded/*.tsv): every site fixed there and not
#                        fixed now is listed under LOST FIXES, and the trial exits 1 [TRIAL_RECORDED]
#   --record FILE        write this run's per-site outcomes there (file, member, rule, outcome; no code) [TRIAL_RECORD]
#
# Steps: pack the package under a version of its own; baseline build (the repository as it is; it may not change
# tracked files); tests before; build with the package and per-project SARIF logs (sites); optionally the budget;
# `dotnet format analyzers` in three passes (warn rules, then JP0002, then JP0008), each followed by a build with
# SARIF logs, so that what each pass fixed and created is counted; diff; the last build is the rebuild (errors, new
# warnings against the baseline, sites left: "unknown" when it fails); tests after; table (trial_report.py).
# The checkout keeps the fixes; the files the trial added (targets, NuGet.config changes) are removed at the end.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"

target="${TRIAL_TARGET:-}"; test_target="${TRIAL_TEST_TARGET:-}"; test_filter="${TRIAL_TEST_FILTER:-}"
test_args="${TRIAL_TEST_ARGS:-}"; test_timeout="${TRIAL_TEST_TIMEOUT:-1200}"; no_tests="${TRIAL_NO_TESTS:-0}"
build_args="${TRIAL_BUILD_ARGS:-}"; config="${TRIAL_CONFIG:-Debug}"; out="${TRIAL_OUT:-}"
inject="${TRIAL_INJECT:-auto}"; cpm_style="${TRIAL_CPM_STYLE:-packageversion}"; reset=0; checkout=""; from=start
before_targets="${TRIAL_BEFORE_TARGETS:-}"; budget_project="${TRIAL_BUDGET:-}"; budget_tfm="${TRIAL_BUDGET_TFM:-}"
budget_runs="${TRIAL_BUDGET_RUNS:-3}"; budget_only="${TRIAL_BUDGET_ONLY:-0}"; floor="${TRIAL_FLOOR:-0}"
budget_compiler="${TRIAL_BUDGET_COMPILER:-server}"; recorded="${TRIAL_RECORDED:-}"; record="${TRIAL_RECORD:-}"
while [ $# -gt 0 ]; do
  case "$1" in
    --target) target="$2"; shift 2 ;;
    --test-target) test_target="$2"; shift 2 ;;
    --test-filter) test_filter="$2"; shift 2 ;;
    --test-args) test_args="$2"; shift 2 ;;
    --test-timeout) test_timeout="$2"; shift 2 ;;
    --no-tests) no_tests=1; shift ;;
    --build-args) build_args="$2"; shift 2 ;;
    --config) config="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --inject) inject="$2"; shift 2 ;;
    --cpm-style) cpm_style="$2"; shift 2 ;;
    --reset) reset=1; shift ;;
    --from) from="$2"; shift 2 ;;
    --before-targets) before_targets="$2"; shift 2 ;;
    --budget) budget_project="$2"; shift 2 ;;
    --budget-tfm) budget_tfm="$2"; shift 2 ;;
    --budget-runs) budget_runs="$2"; shift 2 ;;
    --budget-only) budget_only=1; no_tests=1; shift ;;
    --budget-compiler) budget_compiler="$2"; shift 2 ;;
    --floor) floor=1; shift ;;
    --recorded) recorded="$2"; shift 2 ;;
    --record) record="$2"; shift 2 ;;
    -h|--help) sed -n '2,/^set /p' "${BASH_SOURCE[0]}" | grep '^#' | cut -c3-; exit 0 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) checkout="$1"; shift ;;
  esac
done
[ -n "$checkout" ] && [ -d "$checkout" ] || { echo "usage: trial.sh [options] CHECKOUT (see --help)" >&2; exit 2; }
checkout="$(cd "$checkout" && pwd)"
name="$(basename "$checkout")"
out="${out:-/tmp/jsonperf-trial/$name}"
mkdir -p "$out"; out="$(cd "$out" && pwd)"
command -v jq >/dev/null || { echo "jq is needed (apt-get install jq)" >&2; exit 2; }
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1
rules="JP0001 JP0002 JP0003 JP0004 JP0005 JP0006 JP0007 JP0008"

log() { echo "== $(date +%H:%M:%S) $*"; }
die() { echo "FAIL: $*" >&2; exit 1; }

if [ "$reset" = 1 ]; then
  git -C "$checkout" reset -q --hard && git -C "$checkout" clean -qfdx || die "cannot reset $checkout"
fi
if [ -d "$checkout/.git" ] || git -C "$checkout" rev-parse --git-dir >/dev/null 2>&1; then
  [ -z "$(git -C "$checkout" status --porcelain)" ] || die "$checkout has changes; commit them or pass --reset"
  commit="$(git -C "$checkout" rev-parse HEAD)"
else
  die "$checkout is not a git checkout (the trial needs git to show what the fixes changed)"
fi

if [ -z "$target" ]; then
  mapfile -t sln < <(cd "$checkout" && ls -1 *.sln *.slnx 2>/dev/null)
  [ "${#sln[@]}" -eq 1 ] || die "pass --target: found ${#sln[@]} solutions at the root of $checkout"
  target="${sln[0]}"
fi
# A target may also be an absolute path, e.g. a solution filter (.slnf) kept outside the checkout that leaves out
# projects that do not restore here; the NuGet.config then goes beside the solution it filters.
case "$target" in /*) target_path="$target" ;; *) target_path="$checkout/$target" ;; esac
[ -e "$target_path" ] || die "no $target_path"
test_target="${test_target:-$target}"
target_dir="$(dirname "$target_path")"
if [ "${target##*.}" = slnf ]; then
  target_dir="$(dirname "$(cd "$target_dir" && realpath "$(jq -r .solution.path "$target_path" | tr '\\' /)")")"
fi
# What the fixes and the steps after them write (removed before a run that redoes them).
from_fixes=("$out"/sarif-pass-* "$out/sarif-after" "$out"/sites-pass-*.tsv "$out/sites-after.tsv" "$out/passes.txt"
  "$out"/warnings-{after,new,with-package}.txt "$out"/{build-after,errors-after,format-unable,files-changed}.txt
  "$out/tests-after.txt" "$out/fixes.diff" "$out/table.md" "$out/snap.index" "$out/trees.txt" "$out/sites.tsv" "$out/sites-summary.txt" "$out/lost-fixes.txt"
  "$out"/tests-{after-names.tsv,changed.tsv,compare.txt} "$out/trx-tests-after" "$out"/logs/after*.extra.*.log)
case "$from" in
  start)
    rm -rf "$out"/{logs,sarif-before} "$out"/trx-* "$out"/*.tsv "$out"/*.txt "$out"/*.md "${from_fixes[@]}"
    mkdir -p "$out/logs" "$out/feed"
    echo "$name $commit target=$target config=$config" > "$out/run.txt" ;;
  tests)
    [ -e "$out/warnings-baseline.txt" ] && grep -q "^$name $commit " "$out/run.txt" \
      || die "--from tests needs an earlier run of $name at $commit in $out"
    rm -rf "$out/sarif-before" "$out/sites-before.tsv" "$out"/tests-before{.txt,-names.tsv} "$out/trx-tests-before" "$out"/budget* "${from_fixes[@]}" ;;
  fixes)
    [ -e "$out/sites-before.tsv" ] && [ -e "$out/warnings-baseline.txt" ] && grep -q "^$name $commit " "$out/run.txt" \
      || die "--from fixes needs an earlier run of $name at $commit in $out"
    rm -rf "${from_fixes[@]}" ;;
  *) die "--from is tests or fixes" ;;
esac

# ---------------------------------------------------------------- pack
# A version of its own for every run: restoring it never meets an older package of the same number in the machine's
# NuGet packages folder, so nothing there is deleted and a build or trial running beside this one keeps its package.
# The pack itself is serialised (flock): two at once would write the same obj/ folders of this clone.
base_version="$(dotnet msbuild "$root/src/JsonPerf.Package/JsonPerf.Package.csproj" -getProperty:Version)"
version="${TRIAL_VERSION:-$base_version-trial.$(date +%Y%m%d%H%M%S).$$}"
log "pack JsonPerf.Analyzers $version into $out/feed"
rm -rf "$out/feed"/*.nupkg
# The lock's descriptor is closed for dotnet: a compiler server that the pack starts outlives it and would hold the lock.
( flock 9; dotnet pack "$root/src/JsonPerf.Package" -c Release -o "$out/feed" -p:Version="$version" -v:q -nologo 9>&- ) \
  9>"${TMPDIR:-/tmp}/jsonperf-trial-pack.lock" > "$out/logs/pack.log" 2>&1 || { cat "$out/logs/pack.log"; die "pack failed"; }
ls "$out/feed/JsonPerf.Analyzers.$version.nupkg" >/dev/null 2>&1 || die "pack wrote no JsonPerf.Analyzers.$version.nupkg"
echo "package $version" >> "$out/run.txt"

# The repository's own fixes for this machine (--before-targets), in every step including the baseline.
if [ -n "$before_targets" ]; then
  before_targets="$(cd "$(dirname "$before_targets")" && pwd)/$(basename "$before_targets")"
  [ -f "$before_targets" ] || die "no $before_targets"
  export CustomBeforeMicrosoftCommonTargets="$before_targets" CustomBeforeMicrosoftCommonCrossTargetingTargets="$before_targets"
  echo "before-targets $before_targets" >> "$out/run.txt"
fi

# ---------------------------------------------------------------- how the package gets in (trial_inject.sh)
. "$here/trial_inject.sh"

# ---------------------------------------------------------------- helpers
# global.json's test.runner = Microsoft.Testing.Platform switches `dotnet test` (SDK 10) to another command line.
mtp=0
gj="$target_dir"; while [ "$gj" != / ] && [ ! -e "$gj/global.json" ]; do gj="$(dirname "$gj")"; done
[ -e "$gj/global.json" ] && [ "$(jq -r '.test.runner // ""' "$gj/global.json" 2>/dev/null)" = Microsoft.Testing.Platform ] && mtp=1

build() {  # $1: log name; rest: extra arguments
  local name="$1"; shift
  dotnet build "$target_path" -c "$config" --no-incremental -nologo $build_args "$@" > "$out/logs/$name.log" 2>&1
}
# Warnings and errors of build logs, run_tests, and the projects outside the target (trial_steps.sh).
. "$here/trial_steps.sh"
# Sites from the SARIF logs (trial_report.py): rule, kind, file:line:col, frameworks, level, message.
sites() { python3 "$here/trial_report.py" sites "$1" "$checkout" "$2"; }
# A tree of the checkout as it is now (tracked and new files; the trial's own files and lock files left out), written
# with an index of the trial's own: comparing two of them tells which files a pass changed, whatever earlier passes did.
excludes() {
  excl=(":(exclude)**/packages.lock.json" ":(exclude)packages.lock.json")
  local f; for f in "${restored[@]}" "${added[@]}"; do excl+=(":(exclude)${f#$checkout/}"); done
}
# The index starts empty (not from HEAD): a snapshot fetched without its largest files lacks their blobs, which
# write-tree would need.
snapshot() {
  excludes
  rm -f "$out/snap.index"
  GIT_INDEX_FILE="$out/snap.index" git -c core.safecrlf=false -C "$checkout" add -A -- . "${excl[@]}" \
    && GIT_INDEX_FILE="$out/snap.index" git -C "$checkout" write-tree
}

# Every dotnet command from here on runs in the checkout, so that its global.json chooses the SDK and the test
# runner (dotnet test reads global.json from the current folder, not from the project's).
cd "$checkout" || die "cannot cd to $checkout"

if [ "$from" != fixes ]; then
if [ "$from" = start ]; then
# ---------------------------------------------------------------- 1. baseline
log "baseline build of $target ($config), the repository as it is"
build baseline; baseline_rc=$?
warnings "$out/logs/baseline.log" > "$out/warnings-baseline.txt"
echo "baseline build: exit $baseline_rc, $(wc -l < "$out/warnings-baseline.txt") distinct warnings, $(errors "$out/logs/baseline.log" | wc -l) errors"
[ "$baseline_rc" = 0 ] || { errors "$out/logs/baseline.log" | head -20; die "the baseline build fails: pick another target or repository"; }
fi
# A build that rewrites tracked files (a `dotnet format` PreBuild target, a generator writing into the tree) would
# mix its changes with the fixes' and every later build's: stop rather than report them as the fixes'.
changed_by_build="$(git -C "$checkout" status --porcelain --untracked-files=no)"
if [ -n "$changed_by_build" ]; then
  echo "$changed_by_build" | head -20
  die "the baseline build changed tracked files of $name (above): the trial could not tell its fixes from the build's own
changes. Turn that step off for the trial (e.g. a property in a --before-targets file), then rerun with --reset."
fi

# ---------------------------------------------------------------- 2. tests before
run_tests tests-before

# ---------------------------------------------------------------- 3. build with the package
with_feed; add_pkg
log "build with JsonPerf.Analyzers $version (inject=$inject), SARIF per project"
mkdir -p "$out/sarif-before"
JsonPerfTrialSarif="$out/sarif-before" with_pkg build with-package; pkg_rc=$?
grep -qE 'CS8032|CS9057' "$out/logs/with-package.log" && echo "WARNING: the analyzers did not load (CS8032/CS9057)"
grep -qE 'NETSDK1064|CS2001' "$out/logs/with-package.log" && echo "WARNING: a package file was missing (NETSDK1064/CS2001)"
ls "$out/sarif-before"/*.sarif >/dev/null 2>&1 || die "no SARIF log written: the package did not reach the projects (see $out/logs/with-package.log)"
[ "$pkg_rc" = 0 ] || { errors "$out/logs/with-package.log" | head -20; die "the build with the package fails"; }
find_extra_projects "$out/sarif-before"
JsonPerfTrialSarif="$out/sarif-before" build_extras with-package \
  || { errors "$out"/logs/with-package.extra.*.log | head -20; die "a project outside the target fails to build with the package"; }
# Their warnings on the frameworks the target's build did not compile (JsonPerf's own left out) join the baseline's.
{ cat "$out/warnings-baseline.txt"; warnings "$out"/logs/with-package.extra.*.log | not_jsonperf; } | sort -u -o "$out/warnings-baseline.txt"
sites "$out/sarif-before" "$out/sites-before.tsv"

# ---------------------------------------------------------------- 3b. budget (--budget; trial_budget.sh)
if [ -n "$budget_project" ]; then
  . "$here/trial_budget.sh"
  run_budget
fi
if [ "$budget_only" = 1 ]; then
  [ -n "$budget_project" ] || die "--budget-only needs --budget PROJECT"
  echo "sites: $(wc -l < "$out/sites-before.tsv") (list: $out/sites-before.tsv); --budget-only: no fixes"
  exit 0
fi
else
  log "from the fixes: baseline, tests before and sites of the earlier run in $out"
  with_feed; add_pkg
  with_pkg dotnet restore "$target_path" $build_args > "$out/logs/restore-from.log" 2>&1 || die "restore failed"
  find_extra_projects "$out/sarif-before"
fi
echo "sites: $(wc -l < "$out/sites-before.tsv") (list: $out/sites-before.tsv)"

# ---------------------------------------------------------------- 4. fixes, a build after each pass
# Each pass is followed by a build with SARIF logs, so that a site one pass creates (a JP0006 fix that writes a
# reflection call) and a later pass fixes is counted as created and fixed, not hidden in an unchanged total. The
# build after the last pass is the rebuild. A pass that changed no file reuses the sites before it.
tree_before="$(snapshot)" || die "cannot snapshot $checkout with git"
# The checkout's files before the passes and after each (git trees in the checkout's object store): trial_sites.py
# reads the members that enclose each list's sites from them.
printf 'before\t%s\n' "$tree_before" > "$out/trees.txt"
: > "$out/passes.txt"; : > "$out/format-unable.txt"
previous_sites="sites-before.tsv"; previous_tree="$tree_before"
# The warn rules run twice: `dotnet format` computes every rule's diagnostics once per run, so a site whose code another
# rule's fix changed in the same run (a JP0004 encoder hoisted out of options JP0001 reports) is left for the next run.
passes=("warn|JP0001 JP0004 JP0005 JP0006 JP0007|warn" "warn-again|JP0001 JP0004 JP0005 JP0006 JP0007|warn"
  "jp0002|JP0002|info" "jp0008|JP0008|info")
changed=0
for i in "${!passes[@]}"; do
  IFS='|' read -r pass pass_rules severity <<<"${passes[$i]}"
  if [ "$pass" = warn-again ] && [ "$changed" = 0 ]; then
    printf '%s\t%s\t0\t0\tskipped\t%s\n' "$pass" "$pass_rules" "$previous_sites" >> "$out/passes.txt"
    continue
  fi
  log "dotnet format analyzers --diagnostics $pass_rules --severity $severity"
  # shellcheck disable=SC2086
  with_pkg_format timeout 3600 dotnet format analyzers "$target_path" --no-restore --verbosity normal \
    --diagnostics $pass_rules --severity "$severity" > "$out/logs/format-$pass.log" 2>&1; code=$?
  # shellcheck disable=SC2086
  format_extras "$pass" "$severity" $pass_rules; r=$?; [ "$code" = 0 ] && code=$r
  unable_of "$pass" >> "$out/format-unable.txt"
  tree="$(snapshot)" || die "cannot snapshot $checkout with git"
  changed="$(git -C "$checkout" diff-tree -r --name-only "$previous_tree" "$tree" | wc -l)"
  new_files="$(git -C "$checkout" diff-tree -r --diff-filter=A --name-only "$previous_tree" "$tree" | wc -l)"
  echo "$pass: exit $code, $changed files changed ($new_files new)"
  printf '%s\t%s\n' "$pass" "$tree" >> "$out/trees.txt"
  last=$((i == ${#passes[@]} - 1))
  if [ "$last" = 1 ]; then
    log "rebuild after the fixes (with the package)"
    mkdir -p "$out/sarif-after"
    JsonPerfTrialSarif="$out/sarif-after" with_pkg build after; after_rc=$?
    JsonPerfTrialSarif="$out/sarif-after" build_extras after || after_rc=1
    sites_after="unknown"
    if [ "$after_rc" = 0 ]; then sites "$out/sarif-after" "$out/sites-after.tsv"; sites_after="sites-after.tsv"; fi
  elif [ "$changed" -gt 0 ]; then
    log "build after the $pass pass (sites it fixed and created)"
    mkdir -p "$out/sarif-pass-$pass"
    JsonPerfTrialSarif="$out/sarif-pass-$pass" with_pkg build "after-$pass"; r=$?
    JsonPerfTrialSarif="$out/sarif-pass-$pass" build_extras "after-$pass" || r=1
    sites_after="unknown"
    if [ "$r" = 0 ]; then sites "$out/sarif-pass-$pass" "$out/sites-pass-$pass.tsv"; sites_after="sites-pass-$pass.tsv"; fi
  else
    sites_after="$previous_sites"
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$pass" "$pass_rules" "$changed" "$new_files" "$code" "$sites_after" >> "$out/passes.txt"
  [ "$sites_after" = unknown ] || previous_sites="$sites_after"
  previous_tree="$tree"
done
# The diff of the fixes alone: new files included, the trial's own files left out.
git -C "$checkout" diff "$tree_before" "$tree" > "$out/fixes.diff"
git -C "$checkout" diff-tree -r --name-only "$tree_before" "$tree" | wc -l > "$out/files-changed.txt"
echo "files changed by the fixes: $(cat "$out/files-changed.txt")"

# ---------------------------------------------------------------- 5. what the rebuild says
warnings "$out/logs/with-package.log" "$out"/logs/with-package.extra.*.log | not_jsonperf > "$out/warnings-with-package.txt"
warnings "$out/logs/after.log" "$out"/logs/after.extra.*.log | not_jsonperf > "$out/warnings-after.txt"
comm -13 "$out/warnings-baseline.txt" "$out/warnings-after.txt" > "$out/warnings-new.txt"
errors "$out/logs/after.log" "$out"/logs/after.extra.*.log > "$out/errors-after.txt"
if [ "$after_rc" = 0 ]; then status=ok; else status=FAILED; fi
echo "$status, $(wc -l < "$out/errors-after.txt") errors, $(wc -l < "$out/warnings-new.txt") new warnings" > "$out/build-after.txt"

# ---------------------------------------------------------------- 6. tests after
# Without the package, as the tests before ran: a test that evaluates the repository's own project files with MSBuild
# (a code generator's dependency check) would otherwise see the trial's package reference and fail for it.
if [ "$after_rc" = 0 ]; then remove_pkg; run_tests tests-after; compare_tests; else echo "not run: the build failed" > "$out/tests-after.txt"; fi

# ---------------------------------------------------------------- 7. per site (trial_sites.py), table
# One line per site: rule, kind, file, enclosing member, outcome (fixed, left, created ...), message without line numbers.
python3 "$here/trial_sites.py" outcomes "$out" "$checkout" > "$out/sites-summary.txt" || die "trial_sites.py outcomes failed"
echo
python3 "$here/trial_report.py" table "$out"
[ -s "$out/errors-after.txt" ] && { echo; echo "errors after the fixes:"; head -30 "$out/errors-after.txt"; }
[ -s "$out/warnings-new.txt" ] && { echo; echo "new warnings after the fixes:"; head -30 "$out/warnings-new.txt"; }
if [ -s "$out/sites-after.tsv" ]; then echo; echo "left (rule, kind, site, frameworks, level, message):"; cat "$out/sites-after.tsv"; fi
echo; cat "$out/sites-summary.txt"
lost=0
if [ -n "$recorded" ]; then
  echo
  python3 "$here/trial_sites.py" compare "$recorded" "$out/sites.tsv" | tee "$out/lost-fixes.txt"; lost=${PIPESTATUS[0]}
fi
if [ -n "$record" ]; then
  python3 "$here/trial_sites.py" record "$out/sites.tsv" "$record" "$name $commit, JsonPerf.Analyzers $version" \
    && echo "recorded: $record"
fi
# The exit code says whether the fixed code still builds (a trial whose rebuild failed is not a success), and whether
# a recorded fix was lost.
[ "$after_rc" = 0 ] && [ "$lost" = 0 ]
