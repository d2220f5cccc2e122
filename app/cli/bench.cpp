#include "commands.h"
namespace cli {
int bench(const std::vector<std::string>&) { return 0; }
}
