// attnscope-cli: AttnScope without a window. Exit status 0 on success, 2 on bad
// arguments, 1 on any other error, with one line on stderr naming the problem.
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "args.h"
#include "attnscope/error.h"
#include "commands.h"

namespace {

const char* kUsage =
    "usage: attnscope-cli VERB [options]\n"
    "verbs:\n"
    "  dump   (--model FILE | --random SPEC) --tokens 1,2,3 -o OUT.json\n"
    "         [--bidirectional] [--ablate L.H,...] [--threads N]\n"
    "  bench  [--quick]   time attention and a GPT-2-small-shaped forward\n";

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h") {
        std::fputs(kUsage, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    const std::string verb = argv[1];
    const std::vector<std::string> rest(argv + 2, argv + argc);
    try {
        if (verb == "dump") return cli::dump(rest);
        if (verb == "bench") return cli::bench(rest);
        throw cli::UsageError("unknown verb '" + verb + "' (try --help)");
    } catch (const cli::UsageError& e) {
        std::fprintf(stderr, "attnscope-cli: %s\n", e.what());
        return 2;
    } catch (const attnscope::Error& e) {
        std::fprintf(stderr, "attnscope-cli: %s\n", e.what());
        return 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "attnscope-cli: %s\n", e.what());
        return 1;
    }
}
