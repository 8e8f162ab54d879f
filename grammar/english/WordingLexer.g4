// The words of English card text, as the wording grammar (Wording.g4) reads them.
// This lexer is never run over raw text: compiler/wording/classify.cpp classifies each word of a card's text.
//   - Names the game profile declares (card types, stats, resources, keywords, statuses, events, durations,
//     designators, verbs) become the class tokens below, multi-word names merged into one token; a verb becomes the
//     token of its primitive (profile/primitives.def): `verb Bow [primitive = bow]` reads as V_BOW.
//   - Any other word is looked up among the literal tokens of this file (lower-cased): the closed-class words of
//     the language. A word that is neither is WORD, which no rule of Wording.g4 accepts: its sentence is refused
//     with that word named (fail closed by construction).
// The renderer (compiler/wording/render.cpp) spells these same tokens back: one table of English words, here.
lexer grammar WordingLexer;

tokens {
  // the profile's vocabulary
  // (DESCRIPTION: a word the profile declares as a description by a stat, "dishonorable")
  CARD_TYPE, CARD_TYPES, STAT, RESOURCE, KEYWORD, STATUS, EVENT, DURATION, DESIGNATOR, ZONE, DESCRIPTION, STATE,
  // a keyword action's verb (its words before its strength: value 1), and the words of its name after the strength
  // ("Ranged 3 Attack": KEYWORD_ACTION NUMBER ACTION_TAIL)
  KEYWORD_ACTION, ACTION_TAIL,
  // written forms
  NUMBER, VARX, MODIFIER, EMBEDDED, COMMA, SEMI, SLASH, PERIOD, COLON, WORD,
  // a number and a stat's letters written together, a printed stat ("2F" of "Create a 2F/2C/3PH ... Personality"),
  // and the bullet between keywords ("Lion Clan • Samurai")
  STAT_VALUE, BULLET,
  // the card's own name as its text prints it (003 Card title: "Akagi" on "Bayushi Akagi"), and the possessive
  // ending the classifier splits from a word ("Akagi's" is NAME POSS)
  NAME, POSS,
  // one verb token per primitive of profile/primitives.def (V_ + the primitive's name, upper case)
  V_GAIN, V_LOSE, V_PAY, V_PRODUCE, V_DRAW, V_DISCARD, V_REVEAL, V_SEARCH, V_LOOK, V_HEAL, V_DEAL, V_DESTROY,
  V_NEGATE, V_BOW, V_STRAIGHTEN, V_SET_STATE, V_TARGET, V_CHOOSE, V_GIVE, V_CREATE, V_PUT, V_MOVE, V_RETURN,
  V_REMOVE, V_INFLICT, V_ROLL, V_SWITCH, V_SET, V_DOUBLE, V_CHALLENGE, V_ATTACK, V_WIN, V_CANCEL, V_PREVENT,
  V_IGNORE, V_TAKE_CONTROL, V_ATTACH, V_TRANSFER, V_SHUFFLE, V_FLIP, V_PLAY, V_SPEND, V_ASSIGN, V_SUFFER,
  V_INCREASE, V_REDUCE, V_ADD, V_TAKE_ACTION, V_USE,
  // 002 523's divisions (profile/primitives.def: halve, divide)
  V_HALVE, V_DIVIDE
}

// ---------------------------------------------------------------- closed-class words
// Determiners and quantifiers
A        : 'a' ;
AN       : 'an' ;
THE      : 'the' ;
THIS     : 'this' ;
THAT     : 'that' ;
EACH     : 'each' ;
ALL      : 'all' ;
ONCE     : 'once' ;     // use limits (003 Traits): "Once per game", "Twice per turn", "Three times per turn"
TWICE    : 'twice' ;
PER      : 'per' ;
GAME     : 'game' ;
ANOTHER  : 'another' ;
OTHER    : 'other' ;
ONE      : 'one' ;
TWO      : 'two' ;
THREE    : 'three' ;
FOUR     : 'four' ;
FIVE     : 'five' ;
TIMES    : 'times' ;    // the ability constructor (002 524): "choose 2 times from:"
ZERO     : 'zero' ;
MINUS    : 'minus' ;
UNLESS   : 'unless' ;
OTHERWISE : 'otherwise' ;
AS       : 'as' ;       // "Straighten his unit as he moves"   // "Bow Yashiro unless you have Reconnaissance": a cost paid only while the condition does not hold    // "his Force minus 1" (000 7.2)
// Players and sides (001 Enemy, Opposing)
YOU      : 'you' ;
YOUR     : 'your' ;
OPPOSING : 'opposing' ;
ENEMY    : 'enemy' ;
OPPONENT : 'opponent' ;
PLAYER   : 'player' ;
PLAYERS  : 'players' ;
CONTROL  : 'control' ;
RULE     : 'rule' ;      // "a beast you rule": the Terrus wording of "you control" (000: a player is a ruler)
CONTROLLER : 'controller' ;
// Pronouns (003 Traits: a pronoun names its antecedent)
HE       : 'he' ;
SHE      : 'she' ;
IT       : 'it' ;
THEY     : 'they' ;
HIM      : 'him' ;
HER      : 'her' ;
THEM     : 'them' ;
HIS      : 'his' ;
ITS      : 'its' ;
// The card performing an action (001 Tactician: an action is performed by a card, or by none)
PERFORMING : 'performing' ;
PERFORM  : 'perform' ;   // "an additional Battle action, which he must perform"
MUST     : 'must' ;
// Verbs of being and modals
HAS      : 'has' ;
HAVE     : 'have' ;
IS       : 'is' ;
ARE      : 'are' ;     // "if you are a Crab Clan player"
MAY      : 'may' ;
WILL     : 'will' ;
CAN      : 'can' ;
ONLY     : 'only' ;
NOT      : 'not' ;
// Timing of triggers (003 Traits)
AFTER    : 'after' ;
BEFORE   : 'before' ;
WHEN     : 'when' ;
// Conditions (003 Abilities: a condition in the constraints block; an effect that happens only if)
IF       : 'if' ;
EVEN     : 'even' ;
TURN     : 'turn' ;
// Connectives and prepositions
AND      : 'and' ;
OR       : 'or' ;
WITH     : 'with' ;
LESS     : 'less' ;
MORE_    : 'more' ;
FEWER    : 'fewer' ;
TARGETING : 'targeting' ;
// comparisons of a stat with another card's ("with lower Chi than this Shugenja"); "lower" is read so, not as a
// profile verb of that spelling ("Lower his Force"), where a stat or "than" follows it (classify.cpp)
LOWER    : 'lower' ;
HIGHER   : 'higher' ;
THAN     : 'than' ;
NOW      : 'now' ;      // "if his Force is now 0": a condition is judged as it resolves anyway (the round trip drops it)
AT       : 'at' ;
TO       : 'to' ;
ANY      : 'any' ;
LOCATION : 'location' ;
// Zones a card goes to ("into play", "into its owner's hand")
INTO     : 'into' ;
ON       : 'on' ;       // "Inflict Poison on target unit"
OWNER    : 'owner' ;
// Zones a card of a set is in ("a Follower in your discard pile", "a Kiho from your hand", "a Holding in play")
IN       : 'in' ;
FROM     : 'from' ;     // also "choose 2 times from:" (002 524)
// Places (001 Battlefields: a card at no battlefield is home)
HOME     : 'home' ;
CURRENT  : 'current' ;
BATTLEFIELD : 'battlefield' ;
// What is attached to a card (001 Attach)
WITHOUT  : 'without' ;
NO       : 'no' ;       // "with no Followers", "it has no attachments": the same as "without"
NON      : 'non-' ;     // a prefix the classifier splits from its word: a "non-Unique Follower" has no such keyword
// A stat's base value, printed on the card (003 Stats: the current value is checked unless the text names the base)
BASE     : 'base' ;
PRINTED  : 'printed' ;
WHILE    : 'while' ;
ATTACKING : 'attacking' ;
DEFENDING : 'defending' ;
OPPOSED  : 'opposed' ;
MAXIMUM  : 'maximum' ;  // 003: "His maximum Force is 1"
MINIMUM  : 'minimum' ;
CANNOT   : 'cannot' ;   // 003 Traits: a restriction ("This unit cannot attack")
// restrictions on what the rules' procedures do to a card ("He may not be assigned to attack", "Card effects will not
// move this Personality", "Battle resolution does not bow cards in this unit", "Negate his next straightening")
ASSIGNED : 'assigned' ;
USED     : 'used' ;
ABILITIES : 'abilities' ;
EFFECTS  : 'effects' ;
CONTRIBUTE : 'contribute' ;
RESOLUTION : 'resolution' ;
STRAIGHTENING : 'straightening' ;
MOVEMENT : 'movement' ;
DESTROYED : 'destroyed' ;
INFLICTED : 'inflicted' ;
STATUSES : 'statuses' ;
STATUS_NOUN : 'status' ;  // 004 Status: "all counters of one Status" (the class token STATUS is a profile's status)
COUNTER  : 'counter' ;   // a status's counters on a card (004 Status: "Poison counters")
COUNTERS : 'counters' ;
SUCCESSFUL : 'successful' ;     // 004 Luck: a roll's outcome ("Roll for Luck: if successful, ...")
UNSUCCESSFUL : 'unsuccessful' ;
MOVED    : 'moved' ;    // "if he moved": the unit's move before it took him (001 Battlefields)
WOULD    : 'would' ;    // "if he would be opposed": were he at the current battlefield
BE       : 'be' ;
ATTACHED : 'attached' ;
ATTACHMENT : 'attachment' ;
ATTACHMENTS : 'attachments' ;
UNIT     : 'unit' ;     // a card and the cards attached to it (001 This: "this unit")
UNITS    : 'units' ;
THERE    : 'there' ;    // the place named before ("If any enemy units are at the current battlefield: Move him there")
// Amounts a card's stat gives (000 7.2)
EQUAL    : 'equal' ;
BY       : 'by' ;       // "Reduce his Force by 2"
BONUS    : 'bonus' ;
PENALTY  : 'penalty' ;
OWN      : 'own' ;
// A keyword action's strength ("Ranged Attack with strength equal to his Chi")
STRENGTH : 'strength' ;
// Amounts the text defines (000 7.4): "where X is the number of beasts you rule"
WHERE    : 'where' ;
NUMBER_  : 'number' ;
OF       : 'of' ;
FOR      : 'for' ;     // "1 Honor for each Samurai you control"
// What damage may ignore (004 Resist: "ignoring Resist")
IGNORING : 'ignoring' ;
// Additional actions ("Take an additional Battle action")
ADDITIONAL : 'additional' ;
ACTION   : 'action' ;
ACTIONS  : 'actions' ;
CARD     : 'card' ;
CARDS    : 'cards' ;
// 002 523: operations on a stat other than additions ("Its ATK is doubled", "Divide its ATK by 3", "Halve its ATK,
// rounded up", "Reduce its ATK by half")
DOUBLED  : 'doubled' ;
MULTIPLIED : 'multiplied' ;
HALVED   : 'halved' ;
DIVIDED  : 'divided' ;
HALF     : 'half' ;
ROUNDED  : 'rounded' ;
UP       : 'up' ;
DOWN     : 'down' ;
// 003 Gold Cost: how a card enters play and what is paid for it ("This Holding enters play bowed", "Enters play paying
// 2 less Gold", "Attach it to him, paying all costs")
ENTERS   : 'enters' ;
ENTER    : 'enter' ;     // "Your Spells enter play for 1 less Gold"
PAYING   : 'paying' ;
COSTS    : 'costs' ;
SINGLE   : 'single' ;
WHICH    : 'which' ;    // "Produce 2 Gold, which can only pay for a single Armor"   // "when it pays for a single Shugenja only"
// the top cards of a deck, looked at and put back (docs/meaning.md 17): "Discard the top card of any Fate deck", "Look
// at the top three cards of your Fate deck", "Put one on the bottom", "Put the rest back in any order", "the other
// three", "one or two of these cards", "the remaining cards"
TOP      : 'top' ;
BOTTOM   : 'bottom' ;
BACK     : 'back' ;
ORDER    : 'order' ;
REST     : 'rest' ;
REMAINING : 'remaining' ;
THESE    : 'these' ;
// the Dynasty Events' moment, "After you reveal cards in your Provinces at the start of your turn" (docs/meaning.md 19)
START    : 'start' ;
// the moment a delayed effect waits for (002 rule 521, docs/meaning.md 19): "After the next time this turn he is
// destroyed during a battle", "After each time he assigns this phase"
NEXT     : 'next' ;
FIRST    : 'first' ;
TIME     : 'time' ;
DURING   : 'during' ;
PHASE    : 'phase' ;
// armies (003 Stats: a side's units at a battlefield): "in your army", "her army has fewer units than the enemy army",
// "if your current army is opposed"
ARMY     : 'army' ;
// granted traits and abilities (003 Embedded text): "Permanently give him +1F and the ability, "Battle: ...""
ABILITY  : 'ability' ;
TRAIT    : 'trait' ;
// relative clauses on card sets and players (docs/meaning.md 23): "a target Personality whose Force is 7 or higher",
// "whose unit's total Force is 7 or higher" (003 Stats: a unit's Force is its cards' total), "each player who does not
// control an Ancestor Personality"
WHOSE    : 'whose' ;
TOTAL    : 'total' ;
DIFFERENT : 'different' ;
WHO      : 'who' ;       // "a Personality who has a Madness token"
DOES     : 'does' ;
DID      : 'did' ;      // "You may discard a Kiho; if you did, destroy the target"
DO       : 'do' ;      // "each player who does not control an Ancestor Personality"
CONTROLS : 'controls' ;  // "whose Force is different from his base Force"
// the players of a battle (docs/meaning.md 25): "If you are the Attacker"
ATTACKER : 'attacker' ;
DEFENDER : 'defender' ;
// duels (003 Focus Value; docs/meaning.md 27): "challenges him to a duel", "the duel's loser", "if he wins the duel"
DUEL     : 'duel' ;
WINNER   : 'winner' ;
LOSER    : 'loser' ;
STAT_NOUN : 'stat' ;    // "his duel stat": the word itself (STAT is a stat the profile names)
