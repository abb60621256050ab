#!/usr/bin/env bash
# Lists served operations whose literal path is not found by grep in
# internal/ (every registration spells its full path; see docs/).
# Usage: scripts/grep-paths.sh [served-paths-file]; default: the served
# paths of the OpenAPI document api/openapi.json.
set -euo pipefail
cd "$(dirname "$0")/.."
missing=0
while read -r p; do
  if ! grep -rqF --include='*.go' "\"$p\"" internal/; then
    echo "not found: $p"; missing=$((missing+1))
  fi
done < <(python3 -c 'import json;[print(p) for p in json.load(open("api/openapi.json"))["paths"]]')
echo "$missing paths not found"
[ "$missing" -eq 0 ]
