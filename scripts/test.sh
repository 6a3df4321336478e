#!/usr/bin/env bash
# `npm test`: the system packages the tests need, then the type check beside the whole vitest run. The
# type check runs on what CPU the tests leave (nice 19): on two cores, before the tests, it was a minute
# of CI's thirty. Either failing fails the command; the type check's output is shown when it failed.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-system-packages.sh || exit 1
mkdir -p test-output
nice -n 19 npm run typecheck >test-output/typecheck.log 2>&1 &
typecheck=$!
tests=0
npx vitest run || tests=$?
typecheck_status=0
wait "$typecheck" || typecheck_status=$?
if [ "$typecheck_status" -ne 0 ]; then
  cat test-output/typecheck.log
  echo "The type check failed."
fi
exit $((tests || typecheck_status))
