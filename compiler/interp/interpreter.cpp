#include "interp/interpreter.h"

#include <array>
#include <limits>
#include <mutex>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ir/handed_functions.h"
#include "ir/verify.h"

namespace cardc {

namespace {

union Value {
  int64_t i;
  void* p;
};

// ---------------------------------------------------------------- calling the ABI by name (abi.def)

template <typename T>
T arg(const Value& v) {
  if constexpr (std::is_pointer_v<T>) return reinterpret_cast<T>(v.p);
  else return static_cast<T>(v.i);
}

template <typename R, typename... A, size_t... I>
int64_t invoke(R (*f)(A...), const Value* v, std::index_sequence<I...>) {
  return static_cast<int64_t>(f(arg<A>(v[I])...));
}

template <typename R, typename... A>
constexpr int arity(R (*)(A...)) {
  return sizeof...(A);
}

template <typename R, typename... A>
int64_t call_abi(R (*f)(A...), const Value* v) {
  return invoke(f, v, std::index_sequence_for<A...>{});
}

template <typename R, typename... A>
constexpr bool returns_pointer(R (*)(A...)) {
  return std::is_pointer_v<R>;
}

struct AbiEntry {
  const char* name;
  int arity;
  int64_t (*call)(const Value*);
};

const AbiEntry kAbi[] = {
#define CARDRT_ABI_FN(name, ...) {#name, arity(&name), [](const Value* v) { return call_abi(&name, v); }},
#include "cardrt/abi.def"
#undef CARDRT_ABI_FN
};

// A call's entry of kAbi: the ABI function's number (kAbi and ir::abi_signatures() are both abi.def in its order);
// -1 when abi.def has no function of its name.
int abi_number(const ir::Node& n) {
  const ir::AbiSignature* s = ir::abi_of(n);
  return s ? static_cast<int>(s - ir::abi_signatures().data()) : -1;
}

int32_t saturate(int64_t v) {
  if (v > std::numeric_limits<int32_t>::max()) return std::numeric_limits<int32_t>::max();
  if (v < std::numeric_limits<int32_t>::min()) return std::numeric_limits<int32_t>::min();
  return static_cast<int32_t>(v);
}

}  // namespace

// A module function resolved for running: calls point at ABI entries, strings at the module's text.
struct RNode {
  ir::Op op;
  int64_t value;
  int callee = -1;
  const char* text = nullptr;
  std::vector<RNode> kids;
};

struct Interpreter::Impl {
  const ir::Module& module;
  std::vector<RNode> bodies;
  std::vector<void*> natives;  // the trampoline of each function (null for the register function)
  std::vector<int> slots;      // trampoline slot per function, -1 if none
  std::string error;

  explicit Impl(const ir::Module& m) : module(m) {}

  RNode resolve(const ir::Node& n) {
    RNode r{n.op, n.value, -1, nullptr, {}};
    if (n.op == ir::Op::Call) {
      const int c = abi_number(n);
      if (c < 0) {
        if (error.empty()) error = "unknown runtime function '" + std::string(ir::abi_name(n)) + "'";
      } else {
        r.callee = c;
        if (kAbi[c].arity != static_cast<int>(n.kids.size()) && error.empty())
          error = "'" + std::string(kAbi[c].name) + "' takes " + std::to_string(kAbi[c].arity) + " arguments, not " +
                  std::to_string(n.kids.size());
      }
    }
    if (n.op == ir::Op::Str) r.text = n.text.c_str();
    if (n.op == ir::Op::FnRef && (n.value < 0 || static_cast<size_t>(n.value) >= module.functions.size()) && error.empty())
      error = "a function reference points nowhere";
    for (const auto& k : n.kids) r.kids.push_back(resolve(k));
    return r;
  }

  struct Frame {
    Value params[3];
    std::vector<int64_t> locals;
    bool returned = false;
    int64_t result = 0;
  };

  // Resolved nodes (RNode) for the functions the runtime calls again and again; the IR itself for a register
  // function run once (run_register_function), where resolving would cost more than running.
  static int callee(const RNode& n) { return n.callee; }
  static const char* text(const RNode& n) { return n.text; }
  static int callee(const ir::Node& n) { return abi_number(n); }
  static const char* text(const ir::Node& n) { return n.text.c_str(); }

  template <class N>
  int64_t eval(const N& n, Frame& f) {
    using ir::Op;
    switch (n.op) {
      case Op::Const: return n.value;
      case Op::Str: return reinterpret_cast<int64_t>(text(n));
      case Op::Param: return f.params[n.value].i;
      case Op::Local: return f.locals[static_cast<size_t>(n.value)];
      case Op::FnRef: return reinterpret_cast<int64_t>(natives[static_cast<size_t>(n.value)]);
      case Op::Call: {
        const int c = callee(n);
        if (c < 0 || n.kids.size() > 8) return CARDRT_E_INTERNAL;  // (never: the module was checked)
        std::array<Value, 8> args{};
        for (size_t i = 0; i < n.kids.size(); ++i) args[i].i = eval(n.kids[i], f);
        return static_cast<int64_t>(static_cast<int32_t>(kAbi[c].call(args.data())));
      }
      case Op::Add: return saturate(eval(n.kids[0], f) + eval(n.kids[1], f));
      case Op::Sub: return saturate(eval(n.kids[0], f) - eval(n.kids[1], f));
      case Op::Mul: return saturate(eval(n.kids[0], f) * eval(n.kids[1], f));
      case Op::Div: {
        int64_t a = eval(n.kids[0], f), b = eval(n.kids[1], f);
        return b == 0 ? 0 : saturate(a / b);  // 000 7.3: an undeterminable number is 0
      }
      case Op::Min: return std::min(eval(n.kids[0], f), eval(n.kids[1], f));
      case Op::Max: return std::max(eval(n.kids[0], f), eval(n.kids[1], f));
      case Op::Eq: return eval(n.kids[0], f) == eval(n.kids[1], f);
      case Op::Ne: return eval(n.kids[0], f) != eval(n.kids[1], f);
      case Op::Lt: return eval(n.kids[0], f) < eval(n.kids[1], f);
      case Op::Le: return eval(n.kids[0], f) <= eval(n.kids[1], f);
      case Op::Gt: return eval(n.kids[0], f) > eval(n.kids[1], f);
      case Op::Ge: return eval(n.kids[0], f) >= eval(n.kids[1], f);
      case Op::And: return eval(n.kids[0], f) != 0 && eval(n.kids[1], f) != 0;
      case Op::Or: return eval(n.kids[0], f) != 0 || eval(n.kids[1], f) != 0;
      case Op::Not: return eval(n.kids[0], f) == 0;
      case Op::Let: f.locals[static_cast<size_t>(n.value)] = eval(n.kids[0], f); return 0;
      case Op::Eval: eval(n.kids[0], f); return 0;
      case Op::If:
        if (eval(n.kids[0], f)) exec(n.kids[1], f);
        else if (n.kids.size() > 2) exec(n.kids[2], f);
        return 0;
      case Op::Block: exec(n, f); return 0;
      case Op::Return:
        f.result = eval(n.kids[0], f);
        f.returned = true;
        return 0;
    }
    return 0;
  }

  template <class N>
  void exec(const N& block, Frame& f) {
    if (block.op != ir::Op::Block) {
      eval(block, f);
      return;
    }
    for (const N& s : block.kids) {
      eval(s, f);
      if (f.returned) return;
    }
  }

  int32_t run(size_t fn, Value a, Value b, Value c) {
    Frame f;
    f.params[0] = a;
    f.params[1] = b;
    f.params[2] = c;
    f.locals.assign(module.functions[fn].locals, 0);
    exec(bodies[fn], f);
    return static_cast<int32_t>(f.result);
  }
};

namespace {

// ---------------------------------------------------------------- trampolines

struct Binding {
  Interpreter::Impl* impl = nullptr;
  size_t fn = 0;
};

enum Family { kEffect, kCardFn, kBase, kFamilies };

std::mutex g_mutex;
std::array<std::array<Binding, Interpreter::kTrampolines>, kFamilies> g_bindings;

template <int I>
int32_t effect_tramp(cardrt_game* g, cardrt_effect_ctx* c) {
  const Binding& b = g_bindings[kEffect][I];
  Value x{}, y{}, z{};
  x.p = g;
  y.p = c;
  return b.impl->run(b.fn, x, y, z);
}
template <int I>
int32_t card_tramp(cardrt_game* g, cardrt_effect_ctx* c, int32_t card) {
  const Binding& b = g_bindings[kCardFn][I];
  Value x{}, y{}, z{};
  x.p = g;
  y.p = c;
  z.i = card;
  return b.impl->run(b.fn, x, y, z);
}
template <int I>
int32_t base_tramp(cardrt_game* g, int32_t card, int32_t stat) {
  const Binding& b = g_bindings[kBase][I];
  Value x{}, y{}, z{};
  x.p = g;
  y.i = card;
  z.i = stat;
  return b.impl->run(b.fn, x, y, z);
}

template <size_t... I>
constexpr auto make_table(std::index_sequence<I...>) {
  return std::array<std::array<void*, sizeof...(I)>, kFamilies>{
      std::array<void*, sizeof...(I)>{reinterpret_cast<void*>(&effect_tramp<I>)...},
      std::array<void*, sizeof...(I)>{reinterpret_cast<void*>(&card_tramp<I>)...},
      std::array<void*, sizeof...(I)>{reinterpret_cast<void*>(&base_tramp<I>)...}};
}

const auto& trampolines() {
  static const auto table = make_table(std::make_index_sequence<Interpreter::kTrampolines>{});
  return table;
}

Family family_of(ir::FnKind k) {
  switch (k) {
    case ir::FnKind::Effect: return kEffect;
    case ir::FnKind::Filter:
    case ir::FnKind::Amount: return kCardFn;
    case ir::FnKind::Base: return kBase;
    case ir::FnKind::Register: return kFamilies;
  }
  return kFamilies;
}

}  // namespace

Interpreter::Interpreter(const ir::Module& module) : impl_(std::make_unique<Impl>(module)) {
  for (const auto& f : module.functions) impl_->bodies.push_back(impl_->resolve(f.body));
  impl_->natives.assign(module.functions.size(), nullptr);
  impl_->slots.assign(module.functions.size(), -1);
  std::lock_guard<std::mutex> lock(g_mutex);
  for (size_t i = 0; i < module.functions.size(); ++i) {
    Family fam = family_of(module.functions[i].kind);
    if (fam == kFamilies) continue;
    int slot = -1;
    for (int s = 0; s < kTrampolines; ++s)
      if (!g_bindings[fam][s].impl) {
        slot = s;
        break;
      }
    if (slot < 0) {
      impl_->error = "more than " + std::to_string(kTrampolines) + " functions of one kind: the interpreter runs out of trampolines";
      break;
    }
    g_bindings[fam][slot] = {impl_.get(), i};
    impl_->slots[i] = slot;
    impl_->natives[i] = trampolines()[fam][slot];
  }
  error_ = impl_->error;
}

Interpreter::~Interpreter() {
  std::lock_guard<std::mutex> lock(g_mutex);
  for (size_t i = 0; i < impl_->slots.size(); ++i)
    if (impl_->slots[i] >= 0) g_bindings[family_of(impl_->module.functions[i].kind)][impl_->slots[i]] = {};
}

int32_t Interpreter::run_register_function(const ir::Module& module, cardrt_cardpool* pool,
                                           const std::vector<void*>& addresses, std::string& error) {
  if (module.register_fn < 0 || static_cast<size_t>(module.register_fn) >= module.functions.size() ||
      addresses.size() != module.functions.size()) {
    error = "the module has no register function, or not an address per function";
    return CARDRT_E_STATE;
  }
  Impl impl(module);
  const ir::Function& reg = module.functions[static_cast<size_t>(module.register_fn)];
  impl.natives = addresses;
  Impl::Frame f;
  f.params[0].p = pool;
  f.locals.assign(reg.locals, 0);
  impl.exec(ir::handed_function_declarations(module), f);  // ir.h: first of all
  impl.exec(reg.body, f);
  return static_cast<int32_t>(f.result);
}

int32_t Interpreter::register_cards(cardrt_cardpool* pool) {
  if (!ok()) return CARDRT_E_STATE;
  const ir::Module& m = impl_->module;
  if (m.register_fn < 0) return CARDRT_E_STATE;
  Impl::Frame f;  // ir.h: the functions card code hands the runtime, declared first
  f.params[0].p = pool;
  impl_->exec(ir::handed_function_declarations(m), f);
  Value a{}, b{}, c{};
  a.p = pool;
  return impl_->run(static_cast<size_t>(m.register_fn), a, b, c);
}

}  // namespace cardc
