-- Banner Sergeant (sets/skirmish.cards), as a YGOPro-style card script over the cardrt binding (lua_binding.cpp):
--   Other creatures you control have +1 ATK.
local rt, bench = cardrt, bench
local card_in_play, card_type, card_controller = rt.card_in_play, rt.card_type, rt.card_controller
local ctx_source, ctx_controller, stat_modify, for_each_card =
  rt.ctx_source, rt.ctx_controller, rt.stat_modify, rt.for_each_card
local ATTACK, CREATURE = 0, 1 -- heroes.game: stat Attack, card type Creature

local card = {}

local other_creature_you_control = bench.filter(function(g, ctx, c)
  return card_in_play(g, c) ~= 0 and c ~= ctx_source(g, ctx) and card_type(g, c) == CREATURE
    and card_controller(g, c) == ctx_controller(g, ctx)
end)

local plus_one_attack = bench.filter(function(g, ctx, c)
  stat_modify(g, ctx, c, ATTACK, 1, rt.DUR_CONTINUOUS)
  return rt.OK
end)

function card.banner(g, ctx)
  for_each_card(g, ctx, other_creature_you_control, plus_one_attack)
  return rt.OK
end

function card.register(pool)
  local def = rt.def_card(pool, "Banner Sergeant", "Creature")
  if def < 0 then return def end
  rt.def_stat(pool, def, "Attack", rt.BASE_VALUE, 2)
  rt.def_stat(pool, def, "Life", rt.BASE_VALUE, 4)
  rt.def_stat(pool, def, "Coin Cost", rt.BASE_VALUE, 4)
  rt.def_keyword(pool, def, "Human")
  rt.def_keyword(pool, def, "Warrior")
  local ab = rt.def_ability(pool, def, rt.AB_CONTINUOUS, 0, "", 0)
  rt.def_ability_fn(pool, def, ab, rt.FN_CONTINUOUS, bench.effect(card.banner))
  return rt.OK -- a definition that failed shows in effect_peers_agree
end

return card
