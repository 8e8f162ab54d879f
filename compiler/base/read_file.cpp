#include "base/read_file.h"

#include <fstream>
#include <sstream>

namespace cardc {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace cardc
