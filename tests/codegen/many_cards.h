#pragma once
// A module of `n` one-ability cards, the shape of a large set for load-time tests and benchmarks:
// card i ("Card i", Personality, Force i%4, Chi 2) has an action "If you have at least i%5 Gold, gain i%3+1 Family
// Honor; otherwise this Personality gets +2*(i%4) Force until the end of the turn." Functions: 0..n-1 the effects
// (card<i>_effect), n the register function.
#include <string>
#include <vector>

#include "cardrt/cardrt.h"
#include "ir/ir.h"

namespace cgtest {

inline cardc::ir::Module many_cards_module(int n, std::string source_hash = "bench-source") {
  using namespace cardc::ir;
  Module m;
  m.game = "legends";
  m.profile_hash = "bench-profile";
  m.source_hash = std::move(source_hash);
  auto game = [] { return param(0); };
  auto ctx = [] { return param(1); };
  for (int i = 0; i < n; ++i) {
    Function f;
    f.name = "card" + std::to_string(i) + "_effect";
    f.kind = FnKind::Effect;
    f.locals = 1;
    f.body = block({
        let(0, call("cardrt_ctx_controller", {game(), ctx()})),
        if_(binary(Op::Ge, call("cardrt_resource_get", {game(), local(0), konst(0)}), konst(i % 5)),
            block({eval(call("cardrt_gain_resource",
                             {game(), ctx(), local(0), konst(1), binary(Op::Add, konst(i % 3), konst(1))}))}),
            block({eval(call("cardrt_stat_modify", {game(), ctx(), call("cardrt_ctx_source", {game(), ctx()}),
                                                    konst(0), binary(Op::Mul, konst(2), konst(i % 4)),
                                                    konst(CARDRT_DUR_END_OF_TURN)}))})),
        ret(konst(CARDRT_OK)),
    });
    m.functions.push_back(std::move(f));
  }
  Function reg;
  reg.name = "register_cards";
  reg.kind = FnKind::Register;
  reg.locals = 2;
  std::vector<Node> body;
  for (int i = 0; i < n; ++i) {
    body.push_back(let(0, call("cardrt_def_card", {param(0), str("Card " + std::to_string(i)), str("Personality")})));
    body.push_back(if_(binary(Op::Lt, local(0), konst(0)), block({ret(local(0))})));
    body.push_back(
        eval(call("cardrt_def_stat", {param(0), local(0), str("Force"), konst(CARDRT_BASE_VALUE), konst(i % 4)})));
    body.push_back(eval(call("cardrt_def_stat", {param(0), local(0), str("Chi"), konst(CARDRT_BASE_VALUE), konst(2)})));
    body.push_back(let(1, call("cardrt_def_ability",
                               {param(0), local(0), konst(CARDRT_AB_ACTION), konst(0), str(""), konst(0)})));
    body.push_back(
        eval(call("cardrt_def_ability_fn", {param(0), local(0), local(1), konst(CARDRT_FN_EFFECT), fn_ref(i)})));
  }
  body.push_back(ret(konst(CARDRT_OK)));
  reg.body = block(std::move(body));
  m.functions.push_back(std::move(reg));
  m.register_fn = n;
  return m;
}

}  // namespace cgtest
