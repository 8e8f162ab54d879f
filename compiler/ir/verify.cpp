#include "ir/verify.h"

#include <algorithm>
#include <initializer_list>
#include <limits>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace cardc::ir {
namespace {

constexpr AbiSignature sig(const char* name, AbiType ret, std::initializer_list<AbiType> params) {
  AbiSignature s{name, ret, {}, 0};
  for (AbiType p : params) s.params[s.param_count++] = p;
  return s;
}

// abi.def's type codes, as names the X-macro can use directly.
namespace codes {
constexpr AbiType I32 = AbiType::I32, I64 = AbiType::I64, U32 = AbiType::U32, GAME = AbiType::Game,
                  CTX = AbiType::Ctx, POOL = AbiType::Pool, STR = AbiType::Str, FN = AbiType::Fn;
}  // namespace codes

using namespace codes;
constexpr AbiSignature kAbi[] = {
#define CARDRT_ABI_FN(name, ret, ...) sig(#name, ret, {__VA_ARGS__}),
#include "cardrt/abi.def"
#undef CARDRT_ABI_FN
};

bool is_statement(Op op) {
  return op == Op::Let || op == Op::Eval || op == Op::If || op == Op::Block || op == Op::Return;
}

bool is_c_identifier(std::string_view s) {
  if (s.empty() || s.size() > 255) return false;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    const bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    if (!alpha && !(i > 0 && c >= '0' && c <= '9')) return false;
  }
  return true;
}

bool fits_i32(int64_t v) {
  return v >= std::numeric_limits<int32_t>::min() && v <= std::numeric_limits<int32_t>::max();
}

class Verifier {
 public:
  Verifier(const Module& m, std::vector<VerifyError>& errors) : m_(m), errors_(errors) {}

  void function(const Function& f) {
    f_ = &f;
    if (f.locals > kMaxLocals)
      fail(f.body, "has " + std::to_string(f.locals) + " locals; at most " + std::to_string(kMaxLocals));
    if (f.body.op != Op::Block) {
      fail(f.body, std::string("body must be a block, not ") + op_name(f.body.op));
      return;
    }
    statement(f.body, 0);
  }

 private:
  void fail(const Node& n, std::string message) {
    errors_.push_back({f_ ? f_->name : std::string(), std::move(message),
                       n.origin.valid() ? n.origin : (f_ ? f_->origin : SourceRange{})});
  }

  bool kids(const Node& n, size_t count) {
    if (n.kids.size() == count) return true;
    fail(n, std::string(op_name(n.op)) + " needs " + std::to_string(count) + " operand" + (count == 1 ? "" : "s") +
                ", has " + std::to_string(n.kids.size()));
    return false;
  }

  bool too_deep(const Node& n, int depth) {
    if (depth <= kMaxDepth) return false;
    fail(n, "nested more than " + std::to_string(kMaxDepth) + " levels deep");
    return true;
  }

  void statement(const Node& n, int depth) {
    if (too_deep(n, depth)) return;
    switch (n.op) {
      case Op::Block:
        for (const Node& k : n.kids) statement(k, depth + 1);
        return;
      case Op::Let:
        if (n.value < 0 || static_cast<uint64_t>(n.value) >= f_->locals)
          fail(n, "let of local " + std::to_string(n.value) + ", but the function has " +
                      std::to_string(f_->locals) + " locals");
        if (kids(n, 1)) i32_operand(n.kids[0], depth + 1, "the value of let");
        return;
      case Op::Eval:
        if (kids(n, 1)) value(n.kids[0], depth + 1);
        return;
      case Op::Return:
        if (kids(n, 1)) i32_operand(n.kids[0], depth + 1, "the returned value");
        return;
      case Op::If:
        if (n.kids.size() != 2 && n.kids.size() != 3) {
          fail(n, "if needs a condition, a then block and an optional else block; has " +
                      std::to_string(n.kids.size()) + " operands");
          return;
        }
        i32_operand(n.kids[0], depth + 1, "the condition of if");
        for (size_t i = 1; i < n.kids.size(); ++i) {
          if (n.kids[i].op != Op::Block)
            fail(n.kids[i], std::string("the branches of if must be blocks, not ") + op_name(n.kids[i].op));
          else
            statement(n.kids[i], depth + 1);
        }
        return;
      default:
        fail(n, std::string("a value (") + op_name(n.op) + ") where a statement is expected; wrap it in eval");
        return;
    }
  }

  // The type of a value node, or nullopt after reporting why it has none.
  std::optional<AbiType> value(const Node& n, int depth) {
    if (too_deep(n, depth)) return std::nullopt;
    if (is_statement(n.op)) {
      fail(n, std::string("a statement (") + op_name(n.op) + ") where a value is expected");
      return std::nullopt;
    }
    switch (n.op) {
      case Op::Const:
        if (!kids(n, 0)) return std::nullopt;
        return AbiType::I32;  // the range is checked where the constant is used
      case Op::Str:
        if (!kids(n, 0)) return std::nullopt;
        if (n.text.find('\0') != std::string::npos) {
          fail(n, "a string constant may not contain a NUL byte");
          return std::nullopt;
        }
        return AbiType::Str;
      case Op::Param: {
        if (!kids(n, 0)) return std::nullopt;
        const int count = fn_param_count(f_->kind);
        if (n.value < 0 || n.value >= count) {
          fail(n, "parameter " + std::to_string(n.value) + " of a " + fn_kind_name(f_->kind) + " function, which has " +
                      std::to_string(count));
          return std::nullopt;
        }
        return fn_param_type(f_->kind, static_cast<int>(n.value));
      }
      case Op::Local:
        if (!kids(n, 0)) return std::nullopt;
        if (n.value < 0 || static_cast<uint64_t>(n.value) >= f_->locals) {
          fail(n, "local " + std::to_string(n.value) + ", but the function has " + std::to_string(f_->locals) +
                      " locals");
          return std::nullopt;
        }
        return AbiType::I32;
      case Op::FnRef:
        if (!kids(n, 0)) return std::nullopt;
        if (n.value < 0 || static_cast<uint64_t>(n.value) >= m_.functions.size()) {
          fail(n, "reference to function " + std::to_string(n.value) + ", but the module has " +
                      std::to_string(m_.functions.size()));
          return std::nullopt;
        }
        return AbiType::Fn;
      case Op::Call:
        return call(n, depth);
      case Op::Not:
        if (kids(n, 1)) i32_operand(n.kids[0], depth + 1, "the operand of not");
        return AbiType::I32;
      default:  // the binary operators
        if (kids(n, 2)) {
          i32_operand(n.kids[0], depth + 1, "an operand of ", op_name(n.op));
          i32_operand(n.kids[1], depth + 1, "an operand of ", op_name(n.op));
        }
        return AbiType::I32;
    }
  }

  // `what` + `of` names the operand in a message (built only when there is one to give).
  void i32_operand(const Node& n, int depth, const char* what, const char* of = "") {
    if (n.op == Op::Const && !fits_i32(n.value)) {
      fail(n, std::string(what) + of + " is the constant " + std::to_string(n.value) + ", outside the 32-bit range");
      return;
    }
    const std::optional<AbiType> t = value(n, depth);
    if (t && *t != AbiType::I32)
      fail(n, std::string(what) + of + " must be a 32-bit integer, not " + abi_type_name(*t));
  }

  std::optional<AbiType> call(const Node& n, int depth) {
    const AbiSignature* s = abi_of(n);
    if (!s) {
      fail(n, "call of '" + std::string(abi_name(n)) + "', which is not a function of the runtime ABI (abi.def)");
      for (const Node& k : n.kids) value(k, depth + 1);
      return std::nullopt;
    }
    if (n.kids.size() != s->param_count) {
      fail(n, "call of " + std::string(abi_name(n)) + " with " + std::to_string(n.kids.size()) + " argument" +
                  (n.kids.size() == 1 ? "" : "s") + "; abi.def declares " + std::to_string(s->param_count));
      return std::nullopt;
    }
    for (size_t i = 0; i < n.kids.size(); ++i) argument(*s, i, n.kids[i], depth + 1);
    switch (s->ret) {
      case AbiType::I32:
      case AbiType::U32:
      case AbiType::I64: return AbiType::I32;  // an I64 result is saturated to 32 bits
      default: return s->ret;
    }
  }

  void argument(const AbiSignature& s, size_t i, const Node& n, int depth) {
    const AbiType want = s.params[i];
    auto where = [&] { return "argument " + std::to_string(i + 1) + " of " + s.name; };  // for a message only
    if (n.op == Op::Const && n.kids.empty()) {
      bool in_range = fits_i32(n.value);
      if (want == AbiType::U32) in_range = n.value >= std::numeric_limits<int32_t>::min() &&
                                           n.value <= std::numeric_limits<uint32_t>::max();
      if (want == AbiType::I64) in_range = true;
      if (abi_type_is_pointer(want)) {
        if (n.value != 0)
          fail(n, where() + " must be a " + abi_type_name(want) + " (or the constant 0 for NULL), not the constant " +
                      std::to_string(n.value));
        return;
      }
      if (!in_range)
        fail(n, where() + " is the constant " + std::to_string(n.value) + ", outside the range of " +
                    abi_type_name(want));
      return;
    }
    const std::optional<AbiType> got = value(n, depth);
    if (!got) return;
    const bool integer_ok =
        *got == AbiType::I32 && (want == AbiType::I32 || want == AbiType::U32 || want == AbiType::I64);
    if (!integer_ok && *got != want)
      fail(n, where() + " must be " + abi_type_name(want) + ", not " + abi_type_name(*got));
  }

  const Module& m_;
  std::vector<VerifyError>& errors_;
  const Function* f_ = nullptr;
};

}  // namespace

const char* abi_type_name(AbiType t) {
  switch (t) {
    case AbiType::I32: return "I32";
    case AbiType::I64: return "I64";
    case AbiType::U32: return "U32";
    case AbiType::Game: return "GAME";
    case AbiType::Ctx: return "CTX";
    case AbiType::Pool: return "POOL";
    case AbiType::Str: return "STR";
    case AbiType::Fn: return "FN";
  }
  return "?";
}

bool abi_type_is_pointer(AbiType t) {
  return t == AbiType::Game || t == AbiType::Ctx || t == AbiType::Pool || t == AbiType::Str || t == AbiType::Fn;
}

std::span<const AbiSignature> abi_signatures() { return kAbi; }

const AbiSignature* find_abi(std::string_view name) {
  // Asked for every call the binder writes (60,000 in a 10,000-card set's register function alone): an index built
  // once, not a walk of abi.def's few hundred names comparing each.
  static const std::unordered_map<std::string_view, const AbiSignature*> index = [] {
    std::unordered_map<std::string_view, const AbiSignature*> out;
    for (const AbiSignature& s : kAbi) out.emplace(s.name, &s);  // a name twice: the first, as the walk found
    return out;
  }();
  const auto it = index.find(name);
  return it == index.end() ? nullptr : it->second;
}

const AbiSignature* abi_of(const Node& call) {
  if (!call.text.empty()) return find_abi(call.text);
  return call.value >= 0 && static_cast<size_t>(call.value) < std::size(kAbi) ? &kAbi[call.value] : nullptr;
}

AbiType fn_param_type(FnKind k, int index) {
  switch (k) {
    case FnKind::Effect:
    case FnKind::Filter:
    case FnKind::Amount: return index == 0 ? AbiType::Game : index == 1 ? AbiType::Ctx : AbiType::I32;
    case FnKind::Base: return index == 0 ? AbiType::Game : AbiType::I32;
    case FnKind::Register: return AbiType::Pool;
  }
  return AbiType::I32;
}

std::vector<VerifyError> verify(const Module& m) { return verify_functions(m, 0, m.functions.size()); }

std::vector<VerifyError> verify_functions(const Module& m, size_t first, size_t end) {
  std::vector<VerifyError> errors;
  auto module_error = [&](std::string message) { errors.push_back({{}, std::move(message), {}}); };

  if (m.game.empty()) module_error("the module names no game");
  for (const auto* s : {&m.game, &m.profile_hash, &m.source_hash})
    if (s->find('\0') != std::string::npos) module_error("the module's game and hashes may not contain a NUL byte");
  if (m.register_fn < -1 || m.register_fn >= static_cast<int64_t>(m.functions.size()))
    module_error("the register function is number " + std::to_string(m.register_fn) + ", but the module has " +
                 std::to_string(m.functions.size()) + " functions");
  else if (m.register_fn >= 0 && m.functions[static_cast<size_t>(m.register_fn)].kind != FnKind::Register)
    module_error("the register function '" + m.functions[static_cast<size_t>(m.register_fn)].name + "' is a " +
                 fn_kind_name(m.functions[static_cast<size_t>(m.register_fn)].kind) + " function");

  end = std::min(end, m.functions.size());
  first = std::min(first, end);
  std::unordered_set<std::string_view> names;
  names.reserve(end - first);
  for (size_t i = first; i < end; ++i) {
    const Function& f = m.functions[i];
    auto name_error = [&](std::string message) { errors.push_back({f.name, std::move(message), f.origin}); };
    if (!is_c_identifier(f.name))
      name_error("'" + f.name + "' is not a C identifier");
    else if (!names.insert(f.name).second)
      name_error("two functions are named '" + f.name + "'");
    else if (find_abi(f.name))
      name_error("'" + f.name + "' is the name of a runtime ABI function");
    for (const char* reserved : kLibrarySymbols)
      if (f.name == reserved && !(static_cast<int64_t>(i) == m.register_fn && f.name == kLibrarySymbols[0]))
        name_error("'" + f.name + "' is reserved for the card library's identity");
  }
  Verifier v(m, errors);
  for (size_t i = first; i < end; ++i) v.function(m.functions[i]);
  return errors;
}

std::string format(const std::vector<VerifyError>& errors) {
  std::string out;
  for (const VerifyError& e : errors) {
    if (!e.function.empty()) out += "function '" + e.function + "': ";
    out += e.message;
    out += "\n";
  }
  return out;
}

}  // namespace cardc::ir
