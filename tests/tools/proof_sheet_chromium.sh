#!/usr/bin/env bash
# The proof sheet in a real headless Chromium: render a set, load the page, check the card count and one card's
# text in the DOM, save a screenshot. Exits 77 (ctest SKIP_RETURN_CODE) when no Chromium is installed.
# usage: proof_sheet_chromium.sh CARDC SET.cards TITLE TEXT [SCREENSHOT.png]
set -euo pipefail
cardc=$1 set=$2 title=$3 text=$4 shot=${5:-}

browser=
for b in chromium chromium-browser google-chrome; do
  if command -v "$b" > /dev/null; then browser=$b; break; fi
done
if [[ -z $browser ]]; then
  echo "SKIP: chromium is not installed (Debian: apt-get install chromium); the proof-sheet browser test needs it"
  exit 77
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags=(--headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking
       --disable-component-update --disable-sync --disable-quic --hide-scrollbars)

"$cardc" render "$set" -o "$work/proofs.html"
expected=$(grep -c '^card\b' "$set")

# The DOM after the page has loaded.
timeout 120 "$browser" "${flags[@]}" --user-data-dir="$work/profile-dom" --dump-dom "file://$work/proofs.html" \
  > "$work/dom.html" 2> "$work/chromium-dom.log" || { cat "$work/chromium-dom.log"; exit 1; }
cards=$(grep -o '<article class="card ' "$work/dom.html" | wc -l)
if [[ $cards -ne $expected ]]; then
  echo "FAIL: $cards card faces in the DOM, the set has $expected cards"; exit 1
fi
if ! grep -q "data-card-count=\"$expected\"" "$work/dom.html"; then
  echo "FAIL: the sheet does not announce $expected cards"; exit 1
fi
# The card's face: its title, and the text on the same face.
face=$(awk -v t="data-title=\"$title\"" 'index($0, t) { on = 1 } on { print } on && /<\/article>/ { exit }' "$work/dom.html")
if [[ -z $face ]]; then echo "FAIL: no card titled '$title' in the DOM"; exit 1; fi
if ! grep -qF -- "$text" <<< "$(sed -e 's/<[^>]*>//g' <<< "$face")"; then
  echo "FAIL: card '$title' does not show '$text'"; echo "$face"; exit 1
fi
grep -q '<span class="badge ' <<< "$face" || { echo "FAIL: card '$title' has no status badge"; exit 1; }

# Printed: real-size cards (63 x 88 mm), nine to an A4 page, so ceil(cards / 9) pages of 595 x 842 points.
timeout 120 "$browser" "${flags[@]}" --user-data-dir="$work/profile-pdf" --no-pdf-header-footer \
  --print-to-pdf="$work/proofs.pdf" "file://$work/proofs.html" > "$work/chromium-pdf.log" 2>&1 ||
  { cat "$work/chromium-pdf.log"; exit 1; }
pages=$(grep -a -o '/Type /Page\b' "$work/proofs.pdf" | wc -l)
if [[ $pages -ne $(( (expected + 8) / 9 )) ]]; then
  echo "FAIL: $expected cards print on $pages pages, not $(( (expected + 8) / 9 )) (nine a page)"; exit 1
fi
if grep -a -o '/MediaBox \[[^]]*\]' "$work/proofs.pdf" | grep -qv '/MediaBox \[0 0 594\.9[0-9]* 841\.9[0-9]*\]'; then
  echo "FAIL: a printed page is not A4"; exit 1
fi

# A screenshot of the laid-out page.
png=${shot:-$work/proofs.png}
timeout 120 "$browser" "${flags[@]}" --user-data-dir="$work/profile-shot" --screenshot="$png" \
  --window-size=1320,1900 "file://$work/proofs.html" > "$work/chromium-shot.log" 2>&1 || { cat "$work/chromium-shot.log"; exit 1; }
if [[ ! -s $png ]] || [[ $(head -c 8 "$png" | od -An -tx1 | tr -d ' \n') != 89504e470d0a1a0a ]]; then
  echo "FAIL: no PNG screenshot at $png"; exit 1
fi
echo "ok: $cards card faces, $pages printed pages; '$title' shows '$text'; screenshot $(stat -c %s "$png") bytes${shot:+ at $shot}"
