# The budget step of trial.sh (--budget), sourced by it: Rebuilds of one project with -p:ReportAnalyzer=true, and
# JsonPerf's share of the compile (trial_report.py budget). It uses trial.sh's variables and functions (checkout, out,
# config, budget_*, floor, build_args, with_pkg, log, die).
run_budget() {
  bp="$checkout/$budget_project"
  [ -f "$bp" ] || die "--budget: no $bp"
  if [ -z "$budget_tfm" ]; then
    budget_tfm="$(dotnet msbuild "$bp" -getProperty:TargetFrameworks 2>/dev/null | cut -d';' -f1)"
    [ -n "$budget_tfm" ] || budget_tfm="$(dotnet msbuild "$bp" -getProperty:TargetFramework 2>/dev/null)"
  fi
  case "$budget_compiler" in server) shared=true ;; process) shared=false ;; *) die "--budget-compiler is server or process" ;; esac
  warmup="${TRIAL_BUDGET_WARMUP:-1}"
  log "budget: $budget_project ($budget_tfm), $warmup + $budget_runs Rebuilds with -p:ReportAnalyzer=true, compiler: $budget_compiler"
  echo "$budget_project ($budget_tfm, $config)" > "$out/budget-target.txt"
  floor_args=()
  if [ "$floor" = 1 ]; then
    dotnet build "$root/perf-validation/FloorProbe/FloorProbe.csproj" -c Release -o "$out/floor" -v:q -nologo > "$out/logs/floor.log" 2>&1 \
      || die "--floor: the probe does not build (see $out/logs/floor.log)"
    floor_args=(-p:JsonPerfTrialFloor="$out/floor/JsonPerf.FloorProbe.dll")
  fi
  load="$(cut -d' ' -f1-3 /proc/loadavg)"
  # Only the project's own compile: its references were built by the build above.
  for i in $(seq $((1 - warmup)) "$budget_runs"); do
    [ "$i" -ge 1 ] && name="budget-$i" || name="budget-warmup-$((1 - i))"
    with_pkg dotnet build "$bp" -c "$config" -f "$budget_tfm" --no-restore -t:Rebuild -p:BuildProjectReferences=false \
      -p:ReportAnalyzer=true -p:UseSharedCompilation=$shared -v:d -clp:PerformanceSummary -nologo "${floor_args[@]}" $build_args > "$out/logs/$name.log" 2>&1 \
      || die "--budget: the Rebuild of $budget_project fails (see $out/logs/$name.log)"
  done
  python3 "$here/trial_report.py" budget "$out/budget.md" "$load" $(seq -f "$out/logs/budget-%g.log" 1 "$budget_runs")
}
