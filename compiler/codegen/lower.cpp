// ir::Module -> llvm::Module. The input has passed ir::verify, so every node has the shape and types
// ir/verify.h describes; the lowering still never trusts an index without checking it (no crash on a bug).
#include "codegen/lower.h"

#include <exception>
#include <limits>
#include <unordered_map>

#include <llvm/IR/BasicBlock.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/IR/Module.h>

#include "codegen/inline_queries.h"
#include "codegen/partition.h"
#include "codegen/register_pieces.h"
#include "ir/handed_functions.h"
#include "codegen/target.h"
#include "ir/verify.h"

namespace cardc::codegen {
namespace {

using ir::AbiType;
using ir::Node;
using ir::Op;

constexpr int64_t kI32Max = std::numeric_limits<int32_t>::max();
constexpr int64_t kI32Min = std::numeric_limits<int32_t>::min();

// A lowered value and its ABI type (I32 for every integer value).
struct Value {
  llvm::Value* v = nullptr;
  AbiType type = AbiType::I32;
};

// Thrown inside the lowering only (never across an LLVM callback: the lowering calls LLVM, LLVM never calls us);
// lower() turns it into a Failure.
struct LowerError {
  std::string message;
};

class Lowerer {
 public:
  Lowerer(const ir::Module& im, llvm::Module& m, const LowerOptions& options)
      : im_(im), m_(m), c_(m.getContext()), b_(c_), options_(options) {}

  void run() {
    declare_functions();  // first, so listings show the card code before the ABI declarations
    if (options_.define_identity) define_identity();
    declare_abi();
    for (size_t i = 0; i < im_.functions.size(); ++i)
      if (defines(i)) define(im_.functions[i], fns_[i]);
    if (options_.register_pieces)
      for (size_t k = 0; k < options_.register_pieces->size(); ++k)
        if ((*options_.register_pieces)[k].partition == options_.partition) define_piece(k);
    if (options_.function_tables) define_function_table();
  }

 private:
  // ---------------------------------------------------------------- declarations
  llvm::Type* type_of(AbiType t) {
    switch (t) {
      case AbiType::I32:
      case AbiType::U32: return b_.getInt32Ty();
      case AbiType::I64: return b_.getInt64Ty();
      default: return b_.getPtrTy();
    }
  }

  // Every ABI function, from the one list (abi.def via ir::abi_signatures()).
  void declare_abi() {
    for (const ir::AbiSignature& s : ir::abi_signatures()) {
      std::vector<llvm::Type*> params;
      for (uint8_t i = 0; i < s.param_count; ++i) params.push_back(type_of(s.params[i]));
      auto* type = llvm::FunctionType::get(type_of(s.ret), params, false);
      auto* f = llvm::Function::Create(type, llvm::GlobalValue::ExternalLinkage, s.name, m_);
      f->setDoesNotThrow();  // no C++ exception crosses the runtime's C ABI (cardrt.h)
      abi_.push_back(f);
    }
  }

  llvm::FunctionType* signature(ir::FnKind kind) {
    std::vector<llvm::Type*> params;
    for (int i = 0; i < ir::fn_param_count(kind); ++i) params.push_back(type_of(ir::fn_param_type(kind, i)));
    return llvm::FunctionType::get(b_.getInt32Ty(), params, false);
  }

  static const char* param_name(ir::FnKind kind, int i) {
    switch (kind) {
      case ir::FnKind::Effect: return i == 0 ? "game" : "ctx";
      case ir::FnKind::Filter: return i == 0 ? "game" : i == 1 ? "ctx" : "candidate";
      case ir::FnKind::Amount: return i == 0 ? "game" : i == 1 ? "ctx" : "card";
      case ir::FnKind::Base: return i == 0 ? "game" : i == 1 ? "card" : "stat";
      case ir::FnKind::Register: return "pool";
    }
    return "";
  }

  // Partitioned lowering (LowerOptions::define_function): the other partitions' functions are declared only
  // when this one refers to them (function_at), so a partition's size does not grow with the set's.
  bool defines(size_t i) const { return !options_.define_function || options_.define_function(i); }

  llvm::Function* function_at(size_t i) {
    if (!fns_[i]) fns_[i] = declare_function(i);
    return fns_[i];
  }

  void declare_functions() {
    fns_.assign(im_.functions.size(), nullptr);
    for (size_t i = 0; i < im_.functions.size(); ++i)
      if (defines(i)) fns_[i] = declare_function(i);
  }

  llvm::Function* declare_function(size_t i) {
    {
      const ir::Function& f = im_.functions[i];
      const bool entry = static_cast<int64_t>(i) == im_.register_fn;
      const std::string name = entry ? CARDRT_LIBRARY_ENTRY : f.name;
      const bool exported = options_.export_functions && !options_.function_tables;
      // With function tables (the JIT) module functions are private: not even local symbols in the object, so
      // the JIT's linker has only the tables and the identity to name.
      const auto linkage = entry || exported      ? llvm::GlobalValue::ExternalLinkage
                           : options_.function_tables ? llvm::GlobalValue::PrivateLinkage
                                                      : llvm::GlobalValue::InternalLinkage;
      const bool hidden = !entry && !exported && options_.hidden_functions;
      auto* fn = llvm::Function::Create(signature(f.kind), hidden ? llvm::GlobalValue::ExternalLinkage : linkage,
                                        name, m_);
      if (hidden) fn->setVisibility(llvm::GlobalValue::HiddenVisibility);
      if (fn->getName() != name) throw LowerError{"the function name '" + name + "' is taken twice"};
      fn->setDoesNotThrow();
      // Libraries keep unwind tables (debuggers and profilers read them). JIT code has none: no debugger sees JIT
      // code's tables, no exception crosses card code (the ABI is nounwind), and linking a partition's
      // .eh_frame cost JITLink time quadratic in the partition's functions (its block dependencies).
      if (!options_.function_tables) fn->setUWTableKind(llvm::UWTableKind::Async);
      if (entry) {
        // The register function runs once per load and is the largest function of a set (every definition of
        // every card): optimizing it costs about 40% of a set's compile time and gains nothing.
        fn->addFnAttr(llvm::Attribute::OptimizeNone);
        fn->addFnAttr(llvm::Attribute::NoInline);
      }
      for (int p = 0; p < ir::fn_param_count(f.kind); ++p) fn->getArg(p)->setName(param_name(f.kind, p));
      return fn;
    }
  }

  // The symbols a loader checks before it calls the entry point (docs/codegen.md "Library format").
  void define_identity() {
    auto* version = new llvm::GlobalVariable(m_, b_.getInt32Ty(), true, llvm::GlobalValue::ExternalLinkage,
                                             b_.getInt32(options_.abi_version), ir::kLibrarySymbols[1]);
    version->setAlignment(llvm::Align(4));
    identity_string(ir::kLibrarySymbols[2], im_.game);
    identity_string(ir::kLibrarySymbols[3], im_.profile_hash);
    identity_string(ir::kLibrarySymbols[4], im_.source_hash);
    // The profile the cards were compiled against, so an engine can build it from the library alone
    // (cardrt_library_profile); "" when the module has none.
    if (im_.profile_description.find('\0') != std::string::npos)
      throw LowerError{"the module's profile description contains a NUL byte"};
    identity_string(CARDRT_LIBRARY_PROFILE_DESCRIPTION, im_.profile_description);
  }

  void identity_string(const char* name, const std::string& text) {
    llvm::Constant* init = llvm::ConstantDataArray::getString(c_, text, true);
    auto* g = new llvm::GlobalVariable(m_, init->getType(), true, llvm::GlobalValue::ExternalLinkage, init, name);
    if (g->getName() != name) throw LowerError{std::string("the symbol '") + name + "' is taken twice"};
    g->setAlignment(llvm::Align(1));
  }

  // ---------------------------------------------------------------- function tables (LowerOptions::function_tables)
  llvm::ArrayType* table_type(size_t p) {
    return llvm::ArrayType::get(b_.getPtrTy(), options_.function_tables->tabled.at(p));
  }

  llvm::GlobalVariable* table(size_t p) {
    auto it = tables_.find(p);
    if (it != tables_.end()) return it->second;
    const std::string name =
        options_.code_table && p == options_.partition ? code_table_name(p) : function_table_name(p);
    auto* g = new llvm::GlobalVariable(m_, table_type(p), true, llvm::GlobalValue::ExternalLinkage, nullptr, name);
    if (g->getName() != name) throw LowerError{"the symbol " + name + " is taken"};
    tables_.emplace(p, g);
    return g;
  }

  // This partition's functions in module order (the register function is exported by name instead).
  void define_function_table() {
    const PartitionPlan& plan = *options_.function_tables;
    std::vector<llvm::Constant*> entries(plan.tabled.at(options_.partition), nullptr);
    for (size_t i = 0; i < im_.functions.size(); ++i) {
      if (!defines(i) || static_cast<int64_t>(i) == im_.register_fn) continue;
      if (plan.of.at(i) != options_.partition || plan.slot.at(i) >= entries.size())
        throw LowerError{"the partition plan does not match the functions this partition defines"};
      entries[plan.slot[i]] = fns_[i];
    }
    for (llvm::Constant* e : entries)
      if (!e) throw LowerError{"the partition plan does not match the functions this partition defines"};
    if (entries.empty()) return;
    llvm::GlobalVariable* g = table(options_.partition);
    g->setInitializer(llvm::ConstantArray::get(table_type(options_.partition), entries));
    g->setAlignment(llvm::Align(8));
  }

  // The address of function i: the function itself, or (function tables) a load from its partition's table.
  llvm::Value* function_address(size_t i) {
    const PartitionPlan* plan = options_.function_tables;
    if (!plan || defines(i)) return function_at(i);
    if (static_cast<int64_t>(i) == im_.register_fn) return function_at(i);  // exported by name
    const size_t p = plan->of.at(i);
    llvm::Value* slot = b_.CreateConstInBoundsGEP2_64(table_type(p), table(p), 0, plan->slot.at(i));
    return b_.CreateLoad(b_.getPtrTy(), slot, im_.functions[i].name);
  }

  // ---------------------------------------------------------------- function bodies
  void define(const ir::Function& f, llvm::Function* fn) {
    f_ = &f;
    fn_ = fn;
    begin_body(fn, f.locals);
    if (&f == register_function())  // ir.h: first of all
      statement(options_.handed ? ir::handed_function_declarations(im_, *options_.handed)
                                : ir::handed_function_declarations(im_));
    if (options_.register_pieces && &f == register_function())
      call_pieces();
    else
      statement(f.body);
    // Falling off the end of a function returns CARDRT_OK.
    if (!terminated()) b_.CreateRet(b_.getInt32(CARDRT_OK));
  }

  // The entry block and the locals. Locals live in stack slots (mem2reg/SROA turn them into registers from -O1);
  // they start at 0 so a read before the first let is defined.
  void begin_body(llvm::Function* fn, uint32_t locals) {
    b_.SetInsertPoint(llvm::BasicBlock::Create(c_, "entry", fn));
    locals_.clear();
    for (uint32_t i = 0; i < locals; ++i)
      locals_.push_back(b_.CreateAlloca(b_.getInt32Ty(), nullptr, "l" + std::to_string(i)));
    for (llvm::AllocaInst* slot : locals_) b_.CreateStore(b_.getInt32(0), slot);
  }

  // ---------------------------------------------------------------- the register function in pieces
  const ir::Function* register_function() const {
    if (im_.register_fn < 0 || static_cast<size_t>(im_.register_fn) >= im_.functions.size()) return nullptr;
    return &im_.functions[static_cast<size_t>(im_.register_fn)];
  }

  llvm::Function* piece(size_t k) {
    const std::string name = register_piece_name(k);
    if (llvm::Function* f = m_.getFunction(name)) return f;
    auto* type = llvm::FunctionType::get(b_.getInt64Ty(), {b_.getPtrTy()}, false);
    auto* fn = llvm::Function::Create(type, llvm::GlobalValue::ExternalLinkage, name, m_);
    if (fn->getName() != name) throw LowerError{"the symbol " + name + " is taken"};
    // a library exports only its entry and identity (as hidden_functions)
    if (options_.hidden_functions) fn->setVisibility(llvm::GlobalValue::HiddenVisibility);
    fn->setDoesNotThrow();
    fn->getArg(0)->setName("pool");
    return fn;
  }

  // The entry point: each piece in order; the first that returns (anything but 2^32) gives the function's value.
  void call_pieces() {
    for (size_t k = 0; k < options_.register_pieces->size(); ++k) {
      llvm::Value* r = b_.CreateCall(piece(k), {fn_->getArg(0)}, "piece");
      llvm::Value* returned = b_.CreateICmpNE(r, b_.getInt64(kPieceRanToItsEnd));
      auto* ret_bb = llvm::BasicBlock::Create(c_, "returned", fn_);
      auto* next_bb = llvm::BasicBlock::Create(c_, "next", fn_);
      b_.CreateCondBr(returned, ret_bb, next_bb);
      b_.SetInsertPoint(ret_bb);
      b_.CreateRet(b_.CreateTrunc(r, b_.getInt32Ty()));
      b_.SetInsertPoint(next_bb);
    }
  }

  void define_piece(size_t k) {
    const ir::Function* f = register_function();
    const RegisterPiece& p = (*options_.register_pieces)[k];
    if (!f || p.begin > p.end || p.end > f->body.kids.size()) throw LowerError{"a register piece out of range"};
    llvm::Function* fn = piece(k);
    if (!fn->isDeclaration()) throw LowerError{"the register piece " + std::to_string(k) + " is defined twice"};
    // like the register function: run once, optimizing it gains nothing
    fn->addFnAttr(llvm::Attribute::OptimizeNone);
    fn->addFnAttr(llvm::Attribute::NoInline);
    if (!options_.function_tables) fn->setUWTableKind(llvm::UWTableKind::Async);
    f_ = f;
    fn_ = fn;
    in_piece_ = true;
    begin_body(fn, f->locals);
    for (size_t i = p.begin; i < p.end; ++i) statement(f->body.kids[i]);
    if (!terminated()) b_.CreateRet(b_.getInt64(kPieceRanToItsEnd));
    in_piece_ = false;
  }

  // After a return (in this block, or in both branches of an if) the statements that follow are unreachable and
  // are not emitted.
  bool terminated() { return b_.GetInsertBlock()->getTerminator() != nullptr; }

  void statement(const Node& n) {
    if (terminated()) return;
    switch (n.op) {
      case Op::Block:
        for (const Node& k : n.kids) statement(k);
        return;
      case Op::Let:
        b_.CreateStore(i32(kid(n, 0)), local_slot(n));
        return;
      case Op::Eval:
        value(kid(n, 0));
        return;
      case Op::Return:
        if (in_piece_)  // register_pieces.h: the value, sign-extended (one short instruction at each return)
          b_.CreateRet(b_.CreateSExt(i32(kid(n, 0)), b_.getInt64Ty()));
        else
          b_.CreateRet(i32(kid(n, 0)));
        return;
      case Op::If: if_(n); return;
      default: throw LowerError{"a value where a statement is expected"};
    }
  }

  void if_(const Node& n) {
    llvm::Value* cond = condition(kid(n, 0));
    const bool has_else = n.kids.size() > 2 && !n.kids[2].kids.empty();
    auto* then_bb = llvm::BasicBlock::Create(c_, "then", fn_);
    auto* else_bb = has_else ? llvm::BasicBlock::Create(c_, "else", fn_) : nullptr;
    auto* end_bb = llvm::BasicBlock::Create(c_, "endif", fn_);
    b_.CreateCondBr(cond, then_bb, has_else ? else_bb : end_bb);
    b_.SetInsertPoint(then_bb);
    statement(kid(n, 1));
    if (!terminated()) b_.CreateBr(end_bb);
    if (has_else) {
      b_.SetInsertPoint(else_bb);
      statement(n.kids[2]);
      if (!terminated()) b_.CreateBr(end_bb);
    }
    b_.SetInsertPoint(end_bb);
    if (llvm::pred_empty(end_bb)) b_.CreateUnreachable();  // both branches returned
  }

  // "Nonzero is true" as an i1, without the round trip through i32 for comparisons and not.
  llvm::Value* condition(const Node& n) {
    if (speculable(n)) return b_.CreateICmpNE(speculate(n).v, b_.getInt32(0));
    static const std::pair<Op, llvm::CmpInst::Predicate> kCompare[] = {
        {Op::Eq, llvm::CmpInst::ICMP_EQ},   {Op::Ne, llvm::CmpInst::ICMP_NE},   {Op::Lt, llvm::CmpInst::ICMP_SLT},
        {Op::Le, llvm::CmpInst::ICMP_SLE}, {Op::Gt, llvm::CmpInst::ICMP_SGT}, {Op::Ge, llvm::CmpInst::ICMP_SGE}};
    for (const auto& [op, predicate] : kCompare)
      if (n.op == op) {
        llvm::Value* a = i32(kid(n, 0));
        llvm::Value* b = i32(kid(n, 1));
        return b_.CreateICmp(predicate, a, b);
      }
    if (n.op == Op::Not) return b_.CreateICmpEQ(i32(kid(n, 0)), b_.getInt32(0));
    return b_.CreateICmpNE(i32(n), b_.getInt32(0));
  }

  const Node& kid(const Node& n, size_t i) {
    if (i >= n.kids.size()) throw LowerError{"a node lacks an operand"};
    return n.kids[i];
  }

  llvm::Value* local_slot(const Node& n) {
    if (n.value < 0 || static_cast<uint64_t>(n.value) >= locals_.size())
      throw LowerError{"local " + std::to_string(n.value) + " out of range"};
    return locals_[static_cast<size_t>(n.value)];
  }

  llvm::Value* i32(const Node& n) {
    Value v = value(n);
    if (v.type != AbiType::I32) throw LowerError{"a non-integer value where an integer is expected"};
    return v.v;
  }

  Value value(const Node& n) {
    if (speculable(n)) return speculate(n);
    switch (n.op) {
      case Op::Const: return {b_.getInt32(static_cast<uint32_t>(n.value)), AbiType::I32};
      case Op::Str: return {string(n.text), AbiType::Str};
      case Op::Param: {
        if (n.value < 0 || n.value >= ir::fn_param_count(f_->kind))
          throw LowerError{"parameter " + std::to_string(n.value) + " out of range"};
        const int p = static_cast<int>(n.value);
        return {fn_->getArg(static_cast<unsigned>(p)), ir::fn_param_type(f_->kind, p)};
      }
      case Op::Local: return {b_.CreateLoad(b_.getInt32Ty(), local_slot(n)), AbiType::I32};
      case Op::FnRef:
        if (n.value < 0 || static_cast<uint64_t>(n.value) >= fns_.size())
          throw LowerError{"function " + std::to_string(n.value) + " out of range"};
        return {function_address(static_cast<size_t>(n.value)), AbiType::Fn};
      case Op::Call: return call(n);
      case Op::Add: return {binary_intrinsic(llvm::Intrinsic::sadd_sat, n, "add"), AbiType::I32};
      case Op::Sub: return {binary_intrinsic(llvm::Intrinsic::ssub_sat, n, "sub"), AbiType::I32};
      case Op::Min: return {binary_intrinsic(llvm::Intrinsic::smin, n, "min"), AbiType::I32};
      case Op::Max: return {binary_intrinsic(llvm::Intrinsic::smax, n, "max"), AbiType::I32};
      case Op::Mul: return {mul(i32(kid(n, 0)), i32(kid(n, 1))), AbiType::I32};
      case Op::Div: return {div(i32(kid(n, 0)), i32(kid(n, 1))), AbiType::I32};
      case Op::Eq: return compare(llvm::CmpInst::ICMP_EQ, n);
      case Op::Ne: return compare(llvm::CmpInst::ICMP_NE, n);
      case Op::Lt: return compare(llvm::CmpInst::ICMP_SLT, n);
      case Op::Le: return compare(llvm::CmpInst::ICMP_SLE, n);
      case Op::Gt: return compare(llvm::CmpInst::ICMP_SGT, n);
      case Op::Ge: return compare(llvm::CmpInst::ICMP_SGE, n);
      case Op::Not:
        return {b_.CreateZExt(b_.CreateICmpEQ(i32(kid(n, 0)), b_.getInt32(0)), b_.getInt32Ty(), "not"),
                AbiType::I32};
      case Op::And:
      case Op::Or: return {logic(n), AbiType::I32};
      default: throw LowerError{"a statement where a value is expected"};
    }
  }

  llvm::Value* binary_intrinsic(llvm::Intrinsic::ID id, const Node& n, const char* name) {
    llvm::Value* a = i32(kid(n, 0));
    llvm::Value* b = i32(kid(n, 1));
    return b_.CreateBinaryIntrinsic(id, a, b, nullptr, name);
  }

  // Clamp an i64 to the int32 range and narrow it.
  llvm::Value* saturate(llvm::Value* wide) {
    llvm::Value* hi = b_.CreateBinaryIntrinsic(llvm::Intrinsic::smin, wide, b_.getInt64(kI32Max));
    llvm::Value* lo = b_.CreateBinaryIntrinsic(llvm::Intrinsic::smax, hi, b_.getInt64(kI32Min));
    return b_.CreateTrunc(lo, b_.getInt32Ty());
  }

  // 32 x 32 bits fit in 64, so the wide product is exact; then clamp.
  llvm::Value* mul(llvm::Value* a, llvm::Value* b) {
    llvm::Value* wide = b_.CreateNSWMul(b_.CreateSExt(a, b_.getInt64Ty()), b_.CreateSExt(b, b_.getInt64Ty()));
    return saturate(wide);
  }

  // 000_6878fa005291d153.txt 7.3: dividing by zero gives a number that cannot be determined: 0. Truncates toward
  // zero like the runtime (saturating.hpp). Never a trapping division: the divisor is never 0, and the division
  // is done on 64 bits where INT32_MIN / -1 = 2^31 cannot overflow (then it saturates to INT32_MAX).
  llvm::Value* div(llvm::Value* a, llvm::Value* b) {
    llvm::Value* zero = b_.CreateICmpEQ(b, b_.getInt32(0), "div.by.zero");
    llvm::Value* divisor = b_.CreateSelect(zero, b_.getInt32(1), b);
    llvm::Value* wide = b_.CreateSDiv(b_.CreateSExt(a, b_.getInt64Ty()), b_.CreateSExt(divisor, b_.getInt64Ty()));
    llvm::Value* q = b_.CreateTrunc(b_.CreateBinaryIntrinsic(llvm::Intrinsic::smin, wide, b_.getInt64(kI32Max)),
                                    b_.getInt32Ty());
    return b_.CreateSelect(zero, b_.getInt32(0), q, "div");
  }

  Value compare(llvm::CmpInst::Predicate p, const Node& n) {
    llvm::Value* a = i32(kid(n, 0));
    llvm::Value* b = i32(kid(n, 1));
    return {b_.CreateZExt(b_.CreateICmp(p, a, b), b_.getInt32Ty()), AbiType::I32};
  }

  // And/Or evaluate their right operand only when the left does not decide (ir.h): branches and a phi.
  llvm::Value* logic(const Node& n) {
    const bool is_and = n.op == Op::And;
    if (speculation_ok_) {  // both sides are pure: evaluating the right one when the left decides changes nothing
      llvm::Value* left = condition(kid(n, 0));
      llvm::Value* right = condition(kid(n, 1));
      return b_.CreateZExt(is_and ? b_.CreateAnd(left, right) : b_.CreateOr(left, right), b_.getInt32Ty(),
                           is_and ? "and" : "or");
    }
    llvm::Value* left = condition(kid(n, 0));
    llvm::BasicBlock* left_bb = b_.GetInsertBlock();
    auto* right_bb = llvm::BasicBlock::Create(c_, is_and ? "and.rhs" : "or.rhs", fn_);
    auto* end_bb = llvm::BasicBlock::Create(c_, is_and ? "and.end" : "or.end", fn_);
    if (is_and)
      b_.CreateCondBr(left, right_bb, end_bb);
    else
      b_.CreateCondBr(left, end_bb, right_bb);
    b_.SetInsertPoint(right_bb);
    llvm::Value* right = condition(kid(n, 1));
    llvm::BasicBlock* right_end = b_.GetInsertBlock();
    b_.CreateBr(end_bb);
    b_.SetInsertPoint(end_bb);
    llvm::PHINode* phi = b_.CreatePHI(b_.getInt1Ty(), 2);
    phi->addIncoming(b_.getInt1(!is_and), left_bb);
    phi->addIncoming(right, right_end);
    return b_.CreateZExt(phi, b_.getInt32Ty(), is_and ? "and" : "or");
  }

  // ---------------------------------------------------------------- queries read instead of called
  // An expression that calls nothing but the queries read from the runtime's views (inline_queries.h) has no effect
  // but its value, so it may be computed eagerly: every query read in one straight-line block (no branch for And and
  // Or), their `ok` tested once, and only when one read is not the query's answer the expression computed as
  // written, with the calls. The fast code generator of -O1/-O2 keeps values in registers only within a block.
  static bool pure(const Node& n) {
    switch (n.op) {
      case Op::Const:
      case Op::Param:
      case Op::Local: return true;
      case Op::Call:
        if (!is_inlined_query(ir::abi_name(n))) return false;
        break;
      case Op::Add: case Op::Sub: case Op::Mul: case Op::Div: case Op::Min: case Op::Max:
      case Op::Eq: case Op::Ne: case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge:
      case Op::And: case Op::Or: case Op::Not: break;
      default: return false;
    }
    for (const Node& k : n.kids)
      if (!pure(k)) return false;
    return true;
  }

  static bool reads_a_query(const Node& n) {
    if (n.op == Op::Call) return true;  // pure: an inlined query
    for (const Node& k : n.kids)
      if (reads_a_query(k)) return true;
    return false;
  }

  bool speculable(const Node& n) const {
    return options_.inline_queries && !speculation_ok_ && !as_written_ && n.op != Op::Const && n.op != Op::Param &&
           n.op != Op::Local && reads_a_query(n) && pure(n);
  }

  Value speculate(const Node& n) {
    llvm::Value* ok = b_.getTrue();
    speculation_ok_ = &ok;
    Value fast = value(n);
    speculation_ok_ = nullptr;
    if (fast.type != AbiType::I32) throw LowerError{"a non-integer value where an integer is expected"};
    llvm::BasicBlock* fast_bb = b_.GetInsertBlock();
    auto* written = llvm::BasicBlock::Create(c_, "as.written", fn_);
    auto* done = llvm::BasicBlock::Create(c_, "read", fn_);
    b_.CreateCondBr(ok, done, written, llvm::MDBuilder(c_).createBranchWeights(1000, 1));
    b_.SetInsertPoint(written);
    as_written_ = true;
    Value slow = value(n);
    as_written_ = false;
    llvm::BasicBlock* slow_bb = b_.GetInsertBlock();
    b_.CreateBr(done);
    b_.SetInsertPoint(done);
    llvm::PHINode* phi = b_.CreatePHI(b_.getInt32Ty(), 2);
    phi->addIncoming(fast.v, fast_bb);
    phi->addIncoming(slow.v, slow_bb);
    return {phi, AbiType::I32};
  }

  Value call(const Node& n) {
    const ir::AbiSignature* s = ir::abi_of(n);
    if (!s) throw LowerError{"call of '" + std::string(ir::abi_name(n)) + "', which is not in abi.def"};
    llvm::Function* callee = abi_[static_cast<size_t>(s - ir::abi_signatures().data())];
    if (n.kids.size() != s->param_count) throw LowerError{"call of " + std::string(s->name) + " with the wrong arity"};
    std::vector<llvm::Value*> args;
    for (size_t i = 0; i < n.kids.size(); ++i) args.push_back(argument(s->params[i], n.kids[i]));
    if (speculation_ok_)
      if (std::optional<QueryRead> read = read_query(b_, s->name, args)) {
        *speculation_ok_ = b_.CreateAnd(*speculation_ok_, read->ok);
        return {read->value, AbiType::I32};
      }
    llvm::Value* r = b_.CreateCall(callee, args);
    switch (s->ret) {
      case AbiType::I32:
      case AbiType::U32: return {r, AbiType::I32};
      case AbiType::I64: return {saturate(r), AbiType::I32};
      default: return {r, s->ret};
    }
  }

  llvm::Value* argument(AbiType want, const Node& n) {
    if (n.op == Op::Const) {
      if (ir::abi_type_is_pointer(want)) return llvm::ConstantPointerNull::get(b_.getPtrTy());  // 0 is NULL
      if (want == AbiType::I64) return b_.getInt64(static_cast<uint64_t>(n.value));
      return b_.getInt32(static_cast<uint32_t>(n.value));  // U32 constants may use the whole 32 bits
    }
    Value v = value(n);
    if (v.type == AbiType::I32) {
      if (want == AbiType::I64) return b_.CreateSExt(v.v, b_.getInt64Ty());
      if (want == AbiType::I32 || want == AbiType::U32) return v.v;
    } else if (v.type == want) {
      return v.v;
    }
    throw LowerError{std::string("an argument of type ") + ir::abi_type_name(v.type) + " where " +
                     ir::abi_type_name(want) + " is expected"};
  }

  // String constants: one private global per distinct text.
  llvm::Value* string(const std::string& text) {
    auto it = strings_.find(text);
    if (it != strings_.end()) return it->second;
    llvm::GlobalVariable* g = b_.CreateGlobalString(text, ".str", 0, &m_);
    strings_.emplace(text, g);
    return g;
  }

  const ir::Module& im_;
  llvm::Module& m_;
  llvm::LLVMContext& c_;
  llvm::IRBuilder<> b_;
  const LowerOptions& options_;
  std::vector<llvm::Function*> abi_;  // by the ABI function's number (abi.def's order)
  std::vector<llvm::Function*> fns_;
  std::unordered_map<size_t, llvm::GlobalVariable*> tables_;  // function tables by partition
  std::unordered_map<std::string, llvm::GlobalVariable*> strings_;
  const ir::Function* f_ = nullptr;
  llvm::Function* fn_ = nullptr;
  llvm::Value** speculation_ok_ = nullptr;  // while speculating: the and of every query read's ok
  bool as_written_ = false;                 // lowering the fallback of a speculated expression: calls, branches
  bool in_piece_ = false;                   // lowering a piece of the register function (register_pieces.h)
  std::vector<llvm::AllocaInst*> locals_;
};

}  // namespace

Expected<std::unique_ptr<llvm::Module>> lower(const ir::Module& m, llvm::LLVMContext& context,
                                              const LowerOptions& options) {
  if (options.verify_ir) {
    const std::vector<ir::VerifyError> errors = ir::verify(m);
    if (!errors.empty()) return Failure{"invalid effect IR module:\n" + ir::format(errors)};
  }
  try {
    auto out = std::make_unique<llvm::Module>(m.game.empty() ? "cards" : m.game, context);
    Lowerer(m, *out, options).run();
    Status ok = verify_llvm(*out);
    if (!ok) return Failure{ok.error()};
    return out;
  } catch (const LowerError& e) {
    return Failure{"cannot lower the module: " + e.message};
  } catch (const std::exception& e) {
    return Failure{std::string("cannot lower the module: ") + e.what()};
  }
}

}  // namespace cardc::codegen
