-- Drill Captain (sets/skirmish.cards), as a YGOPro-style card script over the cardrt binding (lua_binding.cpp):
--   Action: Target a creature you control. It has +2 ATK until the end of the turn.
local rt, bench = cardrt, bench
local card_in_play, card_type, card_controller = rt.card_in_play, rt.card_type, rt.card_controller
local ctx_controller, target_cards, slot_get, stat_modify = rt.ctx_controller, rt.target_cards, rt.slot_get, rt.stat_modify
local ATTACK, CREATURE = 0, 1 -- heroes.game: stat Attack, card type Creature

local card = {}

local creature_you_control = bench.filter(function(g, ctx, c)
  return card_in_play(g, c) ~= 0 and card_type(g, c) == CREATURE and card_controller(g, c) == ctx_controller(g, ctx)
end)

function card.action(g, ctx)
  if target_cards(g, ctx, 0, creature_you_control, 1, 1, rt.TGT_FACE_FEATURES) ~= 0 then return rt.FAILED end
  stat_modify(g, ctx, slot_get(g, ctx, 0, 0), ATTACK, 2, rt.DUR_END_OF_TURN)
  return rt.OK
end

function card.register(pool)
  local def = rt.def_card(pool, "Drill Captain", "Creature")
  if def < 0 then return def end
  rt.def_stat(pool, def, "Attack", rt.BASE_VALUE, 2)
  rt.def_stat(pool, def, "Life", rt.BASE_VALUE, 5)
  rt.def_stat(pool, def, "Coin Cost", rt.BASE_VALUE, 3)
  rt.def_keyword(pool, def, "Human")
  rt.def_keyword(pool, def, "Warrior")
  local ab = rt.def_ability(pool, def, rt.AB_ACTION, 0, "", 0)
  rt.def_ability_fn(pool, def, ab, rt.FN_EFFECT, bench.effect(card.action))
  return rt.OK -- a definition that failed shows in effect_peers_agree
end

return card
