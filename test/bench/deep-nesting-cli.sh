#!/usr/bin/env bash
# Whole `asynclens check --enable all` processes on each deeply nested shape of issue 10 (one file each), as a user
# runs them: wall time, CPU time (user + system) and peak memory from /usr/bin/time, the median of RUNS.
# Not a test: nothing is asserted. Run after `npm run build`:
#   bash test/bench/deep-nesting-cli.sh [n=1000] [runs=5]
set -euo pipefail
cd "$(dirname "$0")/../.."
n="${1:-1000}"
runs="${2:-5}"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
npx esbuild test/bench/deep-nesting.ts --bundle --platform=node --outfile=out/bench/deep-nesting.js --log-level=warning
node out/bench/deep-nesting.js --write "$dir/shapes" "$n"
echo "| shape (one file) | wall, median of $runs | CPU, median | peak memory |"
echo "|---|---:|---:|---:|"
for file in "$dir"/shapes/*.cs; do
  for ((r = 0; r < runs; r++)); do
    start=$(date +%s%N)
    status=0
    /usr/bin/time -f '%U %S %M' -o "$dir/time" node dist/cli.js check --enable all --format json "$file" > "$dir/out.json" 2>/dev/null || status=$?
    end=$(date +%s%N)
    # Exit status 1 means error-severity findings, which these shapes have; anything else is a failure.
    if [ "$status" -gt 1 ]; then echo "check failed on $file with status $status" >&2; exit 1; fi
    if node -e 'process.exit(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).skippedFiles.length ? 0 : 1)' -- "$dir/out.json"; then
      echo "$(basename "$file"): the analysis stopped (a skipped file), so this time is not the analysis's" >&2
    fi
    read -r user sys kb < <(tail -1 "$dir/time")
    echo "$(( (end - start) / 1000000 )) $(awk "BEGIN { printf \"%d\", ($user + $sys) * 1000 }") $(( kb / 1024 ))"
  done | node -e '
    const rows = require("fs").readFileSync(0, "utf8").trim().split("\n").map((l) => l.split(" ").map(Number));
    const median = (i) => rows.map((r) => r[i]).sort((a, b) => a - b)[Math.floor(rows.length / 2)];
    console.log(`| ${process.argv[1]} | ${median(0)} ms | ${median(1)} ms | ${median(2)} MB |`);
  ' -- "$(basename "$file" .cs)"
done
