# Steps of trial.sh, sourced by it: the warnings and errors of build logs, the test runs (counts, and every test's
# outcome by name from TRX files), and the projects outside the target whose sites the trial counts. It uses trial.sh's
# variables (checkout, out, config, target_path, test_*, no_tests, mtp, build_args, here) and with_pkg/with_pkg_format.

# Distinct warnings (file, code, message; no line or column, which the fixes move), one a line, of one or more logs.
warnings() {
  grep -hsE ': warning [A-Z]+[0-9]+' "$@" | sed -E 's/^ *//; s/\([0-9]+,[0-9]+(,[0-9]+,[0-9]+)?\)//; s/ \[[^]]*\]$//' | sort -u
}
errors() { grep -hsE ': error( [A-Z]+[0-9]+)? *:' "$@" | sed -E 's/^ *//; s/ \[[^]]*\]$//' | sort -u; }
# JsonPerf's own diagnostics: its rules, and AD0001 where a JsonPerf analyzer threw (another analyzer's AD0001 stays a
# warning of the build like any other, compared with the baseline).
not_jsonperf() { grep -vE ": warning (JP[0-9]{4}: |AD0001: Analyzer 'JsonPerf\.)"; }

run_tests() {  # $1: log name; rest: a prefix for the command (with_pkg)
  [ "$no_tests" = 1 ] && { echo "skipped" > "$out/$1.txt"; return; }
  log "dotnet test ($1: $test_target; at most ${test_timeout}s each)"
  local start=$SECONDS rc=0 r t args trx="$out/trx-$1"
  : > "$out/logs/$1.log"; rm -rf "$trx"
  for t in $test_target; do
    case "$t" in /*) ;; *) t="$checkout/$t" ;; esac
    if [ "$mtp" = 1 ]; then  # dotnet test in Microsoft.Testing.Platform mode: no positional path, no --filter
      case "$t" in *.sln|*.slnx|*.slnf) args=(test --solution "$t") ;; *) args=(test --project "$t") ;; esac
      # TRX files only with the projects' own option in --test-args (--report-xunit-trx for xUnit.net v3, --report-trx
      # where the TRX extension is referenced).
      args+=(-c "$config" --results-directory "$trx")
    else
      # A TRX file per test project and target framework (the prefix keeps them apart): the tests by name.
      args=(test "$t" -c "$config" -nologo --logger "trx;LogFilePrefix=tests" --results-directory "$trx")
      [ -n "$test_filter" ] && args+=(--filter "$test_filter")
    fi
    # shellcheck disable=SC2086
    "${@:2}" timeout -k 30 "$test_timeout" dotnet "${args[@]}" $build_args $test_args >> "$out/logs/$1.log" 2>&1; r=$?
    [ "$r" = 124 ] || [ "$r" = 137 ] && echo "TIMED OUT after ${test_timeout}s: $t" >> "$out/logs/$1.log"
    [ "$r" = 0 ] || rc=$r
  done
  # VSTest: "Passed!  - Failed: 0, Passed: 12, Skipped: 1, Total: 13"; Microsoft.Testing.Platform: "total: 13" etc.
  local sums
  sums="$(grep -E '(Passed|Failed)! +- +Failed: +[0-9]+, Passed: +[0-9]+, Skipped: +[0-9]+' "$out/logs/$1.log" \
    | sed -E 's/.*Failed: +([0-9]+), Passed: +([0-9]+), Skipped: +([0-9]+).*/\2 \1 \3/' \
    | awk '{p+=$1; f+=$2; s+=$3; n++} END {if (n) printf "%d passed, %d failed, %d skipped", p, f, s}')"
  if [ -z "$sums" ]; then
    sums="$(grep -E '^ +(succeeded|failed|skipped): +[0-9]+' "$out/logs/$1.log" \
      | awk '$1=="succeeded:"{p+=$2} $1=="failed:"{f+=$2} $1=="skipped:"{s+=$2; n++} END {if (n) printf "%d passed, %d failed, %d skipped", p, f, s}')"
  fi
  grep -q '^TIMED OUT' "$out/logs/$1.log" && sums="${sums:-no summary}, $(grep -c '^TIMED OUT' "$out/logs/$1.log") run(s) timed out"
  echo "${sums:-no summary} (exit $rc, $((SECONDS - start)) s)" > "$out/$1.txt"
  cat "$out/$1.txt"
  python3 "$here/trial_tests.py" names "$trx" "$checkout" "$out/$1-names.tsv"
}
compare_tests() {  # the tests whose outcome changed, by name (tests-compare.txt's first line is the summary)
  [ "$no_tests" = 1 ] && return
  python3 "$here/trial_tests.py" compare "$out/tests-before-names.tsv" "$out/tests-after-names.tsv" "$out/tests-changed.tsv" \
    > "$out/tests-compare.txt"
  cat "$out/tests-compare.txt"
}

# ---------------------------------------------------------------- projects outside the target
# A solution filter or a project as the target builds the projects it references from outside it for one target
# framework only (the one the referencing project needs), and `dotnet format` on a project fixes that project only.
# Their sites are counted all the same (every SARIF log of the build), so each such project is also built alone, on
# every target framework, after every build of the target, and fixed by a `dotnet format` run of its own in every pass.
target_projects() {  # absolute paths of the C# projects the target itself builds on every target framework
  local sln
  case "$target_path" in
    *.csproj) realpath -m "$target_path" ;;
    *.slnf)
      sln="$(cd "$(dirname "$target_path")" && realpath -m "$(jq -r .solution.path "$target_path" | tr '\\' /)")"
      jq -r '.solution.projects[]' "$target_path" | tr '\\' / | while read -r p; do realpath -m "$(dirname "$sln")/$p"; done ;;
    *.sln|*.slnx)
      dotnet sln "$target_path" list 2>/dev/null | tr '\\' / | grep -E '\.csproj$' \
        | while read -r p; do realpath -m "$(dirname "$target_path")/$p"; done ;;
  esac
}
find_extra_projects() {  # $1: a SARIF folder of a build of the target: extra-projects.txt
  cut -d'|' -f1 "$1"/*.meta 2>/dev/null | sort -u > "$out/counted-projects.txt"
  target_projects | sort -u > "$out/target-projects.txt"
  comm -23 "$out/counted-projects.txt" "$out/target-projects.txt" > "$out/extra-projects.txt"
  if [ -s "$out/extra-projects.txt" ]; then
    log "projects outside the target, built alone on every target framework and fixed on their own:"
    sed "s#^$checkout/#  #" "$out/extra-projects.txt"
  fi
}
build_extras() {  # $1: log name of the target's build; SARIF logs go where JsonPerfTrialSarif says. Fails if one fails.
  local p rc=0
  while read -r p; do
    [ -n "$p" ] || continue
    with_pkg dotnet build "$p" -c "$config" --no-incremental -nologo $build_args \
      > "$out/logs/$1.extra.$(basename "$p" .csproj).log" 2>&1 < /dev/null || rc=1
  done < "$out/extra-projects.txt"
  return $rc
}
format_extras() {  # $1: pass; $2: severity; rest: rules. Appends to the pass's log; returns the worst exit code.
  local pass="$1" severity="$2" p r rc=0; shift 2
  while read -r p; do
    [ -n "$p" ] || continue
    echo "== dotnet format analyzers $p (outside the target)" >> "$out/logs/format-$pass.log"
    with_pkg_format timeout 3600 dotnet format analyzers "$p" --no-restore --verbosity normal --diagnostics "$@" \
      --severity "$severity" >> "$out/logs/format-$pass.log" 2>&1 < /dev/null; r=$?
    [ "$r" = 0 ] || rc=$r
  done < "$out/extra-projects.txt"
  return $rc
}
# dotnet format's "Unable to fix RULE. Code fix PROVIDER didn't return a Fix All action." lines of one pass: pass,
# rule, times printed, provider (trial_report.py tells them per site).
unable_of() {  # $1: pass
  grep -h 'Unable to fix' "$out/logs/format-$1.log" \
    | sed -nE 's/.*Unable to fix ([A-Za-z]+[0-9]+)\. Code fix ([A-Za-z0-9_.`]+).*/\1\t\2/p' | sort | uniq -c \
    | awk -v p="$1" 'BEGIN {OFS="\t"} {print p, $2, $1, $3}'
}
