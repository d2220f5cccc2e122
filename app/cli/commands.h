#pragma once
// The verbs of attnscope-cli. Each returns the process exit status and throws
// cli::UsageError (status 2) or attnscope::Error (status 1).
#include <string>
#include <vector>

namespace cli {

int dump(const std::vector<std::string>& argv);
int info(const std::vector<std::string>& argv);
int models(const std::vector<std::string>& argv);  // the local models
int tokenize(const std::vector<std::string>& argv);
int convert(const std::vector<std::string>& argv);
int bench(const std::vector<std::string>& argv);
int export_figures(const std::vector<std::string>& argv);  // `export`
int predict(const std::vector<std::string>& argv);
int heads(const std::vector<std::string>& argv);
int ablate_scan(const std::vector<std::string>& argv);  // `ablate-scan`
int attribute(const std::vector<std::string>& argv);
int generate(const std::vector<std::string>& argv);

}  // namespace cli
