// The sentence shapes of English card text: one trait or ability (003 Traits, Abilities) over the tokens of
// WordingLexer.g4. Each rule builds one node of the meaning tree (compiler/meaning/meaning.h) in
// compiler/parse/wording_reader.cpp, which names the rule above the function that builds it.
// A unit is read only when these rules cover every one of its words; otherwise it is refused, naming the first word
// no rule reads (docs/meaning.md). Rules name meanings, never cards: add a shape here, a node if it is new, a
// lowering and a rendering (docs/meaning.md "Adding a sentence shape").
parser grammar Wording;
options { tokenVocab = WordingLexer; }

// ---------------------------------------------------------------- units
unit
  : header? evenIf? limit? (constraint COLON)* body EOF
  | header? trigger COMMA body EOF   // "After this Follower enters play, lose 1 Honor." (the trigger leads the sentence;
                                     // "Reaction: After ..., ..." after the designators)
  ;
// "Tactical Battle:", "Battle/Open:" (003 Abilities: keywords before the designators; order irrelevant)
header
  : KEYWORD* DESIGNATOR (SLASH DESIGNATOR)* COLON
  ;
// "Even if this card is bowed:", "Even if Nanae is bowed, target a Personality:": the ability may be used while the
// condition holds, though the rules would forbid it
evenIf
  : EVEN IF condition (COLON | COMMA)
  ;
// 003 Traits: "once (or twice, etc.) per turn (or ... game)" before the colon: how often the ability may be used, or the
// trait trigger ("Once per game:", "Twice per turn, after a Personality is bowed:")
limit
  : useLimit COLON
  | useLimit COMMA constraint COLON
  ;
useLimit
  : (ONCE | TWICE | amount TIMES) PER (turn | GAME)
  ;
constraint
  : trigger                     # triggerConstraint
  | constraintParts             # blockConstraint
  | IF condition                # conditionConstraint   // "If you have Reconnaissance:": usable only while it holds
  | IF condition COMMA constraintParts   # conditionPartsConstraint  // "If any enemy units are at the current battlefield, choose your performing Personality:"
  | cost (PERIOD cost)+         # costSentencesConstraint  // "Bow this card. Pay 3 Gold:": costs one sentence each (the importer's cost icons)
  | V_ROLL FOR STAT              # rollConstraint  // "Roll for Luck:": a die rolled as the effects begin, each sentence after it one outcome's (004 Luck, Resist)
  | trigger COMMA constraintParts   # triggerPartsConstraint  // "After Itao enters play, target a Follower in your hand:"
  ;
// "Bow this card and target an enemy Personality:", "Choose your performing unbowed Monk and target a Follower:"
constraintParts
  : constraintPart ((COMMA | COMMA? AND) constraintPart)*
  ;
constraintPart
  : cost (UNLESS condition)?    # costPart             // "Bow this Shugenja unless he is Void"
  | targeting                   # targetingPart
  | V_CHOOSE performer          # performerPart        // 001 Target: "choose" does not target
  ;
// "After this Personality enters play", "After your turn begins", "Before this card is destroyed"
trigger
  : timing subject=triggerSubject EVENT
  | timing YOU EVENT object=cardRef (TO (holder=cardRef | holders=cardFilter))?   // "After you Equip this Follower": you did it, to the card;
                                // "After you Equip this Spell to a Void Shugenja": the card it is now attached to
  | timing (subject=triggerSubject | YOU) EVENT object=cardRef? FROM (A | AN) ZONE   // "... enters play from a Province", "After you Recruit this Holding from a Province"
  | timing YOU EVENT IN YOUR ZONE AT THE START OF YOUR turn   // "After you reveal cards in your Provinces at the start of your turn": the Dynasty Events' moment
  | EVENT                       // "Invest: Pay 3 Gold: ...": the event named alone before its colon happens to this card
  | AS (A | AN) EVENT           // "As a Focus Effect: ...", "As a Focus Effect, ...": the same, printed as the pool words a
                                // Focus Effect (003 Traits: the trigger of a trait during a duel; docs/meaning.md 27)
  | timing actionBy EVENT (object=cardRef | objects=cardFilter) (TO (holder=cardRef | holders=cardFilter) | AT A BATTLEFIELD | FROM (A | AN) ZONE)?
                                // "After the action Equips a Spell to Rin", "After another player's Battle action targets this Personality"
  ;
// 003 Abilities: the action that did a trigger's event to a card: "the action" (the one an Interrupt answers), "an
// action", "your Battle action", "another player's action"
actionBy
  : (THE | A | AN | YOUR | anotherPlayers) DESIGNATOR? ACTION
  ;
timing
  : AFTER | BEFORE | WHEN
  ;
triggerSubject
  : cardRef                     # cardSubject
  | YOUR                        # yourSubject
  | anotherPlayers              # othersSubject    // "After another player's turn begins": another player's turn
  | article=(A | AN | THE)      # anySubject       // "After an Attack Phase ends", "After the battle ends": any one
  | cardFilter                  # filterSubject
  ;
// 003 Abilities C: costs are paid before the effects
cost
  : verb=(V_BOW | V_SET_STATE | V_DESTROY | V_DISCARD) cardRef (OR cardFilter)?   # cardCost  // "Bow this card", "Exhaust this card", "Destroy your performing Personality", "Discard this card"; "Bow Tomiko or one of her Spells": the card or one of those, the controller's choice
  | V_DISCARD cardFilter                        # discardCost        // "Discard a card": one of your hand
  | (V_PAY | V_LOSE) amount RESOURCE            # resourceCost
  | V_MOVE (HOME cardRef | cardRef HOME)        # moveHomeCost       // "Move your performing Personality home"
  | V_DISCARD deckTop                           # discardTopCost     // "Discard the top 3 cards of your Fate deck"
  ;
body
  : sentence whereX? (PERIOD sentence whereX?)* PERIOD?
  | constructor PERIOD?
  ;
// 002 524: an ability constructor, "Choose one or more: Gain 1 coin; Draw a card", "choose 2 times from: ...": the
// controller builds a chain of the options (the effects after the colon, one a clause) and queues it
constructor
  : V_CHOOSE (ONE OR MORE_ | amount TIMES FROM) COLON effect (SEMI effect)*
  ;
// 000 7.4: "Deal X wounds to target beast, where X is this beast's ATK": what the card's X stands for (7.4d: every X
// of the card), computed as the effect resolves
whereX
  : COMMA WHERE VARX IS (statOf | countOf)
  ;
// The sentences that begin with an effect are one alternative, told apart by the words after the effect (those that
// begin with "you may", "if" or a targeting, by an "in order to" after their effects): the parser reads the effect
// once, not once for each shape it might begin (docs/performance.md, session 23)
sentence
  : effect ( ((COMMA effect)* COMMA? AND effect)* (inOrderTo | AS cardRef V_MOVE)?   // "Bow him, dishonor him, and destroy him": one after the other; "Bow him to gain 2 Honor"
                                        // "Move him home and straighten his unit as he moves": the last with the move before it, if it happened
           | IF condition               // "Destroy him if he is Shadowlands"
           | OR effect                  // "Move him home or give him +2F": the controller chooses one
           | OR cardFilter              // "Bow him or all of his attachments": the verb shared, the cards it acts on chosen
           )                            # effectSentence
  | YOU MAY effect (((COMMA effect)* COMMA? AND effect)* inOrderTo)?   # optionalSentence  // "You may draw a card", "You may bow him to gain 2 Honor"
  | IF condition COMMA ((YOU MAY?)? effect ((COMMA effect)* COMMA? AND effect)* inOrderTo? | player effect ((COMMA effect)* COMMA? AND effect)*)   # conditionalSentence  // "If it is your turn, draw a card", "If he is dishonorable, his controller loses 2 Honor", "If he is a Kensai, you may bow him to ..."
  | OTHERWISE COMMA ((YOU MAY)? effect | player effect) ((COMMA effect)* COMMA? AND effect)*   # otherwiseSentence  // "If he is dishonorable, ... . Otherwise, gain 1 Honor": when the condition of the sentence before fails
  | player effect               # playerSentence   // "His controller loses 1 Honor"
  | player first=choiceVerb OR effect   # playerVerbChoiceSentence  // "A target player gains or loses 2 Honor": the controller chooses which
  | first=choiceVerb OR effect   # verbChoiceSentence  // "Bow or straighten him", "Raise or lower his Force by 2": the verbs share the rest
  | V_CHOOSE chosenCount? cardFilter            # chooseCardsSentence // "Choose 2 beasts you rule": no targeting (001 Target)
  | (YOU MAY)? targeting (inOrderTo | AND effect ((COMMA effect)* COMMA? AND effect)*)?   # targetingSentence  // "Target an opposing Personality"; "Target your performing Tactician to give him +1F"; "You may target your Personality and move him home"
  | statement                   # statementSentence
  | attachRequirement           # attachSentence
  | statOperation               # operationSentence  // "Halve its ATK", "Its ATK is divided by 2" (002 523)
  | enteringPlay                # enteringSentence   // "This Holding enters play bowed" (003 Gold Cost)
  | moment COMMA ((YOU MAY)? effect | player effect) (COMMA? AND effect)*   # delayedSentence  // "After the next time this turn he is destroyed, gain 2 Honor" (002 521)
  | challenger=cardRef V_CHALLENGE challenged=cardRef (TO A DUEL)?   # duelSentence  // "This Personality challenges him", "Your target Personality challenges a target enemy Personality to a duel" (docs/meaning.md 27)
  ;
// "... to gain 2 Honor": the effects after "to", done only if those before it were
inOrderTo
  : TO effect ((COMMA effect)* COMMA? AND effect)*
  | (SEMI | PERIOD) IF YOU (DID | DO) COMMA effect ((COMMA effect)* COMMA? AND effect)*   // "You may discard a Kiho; if you did, destroy the target": what "to" says
  ;
// 002 rule 521: the moment a delayed effect waits for, an event about a card: "After the next time this turn it bows",
// "After each time he assigns this turn", "After the target attacks this turn", "... during a battle" (a battle under
// way). With neither "the next time" nor a span it would be a trigger ("After he is destroyed, ..."): not a moment.
moment
  : timing (THE which=(NEXT | FIRST) TIME | EACH TIME) before=momentSpan? cardRef EVENT after=momentSpan? (DURING A DESIGNATOR)?
  | timing cardRef EVENT after=momentSpan (DURING A DESIGNATOR)?
  | timing YOUR NEXT EVENT      // "When your next turn begins": a boundary the profile declares of a turn, your next one (001 Turn)
  | timing THIS EVENT           // "After this duel ends": a boundary the profile declares ([boundary = duel end]) of the
                                // duel under way (docs/meaning.md 27)
  ;
// how long it is waited for: "this turn", "this phase", "this battle" (the designator of battles), "this game"
momentSpan
  : THIS (turn | PHASE | DESIGNATOR | GAME)
  ;
// 001 Attach, Transfer: what this card may be attached to ("Will only attach to a Samurai", "Can only Equip to a Crane
// Clan Personality"; "Will not attach to a Shadowlands Personality")
attachRequirement
  : (WILL | CAN | MAY) (ONLY | NOT) V_ATTACH TO cardFilter
  ;

// ---------------------------------------------------------------- conditions
// Parts joined by one connective: "If you control a Courtier and it is your turn"
condition
  : conditionPart (AND conditionPart)*          # allConditions
  | conditionPart (OR conditionPart)+           # anyConditions
  ;
conditionPart
  : cardRef IS NOT? description                 # cardIsCondition      // "he is Kolat, Ninja, or Shadowlands"
  | cardRef IS NOT? battleRole                   # cardInBattleCondition  // "he is defending"
  | cardRef WOULD BE OPPOSED                     # wouldBeOpposedCondition  // "he would be opposed" (were he at the current battlefield)
  | cardRef MOVED                               # movedCondition       // "he moved": the unit's move before it took him
  | cardRef IS NOT? NOW? (AT place | THERE)      # cardAtCondition      // "he is at the current battlefield", "he is now there"
  | cardRef HAS NO attachedCards                 # hasNoCondition       // "it has no attachments" (001 Attach)
  | YOU control cardFilter                      # youControlCondition  // "you control a Courtier"
  | ANY side=(ENEMY | OPPOSING | YOUR)? UNITS ARE (AT place | THERE)   # unitsAtCondition  // "any enemy units are at the current battlefield"
  | YOU HAVE RESOURCE                           # youHaveCondition     // "you have Reconnaissance"
  | YOU HAVE amount OR more=(FEWER | LESS | MORE_) (CARDS IN YOUR ZONE | RESOURCE)   # youHaveHowManyCondition  // "you have four or fewer cards in your hand", "you have 10 or more Gold"
  | YOU ARE (A | AN)? KEYWORD (OR KEYWORD)* PLAYER?   # youAreCondition  // "you are a Crab Clan player" (the profile's player keywords)
  | (owner=(HIS | HER | ITS) | cardRef POSS) base=(BASE | PRINTED)? STAT IS NOW? amount (OR comparative)?   # statIsCondition  // "his Force is now 0"
  | cardRef NOW? HAS amount STAT                                                      # hasStatCondition // "he now has 0 Force"
  | IT IS NOT? YOUR turn                        # yourTurnCondition
  | cardRef IS STATE IN (ONE OF (YOUR ZONE | THEM) | YOUR ZONE)   # inProvincesCondition  // "this Event is face-up in one of them", "Ashiko is face-up in one of your Provinces"
  | army HAS comparison=(FEWER | MORE_) UNITS THAN than=army   # armyUnitsCondition   // "her army has fewer units than the enemy army"
  | army IS NOT? OPPOSED                        # armyOpposedCondition  // "your current army is opposed"
  | THERE (IS | ARE) amount (OR more=(MORE_ | FEWER))? (UNIT | UNITS) IN army   # armySizeCondition  // "there are two or more units in his army"
  | heldCondition                               # cardHeldCondition  // docs/meaning.md 25
  | outcome=(SUCCESSFUL | UNSUCCESSFUL)         # rollResultCondition  // "if successful": the outcome of the unit's roll (004 Luck)
  | cardRef result=(V_WIN | V_LOSE) THE DUEL     # duelResultCondition  // "this Personality wins the duel", "he loses the duel" (docs/meaning.md 27)
  ;
// What a card is, has or is attached to, and what another player controls (docs/meaning.md 25)
heldCondition
  : cardRef IS NOT? ATTACHED TO cardFilter      # attachedToCondition   // "this Follower is attached to an Earth Shugenja"
  | cardRef HAS attachedCards ATTACHED?         # hasAttachedCondition  // "Juriken has a Gaijin or Peasant Weapon attached"
  | cardRef HAS ANY STATUS                      # hasAnyTokensCondition // "your Monk has any Fire tokens" (001 Token)
  | cardRef IS NOT? (A | AN) nouns              # cardTypeCondition     // "it is an attachment", "the target is a Follower"
  | ANOTHER PLAYER (CONTROLS | V_TAKE_CONTROL) cardFilter   # anotherControlsCondition  // "another player controls a dishonorable Personality"
  | YOU control ANY cardFilter                  # youControlAnyCondition    // "you control any Rings": some card of the set
  | YOU ARE THE side=(ATTACKER | DEFENDER)      # battleSideCondition       // "you are the Attacker"
  | cardRef IS opposing                         # opposingCondition         // "it is opposing a bowed Follower or Personality"
  ;
// "opposing this Item", "opposing a Shadowlands card", "opposing any dishonorable Personalities" (docs/meaning.md 25)
opposing
  : OPPOSING (cardRef | ANY? cardFilter)
  ;
// "turn": a profile may declare "Turn" a verb ("Turn a card face-up"); after "your" it is the noun
turn
  : TURN | V_FLIP
  ;
// what a card is said to be: in a state, or of one of some keywords or descriptions of the profile ("dishonorable")
description
  : STATE                                                       # stateDescription
  | (A | AN)? trait ((COMMA trait)* COMMA? OR trait)?           # keywordDescription
  ;
trait
  : KEYWORD | DESCRIPTION
  ;

// ---------------------------------------------------------------- targeting (001 Target)
// "Target an opposing Personality", "Target a Follower you control"
targeting
  : V_TARGET targetCount? cardFilter    // "Target one or two of your unbowed Personalities": several cards
  | V_TARGET performer    // "Target your performing Courtier": the target is the card performing the action (001 Tactician)
  ;
// how many cards one targeting takes: "one or two", "one or more", "up to two", "two"
targetCount
  : amount OR (amount | MORE_)
  | UP TO amount
  | count=(TWO | THREE | FOUR | FIVE | NUMBER)
  ;

// ---------------------------------------------------------------- effects: one frame per primitive
effect
  : verb=(V_GAIN | V_LOSE | V_PRODUCE) (amount RESOURCE (perCard | orResource)? | RESOURCE EQUAL TO statOf) duration?   # resourceEffect
  | V_DRAW amount (CARD | CARDS)                                       # drawEffect
  | verb=(V_BOW | V_STRAIGHTEN | V_DESTROY | V_SET_STATE) cardRef     # cardEffect   // "Dishonor him": a profile state's verb
  | verb=(V_BOW | V_STRAIGHTEN | V_DESTROY | V_SET_STATE) cardFilter  # chosenCardEffect  // "Destroy one of his attachments": one chosen as it resolves (001 Target: not targeted)
  | V_TARGET AND verb=(V_BOW | V_STRAIGHTEN | V_DESTROY | V_SET_STATE) cardFilter   # targetAndCardEffect
  | V_TARGET AND V_GIVE cardFilter gifts duration?                    # targetAndGiveEffect  // "target and give your Yojimbo Personality Conqueror"
  | verb=(V_INCREASE | V_REDUCE) (owner=(HIS | HER | ITS) | cardRef POSS) STAT BY (amount | statOf) duration?   # raiseEffect  // "Reduce his Force by 2", "Raise this Shugenja's Force by his Chi"  // "target and bow an enemy Personality"
  | V_DEAL amount STATUS TO cardRef (COMMA? IGNORING STAT)?          # dealEffect      // "Deal 2 wounds to target beast"
  | V_INFLICT STATUS ON cardRef (COMMA? IGNORING STAT)?              # inflictEffect
  | V_SWITCH (owner=(HIS | HER | ITS) | cardRef POSS) first=STAT AND second=STAT duration?   # switchEffect  // "Switch his Force and Chi" (003 Stats)
  | V_SWITCH (owner=(HIS | HER | ITS) | first=cardRef POSS) AND second=cardRef POSS STAT duration?   # switchCardsEffect  // "Switch the target's and this Follower's Force"
  | V_HEAL amount (STATUS ON cardRef)?                                # healEffect      // "Heal 2" (your hero: 002 520.2), "Heal 2 wounds on target beast"   // "Inflict Poison on target unit" (004 Status)
  | V_GIVE (cardRef (AND EACH cardFilter)? | EACH cardFilter) gifts duration?   # giveEffect  // "Give him and each of his Followers +3F"
  | V_MOVE (HOME cardRef (AND other=cardRef)? | cardRef HOME)         # moveHomeEffect  // "Move him home", "Move home a target Personality", "Move home this unit and a target enemy unit"
  | V_MOVE cardRef (TO place | THERE)                                 # moveToBattleEffect  // "Move him to the current battlefield", "Move him there"
  | V_MOVE cardRef TO V_ASSIGN opposed=cardRef                        # moveToOpposeEffect  // "Move this Personality to oppose him"
  | keywordAction                                                     # keywordActionEffect
  | verb=(V_TAKE_ACTION | V_DISCARD) THE RESOURCE                      # uniqueResourceEffect  // "Take the Imperial Favor"
  | V_TAKE_ACTION amount ADDITIONAL (DESIGNATOR (OR DESIGNATOR)*)? (ACTION | ACTIONS) (COMMA? WHICH cardRef MUST PERFORM)?  # additionalActionEffect
                                // "Take an additional Battle action"; "..., which he must perform": that card performs it (001 Tactician)
  | V_DISCARD cardFilter                                              # discardEffect
  | V_PUT (cardRef | cardFilter) INTO zoneOf                          # putEffect       // "Put this Strategy into play"
  | V_CREATE amount statLine? (KEYWORD ((BULLET | COMMA)? KEYWORD)*)? (CARD_TYPE | CARD_TYPES) CARD? (AT place)?   # createEffect  // 003 Created cards   // "Discard a card", "Discard a Kiho to ..."
  | V_GIVE province provinceChange duration?                          # provinceGiveEffect    // "Give this Province +3 strength"
  | verb=(V_INCREASE | V_REDUCE) province POSS STRENGTH BY (amount | statOf)   # provinceStrengthEffect  // "Increase the current province's strength by 2"
  | V_DESTROY province                                                # provinceDestroyEffect // "Destroy one of your Provinces"
  | V_REMOVE KEYWORD FROM cardRef duration?                           # removeKeywordEffect   // "Remove Ninja from Hurunayi" (003 Keywords)
  | V_WIN THE GAME                                                    # winEffect             // "you win the game" (the controller wins)
  | V_REMOVE cardRef FROM THE GAME                                    # removeFromGameEffect  // "Remove this Spell from the game"
  | V_REMOVE (ALL | amount) STATUS (COUNTER | COUNTERS)? FROM cardRef # removeCountersEffect  // "Remove 2 damage counters from it", "Remove all Poison counters from target unit" (004 Status)
  | V_REMOVE ALL COUNTERS OF ONE STATUS_NOUN FROM cardRef             # removeStatusEffect    // "Remove all counters of one Status from target unit": the controller chooses which as it resolves
  | V_PUT province STATE?                                             # refillEffect          // "Refill this Province face-up"
  | V_ATTACH card=cardRef TO host=cardRef (COMMA payment)?             # attachEffect          // "Attach it to him, paying all costs"; a card just created, paying nothing
  | V_PRODUCE amount RESOURCE earmark                                  # earmarkedEffect       // "Produce 2 Gold, which can only pay for a single Mine"
  | deckEffect                                                        # deckCardsEffect       // "Look at the top three cards of your Fate deck"
  | V_MOVE cardRef INTO army                                          # moveIntoArmyEffect    // "Move him into your defending army"
  ;
// A keyword action the profile declares, its strength where the profile puts it (docs/language.md, Keyword actions):
// "Ranged 3 Attack", "Fear 2", "Ranged Attack with strength equal to his Chi"
keywordAction
  : KEYWORD_ACTION amount ACTION_TAIL? (strengthBonus (COMMA? AND strengthBonus)* | orStrength)?
  | KEYWORD_ACTION (WITH (A | AN)? STRENGTH)? EQUAL TO statOf    // "Fear equal to his Force", "Fear with a strength ..."
  ;
// ", with +2 strength if you control a Shugenja": more strength while the condition holds
strengthBonus
  : COMMA? WITH MODIFIER STRENGTH IF condition
  ;
// ", or Ranged 4 Attack if the target is Shadowlands": another strength while the condition holds
orStrength
  : COMMA OR KEYWORD_ACTION amount ACTION_TAIL? IF condition
  ;
// ", or 3 Gold if it is not your turn": another amount of the same resource while the condition holds
orResource
  : COMMA OR amount RESOURCE IF condition
  ;
// "2F/2C/3PH": a created card's printed stats
statLine
  : STAT_VALUE (SLASH STAT_VALUE)*
  ;
// a verb printed before "or" and another verb that says the rest for both ("Bow or straighten him")
choiceVerb
  : V_BOW | V_STRAIGHTEN | V_DESTROY | V_SET_STATE | V_INCREASE | V_REDUCE | V_GAIN | V_LOSE
  ;
// What "Give" gives (003 Stats, Keywords): "+2F", "+1F/+1C", "Cavalry", "+1F, Shadowlands and Naval"
gifts
  : gift ((COMMA | COMMA? AND) gift)*
  ;
gift
  : statChange (SLASH statChange)* perCard?     # statGift    // "-1F for each Samurai Personality you control"
  | statChange orChange                         # orGift      // "-2F, or -3F if he is defending"
  | statChange OR statChange                    # eitherGift  // "+2F or -2F": the controller chooses one as it resolves
  | KEYWORD                                     # keywordGift
  | amount (statChange (SLASH statChange)*)? STATUS   # tokenGift   // "a +1F token", "two +1F Fire tokens", "a -1F/-1C Poison token" (001 Token)
  | (A | AN) STAT kind=(BONUS | PENALTY) (OR other=(BONUS | PENALTY))? EQUAL TO statOf   # equalGift   // "a Force penalty equal to his Chi", "a Force bonus or penalty equal to ..."
  | granted                                     # grantedGift // "the ability, "Battle: ..."", "the trait "..."" (003 Embedded text)
  ;
// 003 Embedded text: a trait or ability in quotes, a unit of its own
granted
  : THE (ABILITY | TRAIT) COMMA? EMBEDDED
  ;
// "He has -2F until the battle ends", "Your Samurai Personalities have +1F": stat changes (003 Stats); a keyword with
// them or alone ("+3F and Elite", "Naval"); a continuous trait may hold only while a condition does ("while defending")
statement
  : cardRef HAS traits duration? (COMMA? WHILE whileCondition)?  # cardStatement
  | cardRef loss=(V_LOSE | V_SUFFER) statChanges duration?      # lossStatement   // "He loses 1F", "He suffers -1F": a penalty (003 Stats)
  | cardFilter HAVE traits duration? (WHILE whileCondition)?    # groupStatement
  | WHILE whileCondition COMMA (cardRef HAS | cardFilter HAVE) traits   # whileFirstStatement  // "While this Shugenja is Fire, he has +1F"
  | cardRef? negation restricted restrictionSpan?               # restrictionStatement  // 003 Traits: "This unit cannot attack"; "Cannot attach Items": the card itself; "He may not perform actions this turn"
  | (owner=(HIS | HER | ITS) | cardRef POSS) ABILITIES negation BE USED restrictionSpan?   # abilitiesRestriction  // "A target Holding's abilities may not be used"
  | CARD EFFECTS negation V_MOVE cardRef restrictionSpan?        # movedRestriction      // "Card effects will not move this Personality": by effects only
  | KEYWORD_ACTION (AND KEYWORD_ACTION)* ACTION_TAIL negation V_TARGET cardFilter   # attackTargetRestriction  // "Ranged Attacks cannot target cards in this unit"
  | DESIGNATOR RESOLUTION negation V_BOW cardFilter              # resolutionRestriction // "Battle resolution does not bow cards in this unit"
  | cardRef V_USE own=(HIS | HER | ITS) PRINTED? STAT AS as=(HIS | HER | ITS) DUEL STAT_NOUN   # duelStatStatement  // "Nikaru uses his printed Force as his duel stat" (003 Focus Value)
  | V_NEGATE owner=(HIS | HER | ITS) NEXT? procedure=(STRAIGHTENING | MOVEMENT) restrictionSpan?   # negateRestriction  // "Negate his next straightening this turn", "Negate his movement": a restriction on him
  | KEYWORD_ACTION (AND KEYWORD_ACTION)* ACTION_TAIL TARGETING cardRef HAVE MODIFIER STRENGTH   # actionStrengthStatement  // "Melee and Ranged Attacks targeting this Personality have -2 strength"
  | (owner=(HIS | HER | ITS) | cardRef POSS) bound=(MAXIMUM | MINIMUM) STAT IS amount duration?   # limitStatement  // "His maximum Force is 1 until the battle ends"
  | YOUR? ZONE HAVE MODIFIER STRENGTH (WHILE whileCondition)?   # provinceStatement  // "Your provinces have +2 strength" (003 Stats), "... while another player controls ..." 
  | cardRef HAS traits WHEN IT V_PAY FOR A SINGLE targetNoun ONLY   # payingStatement  // "This Holding has +2GP when it pays for a single Shugenja only" (003 Gold Cost)
  ;
// the words of a restriction's "not" (003 Traits: "cannot", "may not"; the same meaning, each printed as it was)
negation
  : CANNOT | CAN NOT | MAY NOT | WILL NOT | DOES NOT
  ;
// how long a restriction an effect makes lasts: a duration of the profile, or "this turn" (to the end of the turn when
// none is given, as any effect's)
restrictionSpan
  : duration | momentSpan
  ;
// what a card may not do, or have done to it
restricted
  : V_ATTACK cardFilter?                        # attackRestricted    // "cannot attack", "cannot attack structures"
  | BE DESTROYED                                # destroyedRestricted // "cannot be destroyed"
  | BE INFLICTED WITH STATUSES                  # statusRestricted    // "cannot be inflicted with Statuses" (004 Status)
  | V_ATTACH cardFilter                         # attachRestricted    // "cannot attach Items", "will not attach cards": have them attached (001 Attach)
  | PERFORM ACTIONS                             # performRestricted   // "may not perform actions": its own abilities (001 Tactician)
  | BE ASSIGNED TO V_ATTACK                     # assignRestricted    // "may not be assigned to attack": the engine's assignment
  | CONTRIBUTE STAT (TO owner=(HIS | HER | ITS) ARMY)? (DURING DESIGNATOR RESOLUTION)? (WHILE whileCondition)?   # contributeRestricted  // "does not contribute Force (to his army during battle resolution) while unbowed"
  ;
// "+1F for each Samurai you control": changes that fluctuate with a count (003 Stats)
traits
  : statChanges perCard? (AND KEYWORD)?
  | statChange orChange         // "+3F, or +4F while he is Fire"
  | KEYWORD
  | (statChanges COMMA? AND)? granted   // "Your Samurai have +1F and the ability, "..."" (003 Embedded text)
  ;
// ", or -3F if he is defending", ", or +4F while he is Fire": another change of the same stat while the condition holds
orChange
  : COMMA OR statChange (IF condition | WHILE whileCondition)
  ;
// after "while": about the card the trait describes when no card is named ("while attacking", "while attached to a
// Ratling"), or a condition ("while he has a Spell", "while you control a Geisha")
whileCondition
  : battleRole                                  # roleWhile
  | ATTACHED TO cardFilter                      # attachedToWhile
  | cardRef HAS attachedCards                   # hasWhile
  | opposing                                    # opposingWhile   // "while opposing this Item" (docs/meaning.md 25)
  | STATE                                       # stateWhile      // "while unbowed": the card the trait describes is in that state
  | condition                                   # conditionWhile
  ;
battleRole
  : ATTACKING | DEFENDING | OPPOSED
  ;
statChanges
  : statChange ((AND | SLASH) statChange)*     // "+1F/+1C" is "+1F and +1C"
  ;
// "+2F", "+2 LK", "ATK -3"
statChange
  : MODIFIER STAT?
  | STAT MODIFIER
  ;
duration
  : DURATION
  ;

// ---------------------------------------------------------------- players
// the player who does what the verb says: "his controller", "the target's controller"
player
  : (owner=(HIS | HER | ITS) | cardRef POSS) CONTROLLER
  | EACH OTHER? PLAYER          // "Each player loses 1 Honor": every player (or every other) in turn
  | A V_TARGET PLAYER           // "A target player loses 1 Honor" (001 Target: a player may be the target)
  | ALL OTHER? PLAYERS          // "All players lose 3 Honor"
  | EACH OTHER? PLAYER WHO (DOES NOT control | CONTROLS | V_TAKE_CONTROL) cardFilter   // "Each player who does not control an Ancestor Personality loses 2 Honor"
  ;

// ---------------------------------------------------------------- references (001 This)
cardRef
  : THIS noun=(CARD_TYPE | CARD | KEYWORD)      # thisRef
  | pronoun=(HE | SHE | IT | HIM | HER | THEY | THEM)   # pronounRef   // "them": every card of a targeting of several
  | (A | AN | owner=YOUR)? V_TARGET targetNoun   # inlineTargetRef
  | performer                                   # performerRef
  | YOUR V_TARGET PERFORMING performed          # performingTargetRef // "your target performing Ancestor" (001 Tactician)
  | THE V_TARGET                                # theTargetRef        // the unit's one target
  | THE CARD                                    # theCardRef          // the card just discarded ("the card's Focus Value")
  | THE side=(ENEMY | OPPOSING)? noun=(CARD_TYPE | KEYWORD)   # theNounRef  // "Bow the Personality": the unit's one target of that noun; "the enemy Personality": of that side
  | EACH V_TARGET                               # eachTargetRef       // "each target's Force": every card of the unit's one targeting of several
  | targetCount (OF owner=YOUR)? V_TARGET targetNoun   # countedTargetRef  // "one or two target attachments", "one or more of your target Shugenja"
  | YOUR noun=(KEYWORD | CARD_TYPE)             # performerAgainRef   // "your Monk": the performer named again
  | NAME                                        # nameRef             // the card's own name (003 Card title)
  | THIS UNIT                                   # thisUnitRef         // 001 This: the card's unit
  | owner=(HIS | HER | ITS) UNIT                # unitOfRef           // "Straighten his unit": the unit he is in
  | owner=ITS noun=CARD_TYPE                    # bearerRef           // "its Personality" on an attachment: the card it is attached to (001 Attach)
  | (THE (DUEL POSS)? | THIS DUEL POSS | ITS) which=(WINNER | LOSER)   # duelistRef  // "the loser", "the duel's winner", "its winner" (docs/meaning.md 27)
  | YOUR noun=CARD_TYPE IN (IT | THIS DUEL)     # yourDuelistRef      // "your Personality in it": yours of the duel under way
  ;
// The card performing an action that no card prints as its own (001 Tactician): "your performing unbowed Monk",
// "your performing Courtier at any location" (a Battle action's performer is otherwise at the current battlefield)
performer
  : YOUR PERFORMING performed
  ;
performed
  : (STATE | DESCRIPTION)* (KEYWORD* nouns | KEYWORD+) (AT ANY LOCATION)?
  ;
// after "target": "Personality", "opposing Samurai Personality you control", "unbowed Scout"
targetNoun
  : side=(YOUR | OPPOSING | ENEMY)? OTHER? (STATE | DESCRIPTION | battleRole)* notKind* keywordChoice? (KEYWORD* nouns | KEYWORD+) filterClause*
  ;

// ---------------------------------------------------------------- card sets
// "an opposing Personality", "a Samurai Personality you control", "Your Samurai Personalities",
// "Other units you control", "an opposing Personality with 2 Chi or less", "an unbowed Follower or Item"
// A card named by its keywords alone is any card with them ("an unbowed Samurai", 003 Keywords).
cardFilter
  : (article=(A | AN | ANOTHER)? side=(YOUR | OPPOSING | ENEMY)? | anotherPlayers | partitive) OTHER? (STATE | DESCRIPTION | battleRole)* notKind* keywordChoice? (KEYWORD* nouns | KEYWORD+) filterClause*
    (OR alternative=cardFilter)?  // "an Air Shugenja or a Holding": whole noun phrases, each its own set
  ;
// "a non-Unique Follower", "your non-Shadowlands Personalities", "a non-Ring card": a card without that keyword, or
// not of that card type (003 Keywords)
notKind
  : NON (KEYWORD | CARD_TYPE)
  ;
// "a Nonhuman or Shadowlands Personality", "your Earth or Water Shugenja", "a Courtier or Shugenja": the card has one of
// these keywords or the keyword after them (the first of the KEYWORDs that follow); the others after it, all of them
keywordChoice
  : (KEYWORD OR)+
  | (KEYWORD COMMA)+ KEYWORD COMMA? OR    // "a Daimyo, Duelist, or Kensai Personality": one of them (docs/meaning.md 25)
  | (KEYWORD AND)+    // "Fudo and Fallen Personalities": several cards, those of each keyword (the same as "or")
  ;
// "one of your Personalities", "one of his Weapons", "(each) of Higaru's Swords", "all of his attachments": one (or, after
// "each", or with "all", every) of your
// cards or of the cards attached to a card (001 Attach), named in the plural
partitive
  : (ONE | ALL)? OF (YOUR | owner=(HIS | HER | ITS) | cardRef POSS)
  | ALL owner=(HIS | HER | ITS)   // "all his attachments": the same as "all of his"
  ;
// "another player's Personality": a card a player other than you controls
anotherPlayers
  : ANOTHER PLAYER POSS
  ;
// the card types a card may be, one of them ("Follower or Item"); "card": any
nouns
  : CARD_TYPE (OR CARD_TYPE)*
  | CARD_TYPES (OR CARD_TYPES)*
  | CARD_TYPES (AND CARD_TYPES)+  // "Your Personalities and Followers": every card of each type (the same as "or")
  | CARD
  | CARDS
  | ATTACHMENT                  // 001 Attach: a card attached to another
  | ATTACHMENTS
  | UNIT                        // "a target enemy unit": a unit (001 This: a person and the cards attached to him), named by its head
  ;
filterClause
  : YOU control                                 # youControl
  | WITH amount base=(BASE | PRINTED)? STAT OR comparison=(LESS | MORE_)   # statAtMost
  | WITH amount OR comparative base=(BASE | PRINTED)? STAT   # statOrLower      // "with 4 or lower Force"
  | WITH (EQUAL OR)? comparative base=(BASE | PRINTED)? STAT (THAN compared)?   # statThan   // "with lower Personal Honor than this Personality"
                                                    // "with lower Force": than the card performing the action
  | WITH base=(BASE | PRINTED)? STAT (comparative THAN (OR EQUAL TO)? | EQUAL TO OR comparative THAN) compared   # statComparedThan
                                                    // "with Force less than or equal to his Chi", "with Gold Cost lower than Fushiki's"
  | WITHOUT attachedCards                        # withoutAttached  // "without attachments", "without a Weapon or Armor"
  | WITH (A | AN) attachedKind (OR attachedKind)*   # withAttached  // "with a Weapon": one such card is attached (001 Attach)
  | WITH NO attachedCards                       # withNoAttached   // "with no Followers": without
  | AT place                                    # atPlace          // "at the current battlefield", "at home"
  | (IN | FROM) zoneIn                          # inZone           // "in your discard pile", "from your hand", "in play"
  | IN cardRef                                  # inUnit           // "in this unit", "in his unit" (001 This)
  | IN army                                     # inArmy           // "in your army", "in the enemy army", "in this army"
  | WHOSE whoseStat IS NOW? whoseBound          # whoseStatIs      // "whose Force is 7 or higher", "whose unit's total Force is 7 or higher"
  | WHOSE UNIT HAS (EQUAL OR)? comparative TOTAL STAT THAN compared   # whoseUnitHas  // "whose unit has lower total Force than this unit"
  | relative=(WHO | THAT) HAS (A | AN) STATUS   # hasTokenClause   // "a Personality who has a Madness token" (001 Token)
  ;
comparative
  : LESS | LOWER | MORE_ | HIGHER
  ;
// what a stat is compared with (000 7.2: its current value): a number, a card's stat, or a card (the same stat:
// "than this Personality", "than Fushiki's")
compared
  : NUMBER
  | statOf
  | cardRef POSS?
  ;
// 001 Battlefields: where a card is
place
  : HOME
  | THE CURRENT BATTLEFIELD
  | THIS BATTLEFIELD            // 001: "this battlefield" refers to the current battlefield
  | ANY BATTLEFIELD
  | ANOTHER BATTLEFIELD
  ;
// what may be attached to a card: any attachment, cards of a type that attaches, or of one of some kinds
attachedCards
  : ATTACHMENTS
  | CARD_TYPES
  | (A | AN) attachedKind (OR attachedKind)*
  | (A | AN) keywordChoice? KEYWORD attachedKind  // "a Gaijin or Peasant Weapon", "a Fire Spell": one with the keyword(s) before it (docs/meaning.md 25)
  ;
attachedKind
  : KEYWORD | CARD_TYPE
  ;

// the zones a card of a set is in: yours ("in your hand or discard pile"), or the one zone of the game ("in play")
zoneIn
  : YOUR? ZONE (OR ZONE)*
  ;

// a zone a card goes to: of the card's owner ("into its owner's hand"), yours ("into your hand"), or the one zone of
// the game ("into play")
zoneOf
  : (YOUR | (ITS | HIS | HER) OWNER POSS)? ZONE
  ;

// "you control": a profile may declare "Control" a verb (taking control); after "you" it is the relation
control
  : CONTROL | RULE | V_TAKE_CONTROL
  ;

// ---------------------------------------------------------------- amounts (000 7)
amount
  : NUMBER | VARX | A | AN | ZERO | ONE | TWO | THREE | FOUR | FIVE
  ;
// How many cards "choose" picks: a number, or one by the filter's article ("Choose a beast"). A sign is read only so
// that the check can say a negative number cannot be chosen (000 7.2: "Choose -2 beasts").
chosenCount
  : NUMBER | VARX | TWO | THREE | FOUR | FIVE | MODIFIER
  ;
// A card's stat as an amount, its current value (000 7.2): "his Chi", "Akagi's Force", "this Shugenja's Chi",
// "your target Personality's Chi", "his own Personal Honor"
statOf
  : (owner=(HIS | HER | ITS) | cardRef POSS) OWN? base=(BASE | PRINTED)? STAT (MINUS minus=amount)?   // "his Force minus 1"
  ;
// How many cards of a set there are as the effect resolves (000 7.4): "the number of Structures you rule"
countOf
  : THE NUMBER_ OF cardFilter
  ;
// "1 Honor for each Samurai you control": the amount once for every card of the set as the effect resolves
perCard
  : FOR EACH cardFilter
  ;

// ---------------------------------------------------------------- provinces (001 This, Target; 003 Stats)
// A province, a game object with a strength, by the profile's zone of provinces (`zone Province [provinces]`): "this
// Province" (the one the card is in, else the current battlefield's: 001 This), "the current Province", "the current
// battlefield's province", "this battlefield's province", "its Province" (of the battlefield that card is at), "one of
// your Provinces" (chosen as the effect resolves: not a target, 001 Target)
province
  : THIS ZONE                                   # thisProvince
  | THE CURRENT ZONE                            # currentProvince
  | (THIS | THE CURRENT) BATTLEFIELD POSS ZONE  # battlefieldProvince
  | owner=(HIS | HER | ITS) ZONE                # provinceOfCard
  | ONE OF YOUR ZONE                            # oneOfYourProvinces
  | THE ZONE                                    # provinceLeft        // "the Province": the one the trigger says the card left
  ;
// what "Give" gives a province: "+3 strength", "a strength bonus equal to your Courtier's Chi" (003 Stats)
provinceChange
  : MODIFIER (OR other=MODIFIER)? STRENGTH                  # strengthChange   // "+2 or -2 strength": one, chosen as it resolves
  | (A | AN) STRENGTH kind=(BONUS | PENALTY) (OR other=(BONUS | PENALTY))? EQUAL TO statOf   # strengthEqualChange
  ;

// ---------------------------------------------------------------- operations on a stat (002 523)
// A stat multiplied, divided or set, not added to: 523 applies additions, multiplications, subtractions, divisions,
// then sets. Each by a verb ("Double its ATK", "Halve the ATK of target creature", "Divide its ATK by 3", "Reduce its
// ATK by half", "Set its ATK to 4") or said of the stat ("Its ATK is doubled", "Its ATK is multiplied by 3", "Its ATK
// is halved", "Its ATK is divided by 2, rounded down", "Its ATK is set to 4"). A division rounds as the text says,
// down when it says nothing (the profile's `verb Halve`: "rounded down unless the text says up").
statOperation
  : V_DOUBLE statOperand duration?                                      # doubleOperation
  | V_HALVE statOperand rounding? duration?                             # halveOperation
  | V_DIVIDE statOperand BY amount rounding? duration?                  # divideOperation
  | V_REDUCE statOperand (BY | TO) HALF rounding? duration?             # reduceByHalfOperation
  | V_SET statOperand TO amount duration?                               # setOperation
  | statOperand IS (DOUBLED | MULTIPLIED BY amount) duration?           # multipliedOperation
  | statOperand IS (HALVED | DIVIDED BY amount) rounding? duration?     # dividedOperation
  | statOperand IS V_SET TO amount duration?                            # setToOperation
  ;
// the stat operated on: "its ATK", "Stone Ox's ATK", "the ATK of target creature"
statOperand
  : (owner=(HIS | HER | ITS) | cardRef POSS) STAT
  | THE STAT OF cardRef
  ;
// ", rounded up", ", rounded down"
rounding
  : COMMA? ROUNDED direction=(UP | DOWN)
  ;

// ---------------------------------------------------------------- entering play and paying (003 Gold Cost)
// How this card enters play, a term of the card (not an ability): in a state ("This Fortification enters play
// bowed"), or for less (more) of the resource its cost is paid in, while a condition holds or for each card of a set
// ("Enters play paying 2 less Gold if you are a Lion Clan player", "This Holding enters play for 1 less Gold for each
// Geisha you control"). With no subject printed, the paragraph opens with the event's words ("Enters play").
// Other cards' costs: "Your Spells enter play for 1 less Gold" (a set entering, in the plural). Not paid at all:
// "Nishoji enters play ignoring Gold Cost if you control a Ring". What this card costs when it attaches to a card of a
// set (it may still attach to others, at its full cost): "Attaches to a Thunder Shugenja for 1 less Gold", "Equips to a
// Void Shugenja ...", "Attaches to an Emerald Champion ignoring costs".
enteringPlay
  : (cardRef ENTERS ZONE | EVENT | cardFilter ENTER ZONE) (STATE | (FOR | PAYING) costChange (perCard | IF condition)? | ignoredCost (IF condition)?)
  | V_ATTACH TO host=cardFilter (FOR costChange | ignoredCost)
  ;
// none of the cost paid: "ignoring costs", "ignoring Gold Cost" (the stat the cost is printed in)
ignoredCost
  : IGNORING (STAT | COSTS)
  ;
// "2 less Gold", "1 more Gold": a change to what a card costs, in a resource
costChange
  : amount change=(LESS | MORE_) RESOURCE
  ;
// What is paid as an effect brings a card into play: its costs ("paying all costs"), or less ("paying 2 less Gold"),
// never below a minimum (", to a minimum of 1")
payment
  : PAYING ALL COSTS
  | PAYING costChange (COMMA TO A MINIMUM OF amount)?
  ;
// Gold produced for some cards only (003 Gold Cost): ", which can only pay for a single Armor, Mine, or Weapon" (one
// card bought with one of these keywords)
earmark
  : COMMA? (WHICH | THAT) (CAN | MAY) ONLY V_PAY FOR (A | ONE) SINGLE KEYWORD ((COMMA KEYWORD)* COMMA? OR KEYWORD)?
  ;

// ---------------------------------------------------------------- decks: their top cards, looked at and put back
// The top cards of a deck discarded or looked at, or a zone searched for a card, and then the cards looked at (or
// found) shown, put somewhere or discarded (not targeted: 001 Target). A put names them ("them", "it"), some of them the controller chooses ("one", "one of them",
// "one or two of these cards"), or those not chosen yet ("the rest", "the remaining cards", "the other three").
deckEffect
  : V_DISCARD deckTop                                   # discardTopEffect     // "Discard the top 3 cards of your Fate deck"
  | V_LOOK AT deckTop                                   # lookAtTopEffect      // "Look at the top four cards of any Fate deck"
  | V_PUT lookedCards lookedPlace                       # putLookedEffect      // "Put the rest back in any order"
  | V_DISCARD lookedCards                               # discardLookedEffect  // "You may discard one of them"
  | V_SEARCH YOUR ZONE FOR cardFilter                   # searchEffect         // "Search your Fate deck for a Ring": one found, or none
  | V_REVEAL lookedCards                                # showLookedEffect     // "Show it": the card found
  ;
// "the top card of your Fate deck", "the top 3 cards of any Fate deck", "a number of cards on the top of your Fate deck
// equal to his Chi" (as many as the stat is as the effect resolves, 000 7.2)
deckTop
  : THE TOP (CARD | amount CARDS) OF deck
  | A NUMBER_ OF CARDS ON THE? TOP OF deck EQUAL TO statOf
  ;
// whose deck: yours, or any player's ("any Fate deck", "a Fate deck": the controller chooses whose)
deck
  : whose=(YOUR | ANY | A) ZONE
  | ONE OF YOUR ZONE            // "one of your decks": the controller chooses which of the profile's decks (its zone named in the plural)
  ;
lookedCards
  : THEM | IT
  | amount (OR amount)? (OF (THEM | THESE CARDS))?
  | THE (REST | REMAINING CARDS | OTHER amount CARDS?)
  ;
// where the cards go: back where they were, into a zone ("in your hand"), or on the top or bottom of a deck (yours, or
// the one they are in: "at the bottom", "on the bottom of the deck"); in the order the controller chooses
lookedPlace
  : BACK (IN ANY ORDER)?
  | (IN | INTO) zoneOf
  | (ON | AT) THE? (TOP | BOTTOM) (OF (YOUR | THE) ZONE)? (IN ANY ORDER)?
  ;

// ---------------------------------------------------------------- armies (003 Stats: a side's units at a battlefield)
// "your army" ("your current army": the same), "the enemy army" / "the opposing army", "this army" (the one this card is
// in), "his army", "Yoritomo's army" (the one that card is in)
army
  : YOUR (CURRENT | DEFENDING)? ARMY   // "your defending army": yours while you defend
  | THE side=(ENEMY | OPPOSING) ARMY
  | THIS ARMY
  | (owner=(HIS | HER | ITS) | cardRef POSS) ARMY
  ;

// ---------------------------------------------------------------- relative clauses (docs/meaning.md 23)
// A relative clause is a condition on each card of a set, read as a stat bound of the set: "whose Force is ..." says
// what "with ... Force" says. The stat of the card, or (003 Stats) the total Force of its unit: "whose unit's total Force"
whoseStat
  : base=(BASE | PRINTED)? STAT
  | UNIT POSS TOTAL STAT
  ;
// what the stat is: "7 or higher", "0", "less than or equal to this Shugenja's Chi", "equal to or lower than his Chi"
whoseBound
  : amount (OR comparative)?
  | (comparative THAN (OR EQUAL TO)? | EQUAL TO OR comparative THAN) compared
  | DIFFERENT FROM compared     // "different from his base Force": "his", the card the clause describes
  ;
