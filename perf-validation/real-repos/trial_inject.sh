# How trial.sh adds the package, sourced by it: the targets file imported after the repository's
# Directory.Build.targets, add_pkg / with_pkg / with_pkg_format for the chosen --inject mode, and the local feed in a
# NuGet.config beside the target (with_feed). It uses trial.sh's variables (checkout, out, version, rules, inject,
# cpm_style, target_dir) and sets added/restored, which trial.sh's cleanup undoes.
# ---------------------------------------------------------------- how the package gets in
# One targets file, outside the checkout, imported right after the repository's Directory.Build.targets. It adds the
# package to C# SDK projects (with CPM as a PackageVersion item or a VersionOverride), writes a SARIF log per project
# and target framework with a line saying which project it came from, and keeps the rules and AD0001 warnings under
# TreatWarningsAsErrors in builds and tests (everything else keeps the repository's own settings).
# Whether a NuGet.config from the target's folder up maps package sources (then the feed is mapped there, below).
maps=0
d="$target_dir"
while :; do
  grep -qs '<packageSourceMapping' "$d"/[Nn]u[Gg]et.[Cc]onfig && maps=1
  [ "$d" = / ] && break; d="$(dirname "$d")"
done
cpm_items='<PackageVersion Include="JsonPerf.Analyzers" Version="'"$version"'" />
    <PackageReference Include="JsonPerf.Analyzers" PrivateAssets="all" />'
[ "$cpm_style" = versionoverride ] && cpm_items='<PackageReference Include="JsonPerf.Analyzers" VersionOverride="'"$version"'" PrivateAssets="all" />'
cat > "$out/jsonperf-trial.targets" <<EOF
<Project>
  <!-- Written by JsonPerf.Analyzers' perf-validation/real-repos/trial.sh; not part of the repository. -->
  <PropertyGroup>
    <_JsonPerfTrial Condition="'\$(MSBuildProjectExtension)' == '.csproj' and '\$(UsingMicrosoftNETSdk)' == 'true'">true</_JsonPerfTrial>
  </PropertyGroup>
  <ItemGroup Condition="'\$(_JsonPerfTrial)' == 'true' and '\$(ManagePackageVersionsCentrally)' == 'true'">
    $cpm_items
  </ItemGroup>
  <!-- NuGet reads a NuGet.config per project folder: a project beside the target's folder (a source generator in a
       sibling folder) would not see the feed written beside the target, and would find the package only if the
       target's restore had already put it in the packages folder. Every project that gets the package gets the feed
       (where no config maps package sources: there the feed is mapped in the config beside the target). -->
  <PropertyGroup Condition="'\$(_JsonPerfTrial)' == 'true' and '$maps' == '0'">
    <RestoreAdditionalProjectSources>\$(RestoreAdditionalProjectSources);$out/feed</RestoreAdditionalProjectSources>
  </PropertyGroup>
  <ItemGroup Condition="'\$(_JsonPerfTrial)' == 'true' and '\$(ManagePackageVersionsCentrally)' != 'true'">
    <PackageReference Include="JsonPerf.Analyzers" Version="$version" PrivateAssets="all" />
  </ItemGroup>
  <!-- Builds and tests only: with it, dotnet format (SDK 10.0.401) fixes nothing in a TreatWarningsAsErrors project. -->
  <PropertyGroup Condition="'\$(_JsonPerfTrial)' == 'true' and '\$(JsonPerfTrialKeepWarnings)' == 'true'">
    <WarningsNotAsErrors>\$(WarningsNotAsErrors);$(echo $rules | tr ' ' ';');AD0001</WarningsNotAsErrors>
  </PropertyGroup>
  <PropertyGroup Condition="'\$(_JsonPerfTrial)' == 'true' and '\$(JsonPerfTrialSarif)' != ''">
    <_JsonPerfTrialLog>\$(JsonPerfTrialSarif)/\$(MSBuildProjectName).\$([MSBuild]::StableStringHash('\$(MSBuildProjectFullPath)')).\$(TargetFramework)</_JsonPerfTrialLog>
    <ErrorLog>\$(_JsonPerfTrialLog).sarif,version=2.1</ErrorLog>
  </PropertyGroup>
  <ItemGroup Condition="'\$(_JsonPerfTrial)' == 'true' and '\$(JsonPerfTrialFloor)' != ''">
    <Analyzer Include="\$(JsonPerfTrialFloor)" />
  </ItemGroup>
  <Target Name="_JsonPerfTrialMeta" BeforeTargets="CoreCompile" Condition="'\$(_JsonPerfTrialLog)' != ''">
    <WriteLinesToFile File="\$(_JsonPerfTrialLog).meta" Overwrite="true"
                      Lines="\$(MSBuildProjectFullPath)|\$(TargetFramework)|\$(IsTestProject)|\$(IsPackable)|\$(OutputType)" />
  </Target>
</Project>
EOF

added=()      # files the trial created in the checkout (removed at the end)
restored=()   # files of the checkout the trial changed (put back at the end)
cleanup() {
  for f in "${added[@]}"; do rm -f "$f"; done
  for f in "${restored[@]}"; do git -C "$checkout" checkout -q -- "$f" 2>/dev/null; done
  put_back_lock_files
}
put_back_lock_files() {  # lock files that restoring with the package rewrote
  git -C "$checkout" diff --name-only -- '**/packages.lock.json' 'packages.lock.json' | while read -r f; do
    git -C "$checkout" checkout -q -- "$f"; done
}
trap cleanup EXIT

has_dbt="$(cd "$checkout" && find . -name Directory.Build.targets -not -path '*/bin/*' -not -path '*/obj/*' | head -1)"
if [ "$inject" = auto ]; then inject=dbt; [ -n "$has_dbt" ] && inject=env; fi
case "$inject" in
  dbt)
    [ -z "$has_dbt" ] || die "--inject dbt: the checkout already has $has_dbt; use --inject env"
    # Written after the baseline build and the first tests; nothing imports a Directory.Build.targets above this
    # one (there is none in the checkout).
    add_pkg() {
      printf '<Project>\n  <Import Project="%s" />\n</Project>\n' "$out/jsonperf-trial.targets" > "$checkout/Directory.Build.targets"
      added+=("$checkout/Directory.Build.targets")
    }
    with_pkg() { JsonPerfTrialKeepWarnings=true "$@"; }
    with_pkg_format() { "$@"; }
    remove_pkg() { rm -f "$checkout/Directory.Build.targets"; put_back_lock_files; } ;;
  env)
    add_pkg() { :; }
    with_pkg() { JsonPerfTrialKeepWarnings=true CustomAfterDirectoryBuildTargets="$out/jsonperf-trial.targets" "$@"; }
    with_pkg_format() { CustomAfterDirectoryBuildTargets="$out/jsonperf-trial.targets" "$@"; }
    remove_pkg() { put_back_lock_files; } ;;
  *) die "--inject is auto, dbt or env" ;;
esac
echo "inject=$inject cpm-style=$cpm_style" >> "$out/run.txt"

# The local feed, in a NuGet.config beside the target: the repository's own file there is extended in place (its
# sources, <clear/> included, stay first; the feed is added after them, and mapped to the package if the repository
# maps package sources), else a new file adds the feed to whatever the configs above it give.
nuget_cfg="$(cd "$target_dir" && ls -1 nuget.config NuGet.config NuGet.Config 2>/dev/null | head -1)"
feed_add="<add key=\"jsonperf-trial\" value=\"$out/feed\" />"
feed_map="<packageSource key=\"jsonperf-trial\"><package pattern=\"JsonPerf.Analyzers\" /></packageSource>"
add_feed() {  # $1: config file
  if grep -q '</packageSources>' "$1"; then sed -i "s#</packageSources>#  $feed_add\n  </packageSources>#" "$1"
  else sed -i "s#</configuration>#  <packageSources>\n    $feed_add\n  </packageSources>\n</configuration>#" "$1"; fi
  if [ "$maps" = 1 ]; then
    if grep -q '</packageSourceMapping>' "$1"; then sed -i "s#</packageSourceMapping>#  $feed_map\n  </packageSourceMapping>#" "$1"
    else sed -i "s#</configuration>#  <packageSourceMapping>\n    $feed_map\n  </packageSourceMapping>\n</configuration>#" "$1"; fi
  fi
}
if [ -n "$nuget_cfg" ]; then
  nuget_cfg="$target_dir/$nuget_cfg"
  with_feed() { cp "$nuget_cfg" "$out/nuget.config.orig"; add_feed "$nuget_cfg"; restored+=("${nuget_cfg#$checkout/}"); }
else
  nuget_cfg="$target_dir/NuGet.config"
  with_feed() { printf '<?xml version="1.0" encoding="utf-8"?>\n<configuration>\n</configuration>\n' > "$nuget_cfg"; add_feed "$nuget_cfg"; added+=("$nuget_cfg"); }
fi

