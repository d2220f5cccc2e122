# `cmake --install`: the two programs, and under share/attnscope the files
# they find at run time relative to the executable (app/session/paths.h):
#   bin/attnscope, bin/attnscope-cli
#   share/attnscope/demo/shakespeare-char.safetensors    the demo model
#   share/attnscope/tokenizers/gpt2/                     the bundled GPT-2 BPE (when in the tree)
#   share/attnscope/translations/attnscope_<lang>.qm     also embedded in the programs
#   share/attnscope/scripts/bench_torch.py               for `attnscope-cli bench --torch`
#   share/attnscope/tools/capture_attention.py           writes trace files on the user's GPU
#   share/applications, share/icons, share/metainfo      desktop integration
# The build tree gets the same share/attnscope layout, as links into the
# source tree, so build and installed programs look things up the same way.

set(ATTNSCOPE_DATADIR "${CMAKE_INSTALL_DATADIR}/attnscope")
set(ATTNSCOPE_APP_ID "org.attnscope.AttnScope")

install(TARGETS attnscope attnscope-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES "${PROJECT_SOURCE_DIR}/resources/demo/shakespeare-char.safetensors"
        DESTINATION "${ATTNSCOPE_DATADIR}/demo")
# The GPT-2 BPE pair (encoder.json + vocab.bpe) is bundled once it is in the tree.
install(DIRECTORY "${PROJECT_SOURCE_DIR}/resources/tokenizers/" DESTINATION "${ATTNSCOPE_DATADIR}/tokenizers"
        OPTIONAL FILES_MATCHING PATTERN "*.json" PATTERN "*.bpe" PATTERN "*.txt" PATTERN "*.tiktoken" PATTERN "LICENSE*")
install(FILES "${PROJECT_SOURCE_DIR}/tests/scripts/bench_torch.py" DESTINATION "${ATTNSCOPE_DATADIR}/scripts")
install(PROGRAMS "${PROJECT_SOURCE_DIR}/resources/tools/capture_attention.py" DESTINATION "${ATTNSCOPE_DATADIR}/tools")
if(ATTNSCOPE_TRANSLATIONS)
  foreach(lang ${ATTNSCOPE_LANGUAGES})
    install(FILES "${ATTNSCOPE_QM_DIR}/attnscope_${lang}.qm" DESTINATION "${ATTNSCOPE_DATADIR}/translations")
  endforeach()
endif()
install(FILES "${PROJECT_SOURCE_DIR}/resources/packaging/${ATTNSCOPE_APP_ID}.desktop" DESTINATION "${CMAKE_INSTALL_DATADIR}/applications")
install(FILES "${PROJECT_SOURCE_DIR}/resources/packaging/${ATTNSCOPE_APP_ID}.svg"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps")
install(FILES "${PROJECT_SOURCE_DIR}/resources/packaging/${ATTNSCOPE_APP_ID}.metainfo.xml" DESTINATION "${CMAKE_INSTALL_DATADIR}/metainfo")

# The build tree's share/attnscope (see app/session/paths.h).
set(build_share "${PROJECT_BINARY_DIR}/share/attnscope")
file(MAKE_DIRECTORY "${build_share}/scripts" "${build_share}/translations")
file(CREATE_LINK "${PROJECT_SOURCE_DIR}/resources/demo" "${build_share}/demo" SYMBOLIC)
file(CREATE_LINK "${PROJECT_SOURCE_DIR}/resources/tokenizers" "${build_share}/tokenizers" SYMBOLIC)
file(CREATE_LINK "${PROJECT_SOURCE_DIR}/tests/scripts/bench_torch.py" "${build_share}/scripts/bench_torch.py" SYMBOLIC)
if(ATTNSCOPE_TRANSLATIONS)
  foreach(lang ${ATTNSCOPE_LANGUAGES})
    file(CREATE_LINK "${ATTNSCOPE_QM_DIR}/attnscope_${lang}.qm" "${build_share}/translations/attnscope_${lang}.qm" SYMBOLIC)
  endforeach()
endif()

# A .deb: `cpack -G DEB` in a build folder (README: Installing). Packages are
# meant to come from the `package` preset, which is portable (no -march=native);
# a package built from a native build says so in its file name.
set(CPACK_PACKAGE_NAME "attnscope")
set(CPACK_PACKAGE_VENDOR "AttnScope")
set(CPACK_PACKAGE_CONTACT "AttnScope maintainers <attnscope@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "See inside transformer attention, live as you type")
set(CPACK_PACKAGE_DESCRIPTION "AttnScope draws every attention head of every layer of a GPT-style transformer as you type, and exports figures and data.")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_GENERATOR "DEB")
set(CPACK_DEBIAN_PACKAGE_SECTION "science")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)  # Qt, libgomp, ... from the binaries
set(CPACK_DEBIAN_FILE_NAME "DEB-DEFAULT")
if(ATTNSCOPE_NATIVE)
  set(CPACK_DEBIAN_FILE_NAME "attnscope_${PROJECT_VERSION}_amd64-native-not-portable.deb")
endif()
set(CPACK_STRIP_FILES ON)
include(CPack)
