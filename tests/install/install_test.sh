#!/usr/bin/env bash
# tst_install: `cmake --install` into a temporary prefix, moved elsewhere
# afterwards (nothing may depend on the prefix it was installed to); the
# installed attnscope-cli reads the installed demo model, the installed app
# runs offscreen, the desktop file and AppStream metainfo validate, and CPack
# builds a .deb holding the same files.
#   install_test.sh BUILD_DIR SOURCE_DIR CMAKE CPACK
set -euo pipefail
build=$1 src=$2 cmake=$3 cpack=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "tst_install: FAIL: $*" >&2; exit 1; }

"$cmake" --install "$build" --prefix "$work/prefix" >"$work/install.log" || { cat "$work/install.log"; fail "cmake --install"; }
mv "$work/prefix" "$work/moved"
p=$work/moved
app_id=org.attnscope.AttnScope
files=(bin/attnscope bin/attnscope-cli
       share/attnscope/demo/shakespeare-char.safetensors
       share/attnscope/translations/attnscope_de.qm
       share/attnscope/scripts/bench_torch.py
       share/applications/$app_id.desktop
       share/icons/hicolor/scalable/apps/$app_id.svg
       share/metainfo/$app_id.metainfo.xml)
if [[ -f $src/resources/tokenizers/gpt2/encoder.json ]]; then
  files+=(share/attnscope/tokenizers/gpt2/encoder.json share/attnscope/tokenizers/gpt2/vocab.bpe)
fi
for f in "${files[@]}"; do [[ -f $p/$f ]] || fail "not installed: $f"; done
[[ -x $p/bin/attnscope && -x $p/bin/attnscope-cli ]] || fail "programs are not executable"
if find "$p" -name '*.a' -o -name 'tst_*' | grep -q .; then fail "libraries or tests were installed"; fi

appstreamcli validate --no-net "$p/share/metainfo/$app_id.metainfo.xml" >"$work/as.log" 2>&1 || { cat "$work/as.log"; fail "appstreamcli validate"; }
desktop-file-validate "$p/share/applications/$app_id.desktop" || fail "desktop-file-validate"

info=$("$p/bin/attnscope-cli" info "$p/share/attnscope/demo/shakespeare-char.safetensors") || fail "attnscope-cli info"
grep -q '^parameters:  841281$' <<<"$info" || { echo "$info"; fail "info does not report the demo model's 841281 parameters"; }

mkdir -p "$work/home"
HOME=$work/home XDG_CONFIG_HOME=$work/home/.config XDG_DATA_HOME=$work/home/.local/share QT_QPA_PLATFORM=offscreen \
  timeout 300 "$p/bin/attnscope" "$p/share/attnscope/demo/shakespeare-char.safetensors" \
    --text "ROMEO:" --screenshots "$work/shots" >"$work/app.log" 2>&1 || { cat "$work/app.log"; fail "the installed app did not run"; }
for v in heads head mask flow lines; do [[ -s $work/shots/$v.png ]] || fail "the installed app drew no $v view"; done

"$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$work/deb" >"$work/cpack.log" 2>&1 || { cat "$work/cpack.log"; fail "cpack -G DEB"; }
debs=("$work"/deb/*.deb)
[[ -f ${debs[0]} ]] || fail "cpack made no .deb"
contents=$(dpkg-deb -c "${debs[0]}")
for f in "${files[@]}"; do grep -q "\./usr/$f\$" <<<"$contents" || fail ".deb lacks /usr/$f"; done
dpkg-deb -f "${debs[0]}" Depends | grep -q libqt6 || fail ".deb does not depend on Qt"
echo "tst_install: ok (${#files[@]} files, $(basename "${debs[0]}"))"
