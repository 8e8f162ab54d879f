#include "modules.h"

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

#include "cardrt/cardrt.h"
#include "codegen/jit.h"

namespace cgtest {
using namespace cardc::ir;

namespace {

Node game() { return param(0); }
Node ctx() { return param(1); }
Node controller() { return call("cardrt_ctx_controller", {game(), ctx()}); }
Node source() { return call("cardrt_ctx_source", {game(), ctx()}); }

// The registration prologue every card shares: def = cardrt_def_card(...); if def < 0 return def.
std::vector<Node> define_card(uint32_t def_local, const char* title, const char* type,
                              std::vector<std::pair<const char*, int>> stats) {
  std::vector<Node> out;
  out.push_back(let(def_local, call("cardrt_def_card", {param(0), str(title), str(type)})));
  out.push_back(if_(binary(Op::Lt, local(def_local), konst(0)), block({ret(local(def_local))})));
  for (auto& [stat, v] : stats)
    out.push_back(eval(call("cardrt_def_stat", {param(0), local(def_local), str(stat), konst(CARDRT_BASE_VALUE), konst(v)})));
  return out;
}

Function fn(std::string name, FnKind kind, uint32_t locals, std::vector<Node> body) {
  Function f;
  f.name = std::move(name);
  f.kind = kind;
  f.locals = locals;
  f.body = block(std::move(body));
  return f;
}

Module module(std::string profile_hash, std::string source_hash) {
  Module m;
  m.game = "legends";
  m.profile_hash = std::move(profile_hash);
  m.source_hash = std::move(source_hash);
  return m;
}

}  // namespace

cardc::ir::Module magistrate_module(std::string profile_hash, std::string source_hash) {
  Module m = module(std::move(profile_hash), std::move(source_hash));
  m.functions.push_back(fn("gain_honor", FnKind::Effect, 0,
                           {
                               eval(call("cardrt_gain_resource", {game(), ctx(), controller(), konst(kFamilyHonor), konst(2)})),
                               eval(call("cardrt_stat_modify", {game(), ctx(), source(), konst(kForce), konst(3),
                                                                konst(CARDRT_DUR_END_OF_TURN)})),
                               ret(konst(CARDRT_OK)),
                           }));
  std::vector<Node> reg = define_card(0, "Magistrate", "Personality", {{"Force", 1}, {"Chi", 2}});
  reg.push_back(let(1, call("cardrt_def_ability", {param(0), local(0), konst(CARDRT_AB_ACTION), konst(0), str(""),
                                                   konst(CARDRT_ABF_UNLIMITED)})));
  reg.push_back(eval(call("cardrt_def_ability_fn", {param(0), local(0), local(1), konst(CARDRT_FN_EFFECT), fn_ref(0)})));
  reg.push_back(ret(konst(CARDRT_OK)));
  m.functions.push_back(fn("register_cards", FnKind::Register, 2, std::move(reg)));
  m.register_fn = 1;
  return m;
}

cardc::ir::Module caster_module() {
  Module m = module("profile-1", "source-2");
  m.functions.push_back(fn("is_samurai", FnKind::Filter, 0,
                           {ret(call("cardrt_card_has_keyword", {game(), param(2), konst(kSamurai)}))}));
  m.functions.push_back(fn("target_samurai", FnKind::Effect, 0,
                           {ret(call("cardrt_target_cards", {game(), ctx(), konst(0), fn_ref(0), konst(1), konst(1),
                                                             konst(CARDRT_TGT_FACE_FEATURES)}))}));
  m.functions.push_back(fn("boost", FnKind::Effect, 1,
                           {
                               let(0, call("cardrt_slot_get", {game(), ctx(), konst(0), konst(0)})),
                               eval(call("cardrt_stat_modify", {game(), ctx(), local(0), konst(kForce), konst(2),
                                                                konst(CARDRT_DUR_END_OF_TURN)})),
                               eval(call("cardrt_gain_resource", {game(), ctx(), controller(), konst(kFamilyHonor), konst(1)})),
                           }));  // falls off the end: CARDRT_OK
  std::vector<Node> reg = define_card(0, "Sensei", "Personality", {{"Force", 2}, {"Chi", 2}});
  reg.push_back(eval(call("cardrt_def_keyword", {param(0), local(0), str("Samurai")})));
  for (Node& n : define_card(1, "Caster", "Personality", {{"Force", 1}, {"Chi", 2}})) reg.push_back(std::move(n));
  reg.push_back(let(2, call("cardrt_def_ability", {param(0), local(1), konst(CARDRT_AB_ACTION), konst(0), str(""),
                                                   konst(CARDRT_ABF_UNLIMITED)})));
  reg.push_back(eval(call("cardrt_def_ability_fn", {param(0), local(1), local(2), konst(CARDRT_FN_TARGET), fn_ref(1)})));
  reg.push_back(eval(call("cardrt_def_ability_fn", {param(0), local(1), local(2), konst(CARDRT_FN_EFFECT), fn_ref(2)})));
  reg.push_back(ret(konst(CARDRT_OK)));
  m.functions.push_back(fn("register_cards", FnKind::Register, 3, std::move(reg)));
  m.register_fn = 3;
  return m;
}

cardc::ir::Module herald_module() {
  Module m = module("profile-1", "source-herald");
  m.functions.push_back(fn("at_turn_end", FnKind::Effect, 0,
                           {ret(call("cardrt_gain_resource",
                                     {game(), ctx(), controller(), konst(kFamilyHonor), konst(2)}))}));
  m.functions.push_back(fn("delay_honor", FnKind::Effect, 0,
                           {ret(call("cardrt_delay", {game(), ctx(), konst(CARDRT_BOUNDARY_TURN_END), konst(-1),
                                                      konst(0), fn_ref(0)}))}));
  std::vector<Node> reg = define_card(0, "Herald", "Personality", {{"Force", 1}, {"Chi", 1}});
  reg.push_back(let(1, call("cardrt_def_ability", {param(0), local(0), konst(CARDRT_AB_ACTION), konst(0), str(""),
                                                   konst(CARDRT_ABF_UNLIMITED)})));
  reg.push_back(
      eval(call("cardrt_def_ability_fn", {param(0), local(0), local(1), konst(CARDRT_FN_EFFECT), fn_ref(1)})));
  reg.push_back(ret(konst(CARDRT_OK)));
  m.functions.push_back(fn("register_cards", FnKind::Register, 2, std::move(reg)));
  m.register_fn = 2;
  return m;
}

cardc::ir::Module arithmetic_module() {
  Module m = module("profile-1", "arith");
  const std::pair<const char*, Op> ops[] = {
      {"add", Op::Add}, {"sub", Op::Sub}, {"mul", Op::Mul}, {"div", Op::Div}, {"min", Op::Min}, {"max", Op::Max},
      {"eq", Op::Eq},   {"ne", Op::Ne},   {"lt", Op::Lt},   {"le", Op::Le},   {"gt", Op::Gt},   {"ge", Op::Ge},
      {"and", Op::And}, {"or", Op::Or}};
  for (auto& [name, op] : ops) m.functions.push_back(fn(name, FnKind::Base, 0, {ret(binary(op, param(1), param(2)))}));
  m.functions.push_back(fn("not", FnKind::Base, 0, {ret(Node{Op::Not, 0, {}, {param(1)}, {}})}));
  m.functions.push_back(fn("div_min_by_minus_one", FnKind::Base, 0,
                           {ret(binary(Op::Div, konst(INT32_MIN), konst(-1)))}));
  m.functions.push_back(fn("div_by_zero", FnKind::Base, 0, {ret(binary(Op::Div, konst(7), konst(0)))}));
  m.functions.push_back(fn("mul_overflow", FnKind::Base, 0, {ret(binary(Op::Mul, konst(65536), konst(65536)))}));
  return m;
}

cardc::ir::Module queries_module() {
  Module m = module("profile-1", "queries");
  for (auto [name, abi] : {std::pair{"in_play", "cardrt_card_in_play"}, std::pair{"type", "cardrt_card_type"},
                           std::pair{"controller", "cardrt_card_controller"}})
    m.functions.push_back(fn(name, FnKind::Filter, 0, {ret(call(abi, {game(), param(2)}))}));
  for (int kw = 0; kw < 3; ++kw)  // Samurai, Tactician, Tactical (the legends test profile)
    m.functions.push_back(fn("keyword_" + std::to_string(kw), FnKind::Filter, 0,
                             {ret(call("cardrt_card_has_keyword", {game(), param(2), konst(kw)}))}));
  m.functions.push_back(fn("keyword_99", FnKind::Filter, 0,
                           {ret(call("cardrt_card_has_keyword", {game(), param(2), konst(99)}))}));
  // "a Samurai Personality you control other than this card", as the binder writes filters: read in one go
  m.functions.push_back(fn(
      "your_other_samurai", FnKind::Filter, 0,
      {ret(binary(Op::And,
                  binary(Op::And, call("cardrt_card_in_play", {game(), param(2)}), binary(Op::Ne, param(2), source())),
                  binary(Op::And,
                         binary(Op::And, binary(Op::Eq, call("cardrt_card_type", {game(), param(2)}), konst(0)),
                                binary(Op::Eq, call("cardrt_card_controller", {game(), param(2)}), controller())),
                         call("cardrt_card_has_keyword", {game(), param(2), konst(kSamurai)}))))}));
  m.functions.push_back(fn("source", FnKind::Filter, 0, {ret(source())}));
  m.functions.push_back(fn("ctx_controller", FnKind::Filter, 0, {ret(controller())}));
  return m;
}

cardc::ir::Module control_flow_module() {
  Module m = module("profile-1", "control");
  auto gain_gold = [](int n) {
    return call("cardrt_gain_resource", {game(), ctx(), controller(), konst(0), konst(n)});  // Gold is resource 0
  };
  auto honor = [](int n) {
    return eval(call("cardrt_gain_resource", {game(), ctx(), controller(), konst(kFamilyHonor), konst(n)}));
  };
  m.functions.push_back(fn(
      "control", FnKind::Effect, 2,
      {
          // l0 = 10 * 3 - 4 = 26
          let(0, binary(Op::Sub, binary(Op::Mul, konst(10), konst(3)), konst(4))),
          // if l0 > 20 { honor 1 } else { honor 100 }
          if_(binary(Op::Gt, local(0), konst(20)), block({honor(1)}), block({honor(100)})),
          // if l0 == 0 { honor 1000 } (no else)
          if_(binary(Op::Eq, local(0), konst(0)), block({honor(1000)})),
          // the right operand is not evaluated: no Gold
          eval(binary(Op::And, konst(0), gain_gold(50))),
          eval(binary(Op::Or, konst(1), gain_gold(50))),
          // the right operand is evaluated: 1 + 2 Gold; and/or yield 1 or 0, so l1 = 1
          let(1, binary(Op::And, konst(5), binary(Op::Ge, gain_gold(1), konst(0)))),
          eval(binary(Op::Or, konst(0), gain_gold(2))),
          if_(binary(Op::Eq, local(1), konst(1)), block({honor(10)})),
          // a return inside a branch, then unreachable code
          if_(binary(Op::Ge, local(0), konst(26)), block({ret(konst(CARDRT_OK)), honor(5000)})),
          honor(7000),
      }));
  std::vector<Node> reg = define_card(0, "Tester", "Personality", {{"Force", 1}, {"Chi", 1}});
  reg.push_back(let(1, call("cardrt_def_ability", {param(0), local(0), konst(CARDRT_AB_ACTION), konst(0), str(""),
                                                   konst(CARDRT_ABF_UNLIMITED)})));
  reg.push_back(eval(call("cardrt_def_ability_fn", {param(0), local(0), local(1), konst(CARDRT_FN_EFFECT), fn_ref(0)})));
  m.functions.push_back(fn("register_cards", FnKind::Register, 2, std::move(reg)));
  m.register_fn = 1;
  return m;
}

std::string play_magistrate(rt::TestGame& t) {
  const int32_t def = cardrt_cardpool_find(t.pool(), "Magistrate");
  EXPECT_EQ(def, 0);
  EXPECT_EQ(cardrt_cardpool_count(t.pool()), 1);
  t.start();
  EXPECT_EQ(cardrt_game_begin_turn(t, 0), CARDRT_OK);
  const int32_t c = t.play(def, 0);
  EXPECT_EQ(t.stat(c, kForce), 1);
  EXPECT_EQ(cardrt_game_use_ability(t, 0, c, 0), CARDRT_OK);
  EXPECT_EQ(cardrt_resource_get(t, 0, kFamilyHonor), 2);
  EXPECT_EQ(t.stat(c, kForce), 4);
  EXPECT_EQ(cardrt_game_use_ability(t, 0, c, 0), CARDRT_OK);  // unlimited
  EXPECT_EQ(cardrt_resource_get(t, 0, kFamilyHonor), 4);
  EXPECT_EQ(t.stat(c, kForce), 7);
  EXPECT_EQ(cardrt_resource_get(t, 1, kFamilyHonor), 0);
  EXPECT_EQ(t.count_log(CARDRT_LOG_RESOURCE_GAINED), 2);
  EXPECT_EQ(t.count_log(CARDRT_LOG_BONUS), 2);
  EXPECT_EQ(t.count_log(CARDRT_LOG_ABILITY_USED), 2);
  EXPECT_EQ(cardrt_game_end_turn(t), CARDRT_OK);
  EXPECT_EQ(t.stat(c, kForce), 1);  // "until the end of the turn"
  return t.text_log();
}

std::string play_herald(rt::TestGame& t) {
  const int32_t def = cardrt_cardpool_find(t.pool(), "Herald");
  EXPECT_EQ(def, 0);
  t.start();
  EXPECT_EQ(cardrt_game_begin_turn(t, 0), CARDRT_OK);
  const int32_t c = t.play(def, 0);
  EXPECT_EQ(cardrt_game_use_ability(t, 0, c, 0), CARDRT_OK);
  EXPECT_EQ(cardrt_resource_get(t, 0, kFamilyHonor), 0) << "not before the end of the turn";
  // saved while the delayed effect waits: its body is a function the library declared (cardrt_def_function)
  char error[256] = "";
  const int64_t n = cardrt_game_save(t, nullptr, 0, error, sizeof error);
  EXPECT_GT(n, 0) << error;
  if (n <= 0) return {};
  std::vector<uint8_t> bytes(static_cast<size_t>(n));
  EXPECT_EQ(cardrt_game_save(t, bytes.data(), n, error, sizeof error), n);
  cardrt_game* loaded = cardrt_game_load(t.profile(), t.pool(), bytes.data(), n, nullptr, error, sizeof error);
  EXPECT_NE(loaded, nullptr) << error;
  if (!loaded) return {};
  EXPECT_EQ(cardrt_game_end_turn(t), CARDRT_OK);
  EXPECT_EQ(cardrt_game_end_turn(loaded), CARDRT_OK);
  EXPECT_EQ(cardrt_resource_get(t, 0, kFamilyHonor), 2) << "002 rule 521: the delayed effect at the end of the turn";
  EXPECT_EQ(cardrt_resource_get(loaded, 0, kFamilyHonor), 2) << "the loaded game's delayed effect";
  const int64_t size = cardrt_log_render_text(loaded, nullptr, 0);
  std::string loaded_log(static_cast<size_t>(size), '\0');
  cardrt_log_render_text(loaded, loaded_log.data(), size);
  loaded_log.resize(static_cast<size_t>(size - 1));  // the size counts the NUL
  cardrt_game_destroy(loaded);
  const std::string log = t.text_log();
  EXPECT_EQ(loaded_log, log);
  return log;
}

std::string play_caster(rt::TestGame& t) {
  const int32_t sensei = cardrt_cardpool_find(t.pool(), "Sensei");
  const int32_t caster = cardrt_cardpool_find(t.pool(), "Caster");
  EXPECT_EQ(sensei, 0);
  EXPECT_EQ(caster, 1);
  t.start();
  EXPECT_EQ(cardrt_game_begin_turn(t, 0), CARDRT_OK);
  const int32_t s = t.play(sensei, 1);
  const int32_t c = t.play(caster, 0);
  const int32_t other = t.play(caster, 1);  // not a Samurai: not a legal target
  EXPECT_EQ(cardrt_game_use_ability(t, 0, c, 0), CARDRT_OK);
  EXPECT_EQ(t.stat(s, kForce), 4);
  EXPECT_EQ(t.stat(other, kForce), 1);
  EXPECT_EQ(cardrt_resource_get(t, 0, kFamilyHonor), 1);
  EXPECT_EQ(t.count_log(CARDRT_LOG_TARGETED), 1);
  // the filter ran in generated code for every candidate: only the Samurai was offered
  bool offered = false;
  for (const auto& options : t.script().seen_options)
    if (!options.empty()) {
      offered = true;
      EXPECT_EQ(options, std::vector<int32_t>{s});
    }
  EXPECT_TRUE(offered);
  return t.text_log();
}

std::string play_control_flow(rt::TestGame& t) {
  t.start();
  EXPECT_EQ(cardrt_game_begin_turn(t, 0), CARDRT_OK);
  const int32_t c = t.play(cardrt_cardpool_find(t.pool(), "Tester"), 0);
  EXPECT_EQ(cardrt_game_use_ability(t, 0, c, 0), CARDRT_OK);
  EXPECT_EQ(cardrt_resource_get(t, 0, 0), 3);              // Gold: 1 + 2; the short-circuited 50s never ran
  EXPECT_EQ(cardrt_resource_get(t, 0, kFamilyHonor), 11);  // 1 (then) + 10 (l1 == 1); not 100, 1000, 5000, 7000
  return t.text_log();
}

std::string jit_and_play(cardc::codegen::OptLevel level, const cardc::ir::Module& m,
                         std::string (*scenario)(rt::TestGame&)) {
  auto jit = cardc::Jit::create({level});
  EXPECT_TRUE(jit) << jit.error();
  if (!jit) return {};
  auto id = (*jit)->add(m);
  EXPECT_TRUE(id) << id.error();
  if (!id) return {};
  rt::TestGame t(rt::make_legends());  // destroyed before the Jit that owns its card code
  auto r = (*jit)->register_cards(*id, t.pool());
  EXPECT_TRUE(r) << r.error();
  if (!r) return {};
  EXPECT_EQ(*r, CARDRT_OK);
  return scenario(t);
}

TempDir::TempDir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "cardc-codegen-test-XXXXXX").string();
  if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
  path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
  if (!out) throw std::runtime_error("cannot write " + path);
}

}  // namespace cgtest
