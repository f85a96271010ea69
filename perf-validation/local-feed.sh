# Sourced by the perf-validation scripts: a NuGet.config that restores JsonPerf.Analyzers from the packages this
# repository packs (artifacts/packages) into a packages folder of the run's own.
#   local_feed_config PROJECT_DIR PACKAGES_DIR
local_feed_config() {
  cat > "$1/NuGet.config" <<XML
<?xml version="1.0" encoding="utf-8"?>
<configuration>
  <packageSources>
    <clear />
    <add key="local" value="$root/artifacts/packages" />
    <add key="nuget.org" value="https://api.nuget.org/v3/index.json" />
  </packageSources>
  <config><add key="globalPackagesFolder" value="$2" /></config>
</configuration>
XML
}
