#include "codegen/register_pieces.h"

#include <algorithm>

namespace cardc::codegen {
namespace {

void locals_read(const ir::Node& n, std::vector<uint32_t>& out) {
  if (n.op == ir::Op::Local && n.value >= 0) out.push_back(static_cast<uint32_t>(n.value));
  for (const ir::Node& k : n.kids) locals_read(k, out);
}

// What statement `s` needs and gives: `exposed` gets the locals it may read before writing them, `defined` (the
// locals written so far on every path) gains those it writes on every path. A block runs its statements in order;
// a let under an if may not run, so only what is defined before the if counts after it.
void walk(const ir::Node& s, std::vector<bool>& defined, std::vector<uint32_t>& exposed, std::vector<uint32_t>& reads) {
  auto read = [&](const ir::Node& expression) {
    reads.clear();
    locals_read(expression, reads);
    for (uint32_t l : reads)
      if (l >= defined.size() || !defined[l]) exposed.push_back(l);
  };
  switch (s.op) {
    case ir::Op::Block:
      for (const ir::Node& k : s.kids) walk(k, defined, exposed, reads);
      return;
    case ir::Op::Let:
      if (!s.kids.empty()) read(s.kids[0]);
      if (s.value >= 0 && static_cast<uint64_t>(s.value) < defined.size()) defined[static_cast<size_t>(s.value)] = true;
      return;
    case ir::Op::If:
      if (!s.kids.empty()) read(s.kids[0]);
      for (size_t b = 1; b < s.kids.size(); ++b) {
        std::vector<bool> branch = defined;
        walk(s.kids[b], branch, exposed, reads);
      }
      return;
    default: read(s); return;
  }
}

// cut[i]: no local is live on entry to top-level statement i, so statements [i, n) do the same whatever the
// locals held before (a piece starts with every local at 0). Backward liveness over the top-level statements.
std::vector<bool> cuts(const ir::Function& f) {
  const std::vector<ir::Node>& body = f.body.kids;
  std::vector<bool> cut(body.size() + 1, false);
  std::vector<bool> live(f.locals, false);
  size_t live_count = 0;
  std::vector<bool> defined;
  std::vector<uint32_t> exposed, reads;
  cut[body.size()] = true;
  for (size_t i = body.size(); i-- > 0;) {
    defined.assign(f.locals, false);
    exposed.clear();
    walk(body[i], defined, exposed, reads);
    for (size_t l = 0; l < live.size(); ++l)
      if (defined[l] && live[l]) {
        live[l] = false;
        --live_count;
      }
    for (uint32_t l : exposed) {
      if (l >= live.size()) return std::vector<bool>(body.size() + 1, false);  // ir::verify refuses it anyway
      if (!live[l]) {
        live[l] = true;
        ++live_count;
      }
    }
    cut[i] = live_count == 0;
  }
  return cut;
}

}  // namespace

std::vector<RegisterPiece> cut_register_function(const ir::Function& f, size_t wanted) {
  if (f.body.op != ir::Op::Block) return {};
  const size_t n = f.body.kids.size();
  wanted = std::min(wanted, n / kRegisterPieceStatements);
  if (wanted < 2) return {};
  const std::vector<bool> cut = cuts(f);
  std::vector<RegisterPiece> pieces;
  size_t begin = 0;
  for (size_t k = 1; k <= wanted && begin < n; ++k) {
    // the first cut at or after the even share, never a piece shorter than the minimum
    size_t end = k == wanted ? n : std::max(n * k / wanted, begin + kRegisterPieceStatements);
    while (end < n && !cut[end]) ++end;
    if (n - end < kRegisterPieceStatements) end = n;  // a short tail joins the last piece
    pieces.push_back(RegisterPiece{begin, end, 0});
    begin = end;
  }
  if (pieces.size() < 2) return {};
  return pieces;
}

std::vector<RegisterPiece> plan_register_pieces(const ir::Module& m, const PartitionPlan& plan) {
  if (m.register_fn < 0 || static_cast<size_t>(m.register_fn) >= m.functions.size() || plan.count < 2) return {};
  std::vector<RegisterPiece> pieces =
      cut_register_function(m.functions[static_cast<size_t>(m.register_fn)], plan.count - 1);
  for (size_t k = 0; k < pieces.size(); ++k) pieces[k].partition = static_cast<uint32_t>(1 + k % (plan.count - 1));
  return pieces;
}

}  // namespace cardc::codegen
