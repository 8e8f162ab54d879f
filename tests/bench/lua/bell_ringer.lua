-- Bell Ringer (sets/skirmish.cards), as a YGOPro-style card script over the cardrt binding (lua_binding.cpp):
--   After your turn begins: Gain 1 prayer token.
local rt, bench = cardrt, bench
local ctx_event, ctx_controller, gain_resource = rt.ctx_event, rt.ctx_controller, rt.gain_resource
local PRAYER = 1 -- heroes.game: resource prayer token

local card = {}

function card.your_turn_begins(g, ctx)
  return ctx_event(g, ctx, rt.EVF_PLAYER) == ctx_controller(g, ctx)
end

function card.gain_prayer(g, ctx)
  gain_resource(g, ctx, ctx_controller(g, ctx), PRAYER, 1)
  return rt.OK
end

function card.register(pool)
  local def = rt.def_card(pool, "Bell Ringer", "Creature")
  if def < 0 then return def end
  rt.def_stat(pool, def, "Attack", rt.BASE_VALUE, 0)
  rt.def_stat(pool, def, "Life", rt.BASE_VALUE, 3)
  rt.def_stat(pool, def, "Coin Cost", rt.BASE_VALUE, 2)
  rt.def_keyword(pool, def, "Dwarf")
  rt.def_keyword(pool, def, "Bell")
  local ab = rt.def_ability(pool, def, rt.AB_TRIGGERED, 0, "turn_start", 0)
  rt.def_ability_fn(pool, def, ab, rt.FN_CONDITION, bench.effect(card.your_turn_begins))
  rt.def_ability_fn(pool, def, ab, rt.FN_EFFECT, bench.effect(card.gain_prayer))
  return rt.OK -- a definition that failed shows in effect_peers_agree
end

return card
