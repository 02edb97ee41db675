#!/usr/bin/env bash
# Makes the two UI fonts the game embeds, as subsets of egui's default fonts (epaint_default_fonts
# 0.36.2), so the web build carries 2 small fonts instead of 4 large ones (about 0.7 MB less,
# gzip). Needs fonttools (`pip install fonttools`, 4.x). Run from this folder:
#   bash subset.sh ~/.cargo/registry/src/*/epaint_default_fonts-0.36.2/fonts
set -euo pipefail
src="${1:?usage: subset.sh EPAINT_DEFAULT_FONTS_DIR}"
# Text: Latin (with Latin-1 and Extended-A), general punctuation, currency, letter-like symbols,
# the math operators Ubuntu has (− × ÷ ± ≤ ≥ ≠ …).
latin="U+0020-007E,U+00A0-017F,U+2000-206F,U+20A0-20BF,U+2100-214F,U+2200-22FF"
# Symbols from Hack (also the monospace face): the same Latin plus arrows, box drawing,
# blocks and geometric shapes (→ ↔ ▶ ● ■ …).
symbols="$latin,U+2190-21FF,U+2500-25FF"
common=(--layout-features='*' --no-hinting --desubroutinize --name-IDs='*' --notdef-outline)
pyftsubset "$src/Ubuntu-Light.ttf" --unicodes="$latin" "${common[@]}" --output-file=ui-text.ttf
pyftsubset "$src/Hack-Regular.ttf" --unicodes="$symbols" "${common[@]}" --output-file=ui-mono.ttf
cp "$src/UFL.txt" "$src/Hack-Regular.txt" .
ls -l ui-text.ttf ui-mono.ttf
