#!/bin/sh
# The README's export figures, drawn from the bundled demo model by
# attnscope-cli. Each figure FILE is saved with FILE.recipe.json, so that
#     attnscope-cli export --recipe resources/figures/heads.png.recipe.json -o heads.png
# draws it again, byte for byte (recipes name the demo model, which is found
# again on any installation).
#
# Usage, from the repository root:  sh resources/figures/make_figures.sh [path/to/attnscope-cli]
set -eu
CLI=${1:-build/release/app/attnscope-cli}
OUT=$(dirname "$0")
TEXT='ROMEO:
What light is this'

fig() {  # NAME EXT OPTIONS...: one figure and its recipe
    name=$1; ext=$2; shift 2
    "$CLI" export --text "$TEXT" "$@" -o "$OUT/$name.$ext" --save-recipe "$OUT/$name.$ext.recipe.json"
}

# Every head of the demo model: layer 0 head 1 looks at the previous
# character, layer 2 head 3 at the newline.
fig heads png --view heads --dpi 110
fig head-newline png --view head --layer 2 --head 3 --dpi 110
fig head-newline svg --view head --layer 2 --head 3 --cells rects
fig lines-previous png --view lines --layer 0 --head 1 --dpi 110
fig heads-layer2 pdf --view heads --layers 2 --columns 2 --width 4
fig mask png --view mask --dpi 110 --width 3.5
fig flow png --view flow --layer 2 --head 3 --dpi 90
