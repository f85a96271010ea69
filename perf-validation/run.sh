#!/usr/bin/env bash
# Regenerates the measured tables quoted in docs/rules/: `bash perf-validation/run.sh '*JP0001*'`.
# One launch, 3 warm-up and 10 measured iterations per benchmark: the differences these benchmarks show are
# multiples, not percents, so this is enough on a 2-core machine; results and the environment block are written
# as GitHub markdown to BenchmarkDotNet.Artifacts/results/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# Arguments after the filter replace the default job (JP0002's cold start: see JP0002_ColdStart).
filter="${1:-*}"
shift || true
job=(--launchCount 1 --warmupCount 3 --iterationCount 10)
if [ "$#" -gt 0 ]; then job=("$@"); fi
dotnet run -c Release --project perf-validation -- --filter "$filter" "${job[@]}" --exporters github --artifacts BenchmarkDotNet.Artifacts
