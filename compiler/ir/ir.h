#pragma once
// The effect IR: what a checked card set means, as small functions that call the runtime's ABI
// (runtime/include/cardrt/abi.def). The binder (compiler/bind) builds it from the semantic readings; the
// reference interpreter (compiler/interp) runs it; the code generator (compiler/codegen) lowers it to LLVM.
// Plain C++: no LLVM, no ANTLR. All values are 32-bit integers, strings, function references or the
// function's own parameters; arithmetic saturates and division by zero is 0 (000 7.3).
//
// Semantics every engine (interpreter, code generator) keeps, so their event logs are identical:
//   - falling off the end of a function returns 0 (CARDRT_OK); locals start at 0;
//   - the constant 0 passed where the ABI wants a pointer (a function or string) is NULL;
//   - an I64 result of a call saturates to 32 bits; Div truncates toward zero; And, Or, Not and comparisons
//     yield 1 or 0.
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "base/source_manager.h"

namespace cardc::ir {

enum class Op : uint8_t {
  // values
  Const,   // `value`
  Str,     // `text` (a NUL-terminated UTF-8 constant)
  Param,   // the function's parameter number `value` (see FnKind)
  Local,   // read local variable `value`
  FnRef,   // the address of module function number `value`
  Call,    // ABI function number `value` (its place in abi.def; abi_name()) with `kids` as arguments; yields its result
  Add, Sub, Mul, Div,  // saturating 32-bit arithmetic on kids[0], kids[1]; Div by 0 is 0 (000 7.3)
  Min, Max,
  Eq, Ne, Lt, Le, Gt, Ge,  // 1 or 0
  And, Or, Not,            // on "nonzero is true"; And/Or evaluate kids[1] only when needed
  // statements
  Let,     // local `value` = kids[0]
  Eval,    // evaluate kids[0] and drop the result
  If,      // if kids[0] then kids[1] (a Block) else kids[2] (a Block, may be empty)
  Block,   // kids in order
  Return,  // return kids[0]
};

struct Node {
  Op op = Op::Block;
  int64_t value = 0;
  std::string text;  // a Str's text; a Call's only when it names no function of abi.def (value -1; verify reports it)
  std::vector<Node> kids;
  SourceRange origin;  // the card text this came from, for diagnostics and debug info
};

// The C signatures of module functions (runtime/include/cardrt/cardrt.h typedefs).
enum class FnKind : uint8_t {
  Effect,    // int32_t (cardrt_game*, cardrt_effect_ctx*)            params: 0 game, 1 ctx
  Filter,    // int32_t (cardrt_game*, cardrt_effect_ctx*, int32_t)   params: 0 game, 1 ctx, 2 candidate
  Amount,    // int32_t (cardrt_game*, cardrt_effect_ctx*, int32_t)   params: 0 game, 1 ctx, 2 card
  Base,      // int32_t (cardrt_game*, int32_t card, int32_t stat)    params: 0 game, 1 card, 2 stat
  Register,  // int32_t (cardrt_cardpool*)                             params: 0 pool
};
const char* fn_kind_name(FnKind k);
const char* op_name(Op op);
int fn_param_count(FnKind k);

struct Function {
  std::string name;  // unique in the module, a C identifier
  FnKind kind = FnKind::Effect;
  uint32_t locals = 0;  // number of local variables
  Node body;            // a Block
  SourceRange origin;
};

struct Module {
  std::string game;          // profile name
  std::string profile_hash;  // identity of the profile the module was built against
  std::string source_hash;   // hash of the card set source
  std::string profile_description;  // cardrt_profile_describe text of that profile ("" if none), embedded in libraries
  // A key of everything the module was made from (the set's text, the .game file's text), set by the compile
  // pipeline right after binding; "" otherwise. The object cache keys such a module by it (with the compiler's
  // identity) instead of walking its functions, so a module with a source key must not be changed after binding.
  std::string source_key;
  std::vector<Function> functions;
  int register_fn = -1;      // the library entry point (FnKind::Register)
};

// A node of a braced list the builders take (`call("...", {G(), card})`, `block({...})`): the elements of an
// initializer_list are const, so a vector built from one copies every subtree; these are moved from instead
// (an lvalue is copied once, as before).
struct ListedNode {
  mutable Node node;
  ListedNode(Node&& n) : node(std::move(n)) {}
  ListedNode(const Node& n) : node(n) {}
};
std::vector<Node> nodes(std::initializer_list<ListedNode> list);

// Builders, so the binder reads like what it means.
Node konst(int64_t v);
Node str(std::string s);
Node param(int index);
Node local(uint32_t index);
Node fn_ref(int function);
// A call names its ABI function by number, not by a string of its own: a check builds some 40 calls a card, and
// most names are longer than a string keeps inline (docs/performance.md, session 22).
Node call(std::string_view abi_name, std::vector<Node> args);
inline Node call(std::string_view abi_name, std::initializer_list<ListedNode> args) { return call(abi_name, nodes(args)); }
// The name of a Call's ABI function (`text` when it has one: a name abi.def lacks, or IR edited by hand).
std::string_view abi_name(const Node& call);
Node binary(Op op, Node a, Node b);
Node let(uint32_t index, Node v);
Node eval(Node v);
Node if_(Node cond, Node then_block, Node else_block = Node{});
Node block(std::vector<Node> kids = {});
inline Node block(std::initializer_list<ListedNode> kids) { return block(nodes(kids)); }
Node ret(Node v);

// A readable listing of the module (cardc compile --emit=ir), stable for golden tests.
std::string print(const Module& m);

}  // namespace cardc::ir
