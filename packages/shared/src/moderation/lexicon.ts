/**
 * The words the classifier looks for, as regular expressions over normalised text (lower case, straight
 * apostrophes, shorthand spelled out). Each list names what it is for; the rules that weigh them are in
 * classify-text.ts.
 */

/** Acts of self-harm; high in the present unless the frame says otherwise. */
export const SELF_HARM_ACT =
  /\b(kill(ing)? myself|end(ing)? (my (own )?life|it all|things for good|it tonight|it today|it now)|tak(e|ing) my (own )?life|commit(ting)? suicide|hang(ing)? myself|slit(ting)? my wrists|cut(ting)? myself|hurt(ing)? myself|harm(ing)? myself|self[- ]?harm(ing)?|overdos(e|ing) on|starv(e|ing) myself|(take|taking|swallow|swallowing) (all|every one) (of )?(my|these|the|those) (pills|tablets|meds)|(take|taking|swallow|swallowing) (everything in the medicine cabinet|the whole bottle|a whole bottle)|shoot(ing)? myself|drown(ing)? myself|unalive myself|jump(ing)? (off|from) (a|the|my) (bridge|building|roof|balcony|cliff)|step(ping)? in front of (a|the) (train|bus|car|truck)|(drive|driving) (my car )?into (a|the) (wall|tree|river|lake))/;

/** A stated wish to be dead: high in the present, like an act. */
export const SELF_HARM_DESIRE = /\b((want|wants|wanted|ready|need) to die|suicidal)\b/;

/** Passive thoughts of death: part of many hard days; high only with a plan. */
export const SELF_HARM_PASSIVE =
  /\b(wish(ed)? i (was|were|had been) dead|wish(ed)? i (could )?(disappear|not exist|sleep forever|wasn't here|wasn't born|was never born|had never been born|wouldn't wake up)|better off (dead|without me)|(don't|do not|never|didn't) want(ed)? to (live|be alive|be here|exist|wake up)|no reason to live|nothing (left )?to live for|never wake up|not wake up|tired of (living|being alive)|won't be here much longer)\b/;

/** Signs of a plan or means, anywhere in the sentence. */
export const SELF_HARM_PLAN =
  /\b(pills|tablets|rope|noose|razor|blades?|gun|bridge|train tracks|(suicide|goodbye) (note|letter)|wrote (a|my) note|said (my )?goodbyes?|gave away my|have a plan|made a plan|the method|stockpil\w*|saved up (my )?(pills|meds)|how many (pills|tablets)|tonight|this weekend|tomorrow)\b/;

/**
 * Plans and means strong enough to count from the next sentence too ("I don't want to be here anymore. I have a
 * plan."): the time words of SELF_HARM_PLAN (tonight, tomorrow) are left out, since days are planned every day.
 */
export const SELF_HARM_PLAN_NEARBY =
  /\b(pills|tablets|rope|noose|razor|blades?|gun|bridge|train tracks|(suicide|goodbye) (note|letter)|wrote (a|my) note|said (my )?goodbyes?|gave away my|have a plan|made a plan|the method|stockpil\w*|saved up (my )?(pills|meds)|how many (pills|tablets))\b/;

/** Things done to oneself by accident, which share words with self-harm ("cut myself shaving"). */
export const ACCIDENT =
  /\b(cut myself|hurt myself|cutting myself|hurting myself) (shaving|cooking|chopping|on|at|while|when|playing|running|lifting|badly at|slicing|opening|gardening)|\b(accidentally|nearly|almost) (cut|hurt)|\b(rolled|sprained|twisted|tripped|slipped|fell|crashed) |\b(ankle|knee|wrist|on the run|at the gym|workout|ski|bike)\b/;

/** A plan already carried out in part: the note is written, the goodbyes said. */
export const SELF_HARM_PREPARED =
  /\b((wrote|written|writing|finished|left) (my|a|the) (goodbye|suicide) (note|letters?)|the note is written|said my goodbyes|know (how|when) i('ll| will| am going to) do it)\b/;

const PERSON =
  "(you|him|her|them|everyone|everybody|someone|somebody|people|y'all|all of (you|them)|(my|his|her|your|that|this|the|our|their) (\\w+ )?(boss|ex|husband|wife|brother|sister|mom|mother|mum|dad|father|neighbou?r|coworker|co-worker|manager|teacher|roommate|boyfriend|girlfriend|partner|son|daughter|friend|landlord|stepdad|stepmom|uncle|aunt|cousin|guy|girl|man|woman|lady|dude|bully|bitch|bastard|asshole|idiot|teammates?|classmates?|family|in-laws?|kid|colleague|doctor|customer|driver|face|head|neck|throat|teeth|skull|legs)|NAME)";

/** Violent acts aimed at a person; NAME is replaced with the names the text capitalises. */
export const VIOLENT_ACT_AT_PERSON = `\\brun(ning)? ${PERSON} over\\b|\\b(kill(ing)?|murder(ing)?|stab(bing)?|shoot(ing)?|strangl(e|ing)|chok(e|ing)|punch(ing)?|beat(ing)?( the (shit|crap|hell|living daylights) out of| up)?|hit(ting)?|slap(ping)?|smack(ing)?|hurt(ing)?|kick(ing)?|smash(ing)?|poison(ing)?|run over|burn(ing)?|tortur(e|ing)|rap(e|ing)|attack(ing)?|break(ing)?|bash(ing)?|deck(ing)?|throttl(e|ing)|slit(ting)?|bury(ing)?) ${PERSON}\\b`;

/** What follows a "violent" verb and a person when it is not violence: "hit him up", "hurt her feelings". */
export const NOT_VIOLENT_AFTER =
  /^('s)? ?(up|a text|a message|an email|a dm|a line|at |in (chess|cards|a race|the (final|race|game|match|election|polls|vote))|out of the house|out$|('s )?feelings|heart|off|with (the|a|some) (news|question|truth|bill))/;

/** Threats that need no violent verb of mine. */
export const THREAT =
  /\b((you're|you are|you'll be|you will be) (dead|so dead|going to die|a dead (man|woman))|you (will|'ll) (die|bleed|suffer)|you'll pay for (this|that|what you did)|you (will|are going to) pay for|watch your back|i know where you (live|work|sleep|park)|i'm coming for you|coming for (you|your (family|kids))|sleep with one eye open|you won't see (it|me) coming|i('ll| will) find you|(i'll|i will|i'm going to) make you (pay|suffer|bleed)|your (family|kids) (will|are going to) (pay|get hurt)|(i'll|i will|i'm going to) burn (your|his|her) (house|car|place))/;

/** Attacks on a public place: high from the first person in any present or future frame. */
export const MASS_VIOLENCE =
  /\b(shoot|shooting|bomb|bombing|blow|blowing|burn|burning|attack|attacking) (up |down )?(the|my|our|this|a|that) (school|office|mall|church|mosque|synagogue|temple|concert|campus|class|building|station|airport|party|parade|clinic|hospital|gym)\b/;

/** Wishing someone dead: a feeling in a journal, an attack in a note. */
export const DEATH_WISH =
  /\b(hope|wish|pray) (that )?(you|he|she|they|the \w+( \w+){0,5}|\w+) (dies?|drops? dead|gets? cancer|gets? hit by|rots?|burns?|suffers?)\b/;

/** Telling someone to hurt themselves. */
export const TELL_TO_SELF_HARM =
  /\b(go )?(kill|hang|shoot|off|end|unalive) yoursel(f|ves)\b|\bgo die\b|\b(just|should|pls|please) (go )?die\b|\bdrink bleach\b|\bdo (us|everyone|the world) a favou?r and (die|disappear|kill yourself)\b|\byou should (die|not exist|never have been born)\b|\bnobody would (miss|care if) you\b|\bthe world (would be|is) better without you\b/;

const INSULT_WORD =
  '(worthless|pathetic|disgusting|useless|stupid|dumb|idiot|moron|imbecile|loser|failure|ugly|whore|slut|bitch|bastard|cunt|twat|dickhead|asshole|arsehole|prick|piece of (shit|crap|garbage|trash)|waste of (space|air|oxygen|skin)|trash|garbage|freak|creep|pig|scum|retard(ed)?|psycho|embarrassment|parasite|leech|skank|douche(bag)?|jerk|clown|fat (cow|pig|slob)|cow|hag|subhuman|vermin|animal|joke)';

/** Insults aimed at "you". */
export const INSULT_AT_YOU = new RegExp(
  `\\b(you|you're|you are|your|ur)( (such|so|a|an|the|fucking|fuckin|absolute|complete|total|little|stupid|dumb|worthless|ugly|fat|pathetic|disgusting|useless|lazy|sad|miserable|old|big|utter|just|really|nothing but|still|always|one))* ${INSULT_WORD}\\b|\\b(nobody|no one) (likes|loves|wants|cares about|will ever love) you\\b|\\beveryone hates you\\b|\\byou (make me sick|disgust me|deserve (to suffer|nothing|to be alone|to be miserable|everything bad))\\b|\\b(fuck|screw) (you|off)\\b|\\bgo to hell\\b|\\bshut (the fuck |the hell )?up\\b|\\byou'll die alone\\b`,
);

/** Slurs: aimed at someone, they are hate speech wherever they are written. */
export const SLUR =
  /\b(n[i1!]gg(er|a|ah|uh)s?|n[i1!]gg(ers|az)|f[a@4]gg?(ot|et|ots|ets)|f[a@4]gs?|k[i1]kes?|spi(c|ck)s?|chinks?|gooks?|wetbacks?|tr[a@]nn(y|ies)|ragheads?|towelheads?|coons?|beaners?|pakis?|shemales?|zipperheads?|dykes?|sand ?n[i1]ggers?)\b/;

/** Uses of slur-like words that are not slurs: British cigarettes, armour, cleaning. */
export const NOT_A_SLUR =
  /\bchink in (the|my|his|her|their) armou?r\b|\bspic and span\b|\b(had|have|smoke|smoked|smoking|light|lit|rolled|roll|pack of|quick|bumming|bummed) (a )?fags?\b/;

/** A slur in the first person, reclaimed: "as a dyke myself". */
export const RECLAIMED = /\b(i'm|i am|we're|we are|as) (a |an )?(proud |queer |big )?(dyke|fag)/;

const GROUP =
  '(jews|jewish people|muslims|blacks|black people|gays|gay people|trans people|immigrants|migrants|refugees|mexicans|arabs|asians|chinese people|indians|women|white people|christians|catholics|lesbians|homosexuals|latinos|africans|gypsies|disabled people|foreigners)';

/** Dehumanising or violent words about a whole group. */
export const GROUP_HATE = new RegExp(
  `\\b${GROUP} (are|r|is) (all )?(just )?(animals|vermin|rats|cockroaches|parasites|subhuman|a disease|filth|scum|savages|a plague)\\b|\\b(kill|gas|exterminate|hang|lynch|burn|shoot|get rid of|wipe out) (all )?(the |those |these )?${GROUP}\\b|\\b${GROUP} should (all )?(die|be (killed|shot|gassed|hanged|exterminated|wiped out)|burn)\\b`,
);
export const GROUP_DISLIKE = new RegExp(
  `\\bi hate (all )?(the )?${GROUP}\\b|\\bgo back to (your|ur) (own )?country\\b`,
);

const MINOR =
  '(child|children|kid|kids|minor|minors|underage|under-age|little (girl|boy)s?|schoolgirls?|schoolboys?|preteens?|toddlers?|(1[0-7]|[1-9])[- ]?(year|yr)s?[- ]?olds?|(ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen)[- ]year[- ]olds?|middle schoolers?|(6th|7th|8th) graders?)';

/** Sexual content involving minors. */
export const SEXUAL_MINOR = new RegExp(
  `\\b(sex|have sex|having sex|sleep|sleeping|hook up|hooking up|make out|sexting|sext|nudes|naked (pics|photos|pictures)|porn|attracted|aroused|turned on|fantasi[sz]e|fantasi[sz]ing|masturbat\\w*|jerk off|get off|horny|molest\\w*|grope|groping|touch\\w* \\w+ sexually)( \\w+){0,2} (with|of|to|from|by|about|for|on) (a |an |the |some |my |little |young |cute |this |that )*${MINOR}\\b|\\b${MINOR} (porn|nudes|naked pics|sex tapes?|sexual (images|videos|photos))\\b|\\b(ask|asking|asked|get|getting|got) (a |an |the |my |this |that )*${MINOR}( \\w+){0,3} (for|to send) (nudes|naked pics|pics)\\b|\\bchild (pornography|sexual abuse material)\\b|\\bcsam\\b`,
);

/** A survivor's or parent's frame around the same words: abuse that happened to the writer, or protecting a child. */
export const SURVIVOR_FRAME =
  /\b(when i was|i was (a |only |just )?(child|kid|little|\d+)|as a (child|kid)|me as a|abused me|molested me|touched me|my abuser|survivor|therapy|therapist|reported (it|him|her)|police|court|trial|protect|sex ed|the talk|puberty|body safety|consent|pediatrician|arrested|convicted|sentenced|charged|counsell?or)\b/;

/** Sexual words aimed at the reader of a note. */
export const SEXUAL_AT_YOU =
  /\b(send (me )?(nudes|naked pics|pics of your)|your (tits|boobs|ass|pussy|dick|cock)|i want to (fuck|bang|screw|sleep with) you|sit on my face|suck my (dick|cock))/;

/** Swearing. Mild words ("damn", "crap", "pissed") are left out: they are how people talk. */
export const PROFANITY =
  /\b(f+u+c+k+\w*|f\*+c?k\w*|fck\w*|fuk\w*|fkn|fking|motherf\w+|sh[i1]t\w*|bullshit|bitch\w*|bastards?|ass ?holes?|arse ?holes?|dumbass|jackass|cunts?|twats?|dickheads?|cocksuck\w*|pricks?|wankers?|bollocks|douche\w*|goddamn\w*)\b/;
