#include "ir/ir.h"

#include "ir/verify.h"

#include <sstream>

namespace cardc::ir {

const char* fn_kind_name(FnKind k) {
  switch (k) {
    case FnKind::Effect: return "effect";
    case FnKind::Filter: return "filter";
    case FnKind::Amount: return "amount";
    case FnKind::Base: return "base";
    case FnKind::Register: return "register";
  }
  return "?";
}

int fn_param_count(FnKind k) {
  switch (k) {
    case FnKind::Effect: return 2;
    case FnKind::Filter:
    case FnKind::Amount:
    case FnKind::Base: return 3;
    case FnKind::Register: return 1;
  }
  return 0;
}

std::vector<Node> nodes(std::initializer_list<ListedNode> list) {
  std::vector<Node> out;
  out.reserve(list.size());
  for (const ListedNode& n : list) out.push_back(std::move(n.node));
  return out;
}

Node konst(int64_t v) { return Node{Op::Const, v, {}, {}, {}}; }
Node str(std::string s) { return Node{Op::Str, 0, std::move(s), {}, {}}; }
Node param(int index) { return Node{Op::Param, index, {}, {}, {}}; }
Node local(uint32_t index) { return Node{Op::Local, index, {}, {}, {}}; }
Node fn_ref(int function) { return Node{Op::FnRef, function, {}, {}, {}}; }
Node call(std::string_view abi_name, std::vector<Node> args) {
  if (const AbiSignature* s = find_abi(abi_name))
    return Node{Op::Call, s - abi_signatures().data(), {}, std::move(args), {}};
  return Node{Op::Call, -1, std::string(abi_name), std::move(args), {}};
}
std::string_view abi_name(const Node& call) {
  if (!call.text.empty()) return call.text;
  const auto abi = abi_signatures();
  return call.value >= 0 && static_cast<size_t>(call.value) < abi.size() ? abi[static_cast<size_t>(call.value)].name : "";
}
Node binary(Op op, Node a, Node b) {
  Node n{op, 0, {}, {}, {}};
  n.kids.reserve(2);
  n.kids.push_back(std::move(a));
  n.kids.push_back(std::move(b));
  return n;
}
Node let(uint32_t index, Node v) {
  Node n{Op::Let, index, {}, {}, {}};
  n.kids.push_back(std::move(v));
  return n;
}
Node eval(Node v) {
  Node n{Op::Eval, 0, {}, {}, {}};
  n.kids.push_back(std::move(v));
  return n;
}
Node if_(Node cond, Node then_block, Node else_block) {
  Node n{Op::If, 0, {}, {}, {}};
  n.kids.reserve(3);
  n.kids.push_back(std::move(cond));
  n.kids.push_back(std::move(then_block));
  n.kids.push_back(std::move(else_block));
  return n;
}
Node block(std::vector<Node> kids) { return Node{Op::Block, 0, {}, std::move(kids), {}}; }
Node ret(Node v) {
  Node n{Op::Return, 0, {}, {}, {}};
  n.kids.push_back(std::move(v));
  return n;
}

const char* op_name(Op op) {
  switch (op) {
    case Op::Const: return "const";
    case Op::Str: return "str";
    case Op::Param: return "param";
    case Op::Local: return "local";
    case Op::FnRef: return "fn";
    case Op::Call: return "call";
    case Op::Add: return "add";
    case Op::Sub: return "sub";
    case Op::Mul: return "mul";
    case Op::Div: return "div";
    case Op::Min: return "min";
    case Op::Max: return "max";
    case Op::Eq: return "eq";
    case Op::Ne: return "ne";
    case Op::Lt: return "lt";
    case Op::Le: return "le";
    case Op::Gt: return "gt";
    case Op::Ge: return "ge";
    case Op::And: return "and";
    case Op::Or: return "or";
    case Op::Not: return "not";
    case Op::Let: return "let";
    case Op::Eval: return "eval";
    case Op::If: return "if";
    case Op::Block: return "block";
    case Op::Return: return "return";
  }
  return "?";
}

namespace {

void print_node(const Module& m, const Node& n, std::ostream& out, int depth) {
  std::string pad(depth * 2, ' ');
  switch (n.op) {
    case Op::Const: out << n.value; return;
    case Op::Str: out << '"' << n.text << '"'; return;
    case Op::Param: out << "%p" << n.value; return;
    case Op::Local: out << "%l" << n.value; return;
    case Op::FnRef:
      out << "@" << (n.value >= 0 && static_cast<size_t>(n.value) < m.functions.size() ? m.functions[n.value].name : "?");
      return;
    case Op::Call: {
      out << abi_name(n) << "(";
      for (size_t i = 0; i < n.kids.size(); ++i) {
        if (i) out << ", ";
        print_node(m, n.kids[i], out, depth);
      }
      out << ")";
      return;
    }
    case Op::Let:
      out << pad << "%l" << n.value << " = ";
      print_node(m, n.kids[0], out, depth);
      out << "\n";
      return;
    case Op::Eval:
      out << pad;
      print_node(m, n.kids[0], out, depth);
      out << "\n";
      return;
    case Op::Return:
      out << pad << "return ";
      print_node(m, n.kids[0], out, depth);
      out << "\n";
      return;
    case Op::Block:
      for (const Node& k : n.kids) print_node(m, k, out, depth);
      return;
    case Op::If:
      out << pad << "if ";
      print_node(m, n.kids[0], out, depth);
      out << " {\n";
      print_node(m, n.kids[1], out, depth + 1);
      if (n.kids.size() > 2 && !n.kids[2].kids.empty()) {
        out << pad << "} else {\n";
        print_node(m, n.kids[2], out, depth + 1);
      }
      out << pad << "}\n";
      return;
    default: {
      out << op_name(n.op) << "(";
      for (size_t i = 0; i < n.kids.size(); ++i) {
        if (i) out << ", ";
        print_node(m, n.kids[i], out, depth);
      }
      out << ")";
      return;
    }
  }
}

}  // namespace

std::string print(const Module& m) {
  std::ostringstream out;
  out << "module game=" << m.game << " profile=" << m.profile_hash << " source=" << m.source_hash << "\n";
  for (size_t i = 0; i < m.functions.size(); ++i) {
    const Function& f = m.functions[i];
    out << "\n" << fn_kind_name(f.kind) << " @" << f.name << " (locals " << f.locals << ")"
        << (static_cast<int>(i) == m.register_fn ? " entry" : "") << " {\n";
    print_node(m, f.body, out, 1);
    out << "}\n";
  }
  return out.str();
}

}  // namespace cardc::ir
