#!/usr/bin/env bash
# The README's main job, a demo: packs JsonPerf.Analyzers, builds demo/Sample (one site of each rule JP0001-JP0010)
# from the .nupkg as a user's project, runs it, applies every fix with the README's two `dotnet format analyzers`
# commands, shows the diff, and checks that the fixed app builds without a JsonPerf warning and prints the same output.
# The full end to end (presets, install blocks, native AOT publish, ...) is tests/PackageConsumer/run.sh, run by CI.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
work="$root/artifacts/demo"
app="$work/app"
# A private packages folder for the sample: the package just packed is the one restored, and nothing of it lands in
# the machine's global packages folder (~/.nuget/packages), where a later repack of the same version would go unseen.
packages="$root/artifacts/demo-packages"
rules=(JP0001 JP0002 JP0003 JP0004 JP0005 JP0006 JP0007 JP0008 JP0009 JP0010)
start=$SECONDS

fail() { echo "FAIL: $*" >&2; exit 1; }
elapsed() { echo "($((SECONDS - start)) s)"; }
# Distinct warnings of one id in a build log (the build prints each twice: as it happens and in the summary).
warnings() { { grep -oE "[^ ]+\([0-9]+,[0-9]+\): warning $2" "$1" || true; } | sort -u | wc -l; }
sample() { NUGET_PACKAGES="$packages" "$@"; }

echo "What this shows: each JsonPerf rule's warning on a small app built from the packed package, every fix applied"
echo "by the README's two 'dotnet format analyzers' commands, the diff, and the same program output before and after."

rm -rf "$work" "$packages/jsonperf.analyzers"
mkdir -p "$app"
version="$(dotnet msbuild "$root/src/JsonPerf.Package/JsonPerf.Package.csproj" -getProperty:Version)"
echo "== pack JsonPerf.Analyzers $version into artifacts/demo/feed"
dotnet pack "$root/src/JsonPerf.Package/JsonPerf.Package.csproj" -c Release -o "$work/feed" -v:q -nologo > "$work/pack.log" 2>&1 \
  || { cat "$work/pack.log"; fail "dotnet pack failed"; }
echo "ok $(elapsed)"

cp "$here/Sample/"*.cs "$here/Sample/"*.csproj "$here/Sample/"*.props "$here/Sample/.editorconfig" "$app/"
cat > "$app/NuGet.config" <<XML
<?xml version="1.0" encoding="utf-8"?>
<configuration>
  <packageSources>
    <add key="jsonperf-demo" value="$work/feed" />
  </packageSources>
</configuration>
XML
build() { sample dotnet build "$app/Sample.csproj" -nologo -p:JsonPerfVersion="$version" "$@"; }
run() { sample dotnet run --no-build --project "$app/Sample.csproj"; }

echo "== build the sample (artifacts/demo/app, a copy of demo/Sample) with JsonPerf.Analyzers $version"
build > "$work/before.log" 2>&1 || { cat "$work/before.log"; fail "the sample does not build"; }
! grep -qE 'CS8032|CS9057|AD0001' "$work/before.log" || { grep -E 'CS8032|CS9057|AD0001' "$work/before.log" | sort -u; fail "the analyzers did not load or crashed"; }
# Each warning whole (file, position, id and message), once, in the order of the file.
grep -oE "[^/ ]+\.cs\([0-9]+,[0-9]+\): warning JP[0-9]+: .*" "$work/before.log" | sed -E 's/ \[[^]]*\]$//' | sort -u -t: -k1,1 -k2,2 \
  | sort -t"(" -k2,2n
for id in "${rules[@]}"; do
  [ "$(warnings "$work/before.log" "$id")" -gt 0 ] || fail "no $id warning in the sample"
done
echo "ok: every rule reported $(elapsed)"

echo "== run the sample"
before="$(run)" || fail "the sample does not run"
echo "$before"

# As the README says: JP0002 (and JP0008) second, so that JP0002 fixes the calls whose options JP0001 has just cached
# (it has no fix while they are created per call). JP0003 is a warning here (.editorconfig), so --severity warn has it.
format() {
  echo "== dotnet format analyzers --diagnostics $*"
  (cd "$app" && sample dotnet format analyzers --diagnostics "$@" --no-restore) > "$work/format.log" 2>&1 \
    || { cat "$work/format.log"; fail "dotnet format failed"; }
  echo "ok $(elapsed)"
}
format JP0001 JP0003 JP0004 JP0005 JP0006 JP0007 --severity warn
format JP0002 JP0008 JP0009 JP0010 --severity info
echo "== the diff"
diff -u --label demo/Sample/Program.cs --label artifacts/demo/app/Program.cs "$here/Sample/Program.cs" "$app/Program.cs" || true

echo "== build and run the fixed sample"
build > "$work/after.log" 2>&1 || { cat "$work/after.log"; fail "the fixed sample does not build"; }
left=""
for id in "${rules[@]}" IL2026 IL3050; do
  n="$(warnings "$work/after.log" "$id")"
  [ "$n" -eq 0 ] || left="$left $id:$n"
done
[ -z "$left" ] || { grep -E 'warning (JP|IL)' "$work/after.log" | sort -u; fail "warnings left after dotnet format:$left"; }
after="$(run)" || fail "the fixed sample does not run"
if [ "$before" != "$after" ]; then diff <(echo "$before") <(echo "$after") || true; fail "the output changed after the fixes"; fi
echo "ok: no JsonPerf (or IL2026/IL3050) warning left, and the fixed sample prints the same $(elapsed)"
