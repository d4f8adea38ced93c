#!/bin/sh
# A ptxas that dies by SIGSEGV when asked for device debug information (-g),
# as CUDA 13.0's ptxas does for f16 atomics on sm_120, and otherwise runs
# the real one ($REAL_PTXAS).
for arg in "$@"; do
  if [ "$arg" = "-g" ]; then
    kill -SEGV $$
  fi
done
exec "$REAL_PTXAS" "$@"
