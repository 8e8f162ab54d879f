-- Hedge Mender (sets/skirmish.cards), as a YGOPro-style card script over the cardrt binding (lua_binding.cpp):
--   Action: Remove 1 wound from target creature.
--   After this creature is dealt wounds: Gain 1 coin.
local rt, bench = cardrt, bench
local card_in_play, card_type, target_cards, slot_get = rt.card_in_play, rt.card_type, rt.target_cards, rt.slot_get
local remove_counters, ctx_event, ctx_source = rt.remove_counters, rt.ctx_event, rt.ctx_source
local gain_resource, ctx_controller = rt.gain_resource, rt.ctx_controller
local CREATURE, WOUND, COIN = 1, 0, 0 -- heroes.game: card type Creature, status Wound, resource coin

local card = {}

local any_creature = bench.filter(function(g, ctx, c)
  return card_in_play(g, c) ~= 0 and card_type(g, c) == CREATURE
end)

function card.action(g, ctx)
  if target_cards(g, ctx, 0, any_creature, 1, 1, rt.TGT_FACE_FEATURES) ~= 0 then return rt.FAILED end
  remove_counters(g, ctx, slot_get(g, ctx, 0, 0), WOUND, 1)
  return rt.OK
end

function card.dealt_wounds(g, ctx)
  return ctx_event(g, ctx, rt.EVF_CARD) == ctx_source(g, ctx)
end

function card.gain_coin(g, ctx)
  gain_resource(g, ctx, ctx_controller(g, ctx), COIN, 1)
  return rt.OK
end

function card.register(pool)
  local def = rt.def_card(pool, "Hedge Mender", "Creature")
  if def < 0 then return def end
  rt.def_stat(pool, def, "Attack", rt.BASE_VALUE, 1)
  rt.def_stat(pool, def, "Life", rt.BASE_VALUE, 4)
  rt.def_stat(pool, def, "Coin Cost", rt.BASE_VALUE, 2)
  rt.def_keyword(pool, def, "Human")
  rt.def_keyword(pool, def, "Priest")
  local ab = rt.def_ability(pool, def, rt.AB_ACTION, 0, "", 0)
  rt.def_ability_fn(pool, def, ab, rt.FN_EFFECT, bench.effect(card.action))
  ab = rt.def_ability(pool, def, rt.AB_TRIGGERED, 0, "damaged", 0)
  rt.def_ability_fn(pool, def, ab, rt.FN_CONDITION, bench.effect(card.dealt_wounds))
  rt.def_ability_fn(pool, def, ab, rt.FN_EFFECT, bench.effect(card.gain_coin))
  return rt.OK -- a definition that failed shows in effect_peers_agree
end

return card
