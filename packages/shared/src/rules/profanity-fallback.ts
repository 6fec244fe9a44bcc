// Built-in word list the web client falls back to when a server content check answers
// 404 (accounts §5 'Server content checks'). The server itself uses the obscenity
// package; this list is deliberately small and only catches the obvious.
//
// Stems match anywhere inside a word (no common English word contains them); words
// match only as a whole word, so 'class', 'Dickens' and 'cocktail' stay allowed.

export const FALLBACK_PROFANE_STEMS = [
  'fuck',
  'nigger',
  'nigga',
  'faggot',
  'motherf',
  'bitch',
  'whore',
  'porn',
  'shit',
  'pussy',
] as const;

export const FALLBACK_PROFANE_WORDS = [
  'ass',
  'asses',
  'asshole',
  'arse',
  'bastard',
  'boob',
  'boobs',
  'cock',
  'cocks',
  'cum',
  'cunt',
  'cunts',
  'dick',
  'dicks',
  'dildo',
  'fag',
  'fags',
  'hoe',
  'hoes',
  'jizz',
  'kys',
  'nude',
  'nudes',
  'penis',
  'rape',
  'rapist',
  'retard',
  'semen',
  'sex',
  'sexy',
  'slut',
  'sluts',
  'tits',
  'titties',
  'twat',
  'vagina',
  'wank',
  'wanker',
] as const;

const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
};
const WORDS = new Set<string>(FALLBACK_PROFANE_WORDS);

// Digits are read as letters ('sh1t') and as digits ('dick1'); stretched letters both
// ways ('fuuuck' as 'fuck', 'asss' as 'ass').
function spellings(token: string): string[] {
  const lower = token.toLowerCase();
  const leet = lower.replace(/[013457@$!]/g, (c) => LEET[c] ?? c);
  return [lower, leet.replace(/(.)\1{2,}/g, '$1$1'), leet.replace(/(.)\1+/g, '$1')];
}

function isProfaneToken(token: string): boolean {
  return spellings(token).some((spelling) => {
    // 'f_u_c_k' and 'big-dick' hide words behind separators inside one token.
    const parts = spelling.split(/[^a-z]+/).filter(Boolean);
    const compact = parts.join('');
    if (FALLBACK_PROFANE_STEMS.some((stem) => compact.includes(stem))) return true;
    return WORDS.has(compact) || parts.some((part) => WORDS.has(part));
  });
}

/** Whether `text` contains a listed word. Whitespace separates words; nothing else does. */
export function containsFallbackProfanity(text: string): boolean {
  return text.split(/\s+/).some((token) => token.length > 0 && isProfaneToken(token));
}
