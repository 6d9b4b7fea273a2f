#!/usr/bin/env bash
# Every bench/*.py in its --smoke mode, from the repository root: one ok/FAIL line per script with its seconds
# (a failing script's last output lines follow its line); exits 1 if any failed.
# Run: `bash bench/smoke.sh` (activates .venv when no virtualenv is active; PYTHON=... to choose another interpreter).
cd "$(dirname "$0")/.." || exit 2
[ -z "$VIRTUAL_ENV" ] && [ -f .venv/bin/activate ] && . .venv/bin/activate
PY=${PYTHON:-python}
now() { date +%s%N; }
secs() { local ms=$(( ($(now) - $1) / 1000000 )); printf '%d.%d' $((ms / 1000)) $((ms % 1000 / 100)); }
out=$(mktemp); trap 'rm -f "$out"' EXIT
fails=0; t0=$(now)
for f in bench/*.py; do
  name=$(basename "$f" .py); s=$(now)
  if "$PY" "$f" --smoke >"$out" 2>&1; then st=ok; else st=FAIL; fails=$((fails + 1)); fi
  printf '%-4s %-16s %5s s\n' "$st" "$name" "$(secs "$s")"
  if [ "$st" = FAIL ]; then tail -20 "$out" | sed 's/^/     | /'; fi
done
printf 'total %s s, %d failed\n' "$(secs "$t0")" "$fails"
[ "$fails" -eq 0 ]
