-- Ember Slinger (sets/skirmish.cards), as a YGOPro-style card script over the cardrt binding (lua_binding.cpp):
--   Action: Deal 1 wound to target creature.
local rt, bench = cardrt, bench
local card_in_play, card_type, target_cards, slot_get = rt.card_in_play, rt.card_type, rt.target_cards, rt.slot_get
local deal_damage = rt.deal_damage
local CREATURE = 1 -- heroes.game: card type Creature

local card = {}

local any_creature = bench.filter(function(g, ctx, c)
  return card_in_play(g, c) ~= 0 and card_type(g, c) == CREATURE
end)

function card.action(g, ctx)
  if target_cards(g, ctx, 0, any_creature, 1, 1, rt.TGT_FACE_FEATURES) ~= 0 then return rt.FAILED end
  deal_damage(g, ctx, slot_get(g, ctx, 0, 0), 1, 0)
  return rt.OK
end

function card.register(pool)
  local def = rt.def_card(pool, "Ember Slinger", "Creature")
  if def < 0 then return def end
  rt.def_stat(pool, def, "Attack", rt.BASE_VALUE, 1)
  rt.def_stat(pool, def, "Life", rt.BASE_VALUE, 4)
  rt.def_stat(pool, def, "Coin Cost", rt.BASE_VALUE, 2)
  rt.def_keyword(pool, def, "Elf")
  rt.def_keyword(pool, def, "Ranger")
  local ab = rt.def_ability(pool, def, rt.AB_ACTION, 0, "", 0)
  rt.def_ability_fn(pool, def, ab, rt.FN_EFFECT, bench.effect(card.action))
  return rt.OK -- a definition that failed shows in effect_peers_agree
end

return card
