#include "ir/handed_functions.h"

#include <vector>

#include "cardrt/cardrt.h"

namespace cardc::ir {

void mark_handed(const Node& body, std::vector<bool>& handed) {
  std::vector<const Node*> stack{&body};
  while (!stack.empty()) {
    const Node* n = stack.back();
    stack.pop_back();
    if (n->op == Op::FnRef && n->value >= 0) {
      const auto at = static_cast<uint64_t>(n->value);
      if (at < (uint64_t{1} << 31)) {  // an index no module reaches is verify's to report
        if (at >= handed.size()) handed.resize(static_cast<size_t>(at) + 1, false);
        handed[static_cast<size_t>(at)] = true;
      }
    }
    for (const Node& k : n->kids) stack.push_back(&k);
  }
}

Node handed_function_declarations(const Module& m) {
  std::vector<bool> handed(m.functions.size(), false);
  for (size_t i = 0; i < m.functions.size(); ++i)
    if (static_cast<int64_t>(i) != m.register_fn) mark_handed(m.functions[i].body, handed);
  return handed_function_declarations(m, handed);
}

Node handed_function_declarations(const Module& m, const std::vector<bool>& handed) {
  std::vector<Node> decls;
  for (size_t i = 0; i < handed.size() && i < m.functions.size(); ++i) {
    if (!handed[i] || static_cast<int64_t>(i) == m.register_fn) continue;
    int64_t kind = 0;
    switch (m.functions[i].kind) {
      case FnKind::Effect: kind = CARDRT_FNK_EFFECT; break;
      case FnKind::Filter: kind = CARDRT_FNK_FILTER; break;
      case FnKind::Amount: kind = CARDRT_FNK_AMOUNT; break;
      case FnKind::Base: kind = CARDRT_FNK_BASE; break;
      case FnKind::Register: continue;
    }
    decls.push_back(eval(call("cardrt_def_function", {param(0), konst(kind), fn_ref(static_cast<int>(i))})));
  }
  return block(std::move(decls));
}

}  // namespace cardc::ir
